/** core/v1 Container and its parts: ports, environment, resources, mounts, probes. */
import { type Static, Type } from 'typebox';
import { embedded, field, int32, requiredField, stringList, struct } from '../../../schema/define.js';
import { QuantitySchema } from '../../../schema/special-types.js';
import { ProbeSchema } from './probe.js';
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

const keySelector = (typeName: string, what: string) =>
  struct(`${CORE}.${typeName}`, `Selects a key of a ${what}.`, {
    ...embedded(1, 'localObjectReference', LocalObjectReferenceSchema),
    key: requiredField(2, Type.String(), 'The key to select.'),
    optional: field(3, Type.Boolean(), `Whether the ${what} or key may be missing.`, { omit: 'nil' }),
  }, { structType: 'atomic' });

/** Schema of core/v1 EnvVarSource. */
export const EnvVarSourceSchema = struct(`${CORE}.EnvVarSource`, 'Where a variable value comes from.', {
  fieldRef: field(
    1,
    struct(`${CORE}.ObjectFieldSelector`, 'Selects a field of the pod.', {
      apiVersion: field(1, Type.String(), 'Schema version of fieldPath; defaults to v1.'),
      fieldPath: requiredField(2, Type.String(), 'Path of the field, e.g. metadata.name.'),
    }, { structType: 'atomic' }),
    'A field of the pod.',
    { omit: 'nil' },
  ),
  resourceFieldRef: field(
    2,
    struct(`${CORE}.ResourceFieldSelector`, 'Selects a resource of a container.', {
      containerName: field(1, Type.String(), 'Container name; required for volumes.'),
      resource: requiredField(2, Type.String(), 'Resource, e.g. limits.cpu.'),
      divisor: field(3, QuantitySchema, 'Output format of the value; defaults to 1.'),
    }, { structType: 'atomic' }),
    'A resource limit or request of a container.',
    { omit: 'nil' },
  ),
  configMapKeyRef: field(3, keySelector('ConfigMapKeySelector', 'ConfigMap'), 'A key of a ConfigMap.', { omit: 'nil' }),
  secretKeyRef: field(4, keySelector('SecretKeySelector', 'Secret'), 'A key of a Secret.', { omit: 'nil' }),
});

/** Schema of core/v1 EnvVar. */
export const EnvVarSchema = struct(`${CORE}.EnvVar`, 'An environment variable of a container.', {
  name: requiredField(1, Type.String(), 'Name of the variable.'),
  value: field(2, Type.String(), 'Value, with $(VAR) references expanded.'),
  valueFrom: field(3, EnvVarSourceSchema, 'Source of the value when value is empty.', { omit: 'nil' }),
});

const envSource = (typeName: string, what: string) =>
  struct(`${CORE}.${typeName}`, `All keys of a ${what} as variables.`, {
    ...embedded(1, 'localObjectReference', LocalObjectReferenceSchema),
    optional: field(2, Type.Boolean(), `Whether the ${what} may be missing.`, { omit: 'nil' }),
  });

/** Schema of core/v1 EnvFromSource. */
export const EnvFromSourceSchema = struct(`${CORE}.EnvFromSource`, 'A source of a set of variables.', {
  prefix: field(1, Type.String(), 'Prefix added to each key.'),
  configMapRef: field(2, envSource('ConfigMapEnvSource', 'ConfigMap'), 'A ConfigMap.', { omit: 'nil' }),
  secretRef: field(3, envSource('SecretEnvSource', 'Secret'), 'A Secret.', { omit: 'nil' }),
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

const probe = (n: number, description: string) => field(n, ProbeSchema, description, { omit: 'nil' });

/** Schema of core/v1 Container (no lifecycle hooks, security context or resize policy). */
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
  envFrom: field(19, Type.Array(EnvFromSourceSchema), 'Sources of environment variables.', { listType: 'atomic' }),
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
  livenessProbe: probe(10, 'Restarts the container when failing.'),
  readinessProbe: probe(11, 'Removes the pod from service endpoints when failing.'),
  startupProbe: probe(22, 'Delays the other probes until it succeeds.'),
  terminationMessagePath: field(13, Type.String(), 'File the termination message is read from.'),
  terminationMessagePolicy: field(20, Type.String(), 'File or FallbackToLogsOnError.'),
  imagePullPolicy: field(14, Type.String(), 'Always, Never or IfNotPresent.'),
  stdin: field(16, Type.Boolean(), 'Allocate a stdin buffer.'),
  stdinOnce: field(17, Type.Boolean(), 'Close stdin after the first attach.'),
  tty: field(18, Type.Boolean(), 'Allocate a TTY.'),
});
/** core/v1 Container. */
export type Container = Static<typeof ContainerSchema>;
