/** core/v1 PodTemplateSpec, PodSpec and Container (the fields kubectl and simple workloads use). */
import { type Static, Type } from 'typebox';
import { field, int32, int64, requiredField, stringList, stringMap, struct } from '../../../schema/define.js';
import { QuantitySchema } from '../../../schema/special-types.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { LocalObjectReferenceSchema } from './references.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 ContainerPort. */
export const ContainerPortSchema = struct(`${CORE}.ContainerPort`, 'A network port of a container.', {
  name: field(1, Type.String(), 'IANA_SVC_NAME of the port.'),
  hostPort: field(2, int32(), 'Port exposed on the host.'),
  containerPort: requiredField(3, int32(), 'Port exposed on the pod IP.'),
  protocol: field(4, Type.String(), 'TCP, UDP or SCTP; defaults to TCP.'),
  hostIP: field(5, Type.String(), 'Host IP to bind the host port to.'),
});

/** Schema of core/v1 EnvVar (literal values only). */
export const EnvVarSchema = struct(`${CORE}.EnvVar`, 'An environment variable of a container.', {
  name: requiredField(1, Type.String(), 'Name of the variable.'),
  value: field(2, Type.String(), 'Value, with $(VAR) references expanded.'),
});

/** Schema of core/v1 ResourceRequirements. */
export const ResourceRequirementsSchema = struct(`${CORE}.ResourceRequirements`, 'Compute resources.', {
  limits: field(1, Type.Record(Type.String(), QuantitySchema), 'Maximum resources allowed.'),
  requests: field(2, Type.Record(Type.String(), QuantitySchema), 'Minimum resources required.'),
});

/** Schema of core/v1 VolumeMount. */
export const VolumeMountSchema = struct(`${CORE}.VolumeMount`, 'A mount of a volume in a container.', {
  name: requiredField(1, Type.String(), 'Name of the volume.'),
  readOnly: field(2, Type.Boolean(), 'Mount read-only.'),
  mountPath: requiredField(3, Type.String(), 'Path in the container.'),
  subPath: field(4, Type.String(), 'Path within the volume.'),
  mountPropagation: field(5, Type.String(), 'How mounts propagate.', { omit: 'nil' }),
  subPathExpr: field(6, Type.String(), 'Expanded path within the volume.'),
});

/** Schema of core/v1 Container. */
export const ContainerSchema = struct(`${CORE}.Container`, 'A single application container of a pod.', {
  name: requiredField(1, Type.String(), 'Name of the container, a DNS label unique in the pod.'),
  image: field(2, Type.String(), 'Container image name.'),
  command: field(3, stringList(), 'Entrypoint array.', { listType: 'atomic' }),
  args: field(4, stringList(), 'Arguments to the entrypoint.', { listType: 'atomic' }),
  workingDir: field(5, Type.String(), 'Working directory.'),
  ports: field(6, Type.Array(ContainerPortSchema), 'Ports exposed by the container.', {
    listType: 'map',
    listMapKeys: ['containerPort', 'protocol'],
    patchStrategy: 'merge',
    patchMergeKey: 'containerPort',
  }),
  env: field(7, Type.Array(EnvVarSchema), 'Environment variables.', {
    listType: 'map',
    listMapKeys: ['name'],
    patchStrategy: 'merge',
    patchMergeKey: 'name',
  }),
  resources: field(8, ResourceRequirementsSchema, 'Compute resources required by the container.'),
  volumeMounts: field(9, Type.Array(VolumeMountSchema), 'Volumes mounted into the container.', {
    listType: 'map',
    listMapKeys: ['mountPath'],
    patchStrategy: 'merge',
    patchMergeKey: 'mountPath',
  }),
  terminationMessagePath: field(13, Type.String(), 'File the termination message is read from.'),
  terminationMessagePolicy: field(20, Type.String(), 'File or FallbackToLogsOnError.'),
  imagePullPolicy: field(14, Type.String(), 'Always, Never or IfNotPresent.'),
  stdin: field(16, Type.Boolean(), 'Allocate a stdin buffer.'),
  stdinOnce: field(17, Type.Boolean(), 'Close stdin after the first attach.'),
  tty: field(18, Type.Boolean(), 'Allocate a TTY.'),
});
/** core/v1 Container. */
export type Container = Static<typeof ContainerSchema>;

const containerList = (n: number, description: string, omit: 'empty' | 'never') =>
  field(n, Type.Array(ContainerSchema), description, {
    omit,
    listType: 'map',
    listMapKeys: ['name'],
    patchStrategy: 'merge',
    patchMergeKey: 'name',
  });

/** Schema of core/v1 PodSpec (subset: no volumes, probes, affinity or security contexts). */
export const PodSpecSchema = struct(`${CORE}.PodSpec`, 'Desired state of a pod.', {
  initContainers: containerList(20, 'Containers run to completion before the app containers.', 'empty'),
  containers: containerList(2, 'The app containers.', 'never'),
  restartPolicy: field(3, Type.String(), 'Always, OnFailure or Never.'),
  terminationGracePeriodSeconds: field(4, int64(), 'Grace period for termination.', { omit: 'nil' }),
  activeDeadlineSeconds: field(5, int64(), 'Deadline for the pod to run.', { omit: 'nil' }),
  dnsPolicy: field(6, Type.String(), 'DNS policy of the pod.'),
  nodeSelector: field(7, stringMap(), 'Node labels the pod must match.', { mapType: 'atomic' }),
  serviceAccountName: field(8, Type.String(), 'Service account the pod runs as.'),
  serviceAccount: field(9, Type.String(), 'Deprecated alias of serviceAccountName.'),
  automountServiceAccountToken: field(21, Type.Boolean(), 'Mount the service account token.', { omit: 'nil' }),
  nodeName: field(10, Type.String(), 'Node the pod is bound to.'),
  hostNetwork: field(11, Type.Boolean(), 'Use the host network namespace.'),
  hostPID: field(12, Type.Boolean(), 'Use the host PID namespace.'),
  hostIPC: field(13, Type.Boolean(), 'Use the host IPC namespace.'),
  imagePullSecrets: field(15, Type.Array(LocalObjectReferenceSchema), 'Secrets for pulling images.', {
    listType: 'map',
    listMapKeys: ['name'],
    patchStrategy: 'merge',
    patchMergeKey: 'name',
  }),
  hostname: field(16, Type.String(), 'Hostname of the pod.'),
  subdomain: field(17, Type.String(), 'Subdomain of the pod.'),
  schedulerName: field(19, Type.String(), 'Scheduler that places the pod.'),
  priorityClassName: field(24, Type.String(), 'Priority class of the pod.'),
  priority: field(25, int32(), 'Priority value of the pod.', { omit: 'nil' }),
  enableServiceLinks: field(30, Type.Boolean(), 'Inject service environment variables.', { omit: 'nil' }),
});
/** core/v1 PodSpec. */
export type PodSpec = Static<typeof PodSpecSchema>;

/** Schema of core/v1 PodTemplateSpec. */
export const PodTemplateSpecSchema = struct(`${CORE}.PodTemplateSpec`, 'Template pods are created from.', {
  metadata: field(1, ObjectMetaSchema, 'Metadata of the created pods.'),
  spec: field(2, PodSpecSchema, 'Spec of the created pods.'),
});
/** core/v1 PodTemplateSpec. */
export type PodTemplateSpec = Static<typeof PodTemplateSpecSchema>;
