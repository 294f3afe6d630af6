/** apps/v1 ReplicaSet and its parts. */
import { type Static, Type } from 'typebox';
import { field, int32, int64, kindStruct, requiredField, struct } from '../../../schema/define.js';
import { TimeSchema } from '../../../schema/special-types.js';
import { listSchemaOf } from '../../core/v1/config.js';
import { PodTemplateSpecSchema } from '../../core/v1/pod.js';
import { LabelSelectorSchema } from '../../meta/v1/label-selector.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const APPS = 'io.k8s.api.apps.v1';

/** Schema of apps/v1 ReplicaSetSpec. */
export const ReplicaSetSpecSchema = struct(`${APPS}.ReplicaSetSpec`, 'Desired state of a replica set.', {
  replicas: field(1, int32(), 'Desired number of pods; defaults to 1.', { omit: 'nil' }),
  minReadySeconds: field(4, int32(), 'Seconds a new pod must be ready to count as available.'),
  selector: requiredField(2, LabelSelectorSchema, 'Label selector of the managed pods; must match the template labels.', {
    omit: 'null',
  }),
  template: field(3, PodTemplateSpecSchema, 'Template of the pods created when replicas are missing.'),
});

/** Schema of apps/v1 ReplicaSetCondition. */
export const ReplicaSetConditionSchema = struct(`${APPS}.ReplicaSetCondition`, 'A condition of a replica set.', {
  type: requiredField(1, Type.String(), 'Type of the condition, e.g. ReplicaFailure.'),
  status: requiredField(2, Type.String(), 'True, False or Unknown.'),
  lastTransitionTime: field(3, TimeSchema, 'Last time the condition changed status.'),
  reason: field(4, Type.String(), 'Machine-readable reason.'),
  message: field(5, Type.String(), 'Human-readable message.'),
});

/** Schema of apps/v1 ReplicaSetStatus. */
export const ReplicaSetStatusSchema = struct(`${APPS}.ReplicaSetStatus`, 'Observed state of a replica set.', {
  replicas: requiredField(1, int32(), 'Most recently observed number of non-terminating pods.'),
  fullyLabeledReplicas: field(2, int32(), 'Pods whose labels match the pod template labels.'),
  readyReplicas: field(4, int32(), 'Pods with a Ready condition.'),
  availableReplicas: field(5, int32(), 'Pods ready for at least minReadySeconds.'),
  observedGeneration: field(3, int64(), 'Generation observed by the controller.'),
  conditions: field(6, Type.Array(ReplicaSetConditionSchema), 'Latest observations.', {
    listType: 'map',
    listMapKeys: ['type'],
    patchStrategy: 'merge',
    patchMergeKey: 'type',
  }),
});

/** Schema of apps/v1 ReplicaSet. */
export const ReplicaSetSchema = kindStruct(
  `${APPS}.ReplicaSet`,
  { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
  'A ReplicaSet keeps a given number of pod replicas running.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    spec: field(2, ReplicaSetSpecSchema, 'Desired behaviour.'),
    status: field(3, ReplicaSetStatusSchema, 'Most recently observed status.'),
  },
);
/** apps/v1 ReplicaSet. */
export type ReplicaSet = Static<typeof ReplicaSetSchema>;

/** Schema of apps/v1 ReplicaSetList. */
export const ReplicaSetListSchema = listSchemaOf(
  `${APPS}.ReplicaSetList`,
  { group: 'apps', version: 'v1', kind: 'ReplicaSetList' },
  ReplicaSetSchema,
);
/** apps/v1 ReplicaSetList. */
export type ReplicaSetList = Static<typeof ReplicaSetListSchema>;
