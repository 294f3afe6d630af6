/** core/v1 PodTemplateSpec and PodSpec (the fields kubectl and common workloads use). */
import { type Static, Type } from 'typebox';
import { field, int32, int64, stringMap, struct } from '../../../schema/define.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { ContainerSchema } from './container.js';
import { LocalObjectReferenceSchema } from './references.js';
import { VolumeSchema } from './volume.js';

const CORE = 'io.k8s.api.core.v1';

const containerList = (n: number, description: string, omit: 'empty' | 'never') =>
  field(n, Type.Array(ContainerSchema), description, {
    omit,
    listType: 'map',
    listMapKeys: ['name'],
    patchStrategy: 'merge',
    patchMergeKey: 'name',
  });

/** Schema of core/v1 Toleration. */
export const TolerationSchema = struct(`${CORE}.Toleration`, 'Lets a pod schedule onto nodes with a matching taint.', {
  key: field(1, Type.String(), 'Taint key; empty with Exists matches all keys.'),
  operator: field(2, Type.String(), 'Exists or Equal (default).'),
  value: field(3, Type.String(), 'Taint value for Equal.'),
  effect: field(4, Type.String(), 'NoSchedule, PreferNoSchedule or NoExecute; empty matches all.'),
  tolerationSeconds: field(5, int64(), 'How long a NoExecute taint is tolerated.', { omit: 'nil' }),
});

/** Schema of core/v1 PodSpec (no affinity, security context, DNS config or scheduling gates). */
export const PodSpecSchema = struct(`${CORE}.PodSpec`, 'Desired state of a pod.', {
  volumes: field(1, Type.Array(VolumeSchema), 'Volumes the containers can mount.', {
    listType: 'map',
    listMapKeys: ['name'],
    patchStrategy: 'merge,retainKeys',
    patchMergeKey: 'name',
  }),
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
  tolerations: field(22, Type.Array(TolerationSchema), 'Taints the pod tolerates.', { listType: 'atomic' }),
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
