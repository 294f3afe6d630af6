/** core/v1 Pod, PodTemplateSpec, PodSpec and PodStatus (the fields kubectl and common workloads use). */
import { type Static, Type } from 'typebox';
import { field, int32, int64, kindStruct, requiredField, stringMap, struct } from '../../../schema/define.js';
import { TimeSchema } from '../../../schema/special-types.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { ContainerSchema } from './container.js';
import { LocalObjectReferenceSchema } from './references.js';
import { VolumeSchema } from './volume.js';

const CORE = 'io.k8s.api.core.v1';

const containerList = (n: number, description: string, omit: 'empty' | 'never') =>
  (omit === 'never' ? requiredField : field)(n, Type.Array(ContainerSchema), description, {
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

const ipList = (typeName: string, n: number, description: string, facts: { listType: 'atomic' | 'map' }) =>
  field(
    n,
    Type.Array(struct(`${CORE}.${typeName}`, `An IP address.`, { ip: requiredField(1, Type.String(), 'The IP address.') })),
    description,
    { ...facts, ...(facts.listType === 'map' ? { listMapKeys: ['ip'] } : {}), patchStrategy: 'merge', patchMergeKey: 'ip' },
  );

/** Schema of core/v1 PodCondition. */
export const PodConditionSchema = struct(`${CORE}.PodCondition`, 'One condition of a pod, e.g. Ready.', {
  type: requiredField(1, Type.String(), 'Type of the condition, e.g. Ready or PodScheduled.'),
  status: requiredField(2, Type.String(), 'True, False or Unknown.'),
  lastProbeTime: field(3, TimeSchema, 'Last time the condition was probed.'),
  lastTransitionTime: field(4, TimeSchema, 'Last time the condition changed status.'),
  reason: field(5, Type.String(), 'Machine-readable reason of the last transition.'),
  message: field(6, Type.String(), 'Human-readable details of the last transition.'),
});

/** Schema of core/v1 PodStatus (no container or resource-claim statuses). */
export const PodStatusSchema = struct(`${CORE}.PodStatus`, 'Observed state of a pod.', {
  phase: field(1, Type.String(), 'Pending, Running, Succeeded, Failed or Unknown.'),
  conditions: field(2, Type.Array(PodConditionSchema), 'Current service state of the pod.', {
    listType: 'map',
    listMapKeys: ['type'],
    patchStrategy: 'merge',
    patchMergeKey: 'type',
  }),
  message: field(3, Type.String(), 'Why the pod is in this condition.'),
  reason: field(4, Type.String(), 'Brief CamelCase reason, e.g. Evicted.'),
  nominatedNodeName: field(11, Type.String(), 'Node the pod preempted others on.'),
  hostIP: field(5, Type.String(), 'IP of the node the pod runs on.'),
  hostIPs: ipList('HostIP', 16, 'IPs of the node the pod runs on.', { listType: 'atomic' }),
  podIP: field(6, Type.String(), 'IP of the pod.'),
  podIPs: ipList('PodIP', 12, 'IPs of the pod, one per family.', { listType: 'map' }),
  startTime: field(7, TimeSchema, 'When the kubelet acknowledged the pod.', { omit: 'nil' }),
  qosClass: field(9, Type.String(), 'Guaranteed, Burstable or BestEffort.'),
  resize: field(14, Type.String(), 'Status of a pending resources resize.'),
});

/** Schema of core/v1 Pod. */
export const PodSchema = kindStruct(
  `${CORE}.Pod`,
  { group: '', version: 'v1', kind: 'Pod' },
  'A group of containers scheduled together onto a node.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    spec: field(2, PodSpecSchema, 'Desired behaviour of the pod.'),
    status: field(3, PodStatusSchema, 'Most recently observed status of the pod.'),
  },
);
/** core/v1 Pod. */
export type Pod = Static<typeof PodSchema>;
