/** apps/v1 Deployment and its parts. */
import { type Static, Type } from 'typebox';
import { field, int32, int64, kindStruct, requiredField, struct } from '../../../schema/define.js';
import { IntOrStringSchema, TimeSchema } from '../../../schema/special-types.js';
import { listSchemaOf } from '../../core/v1/config.js';
import { PodTemplateSpecSchema } from '../../core/v1/pod.js';
import { LabelSelectorSchema } from '../../meta/v1/label-selector.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const APPS = 'io.k8s.api.apps.v1';

/** Schema of apps/v1 RollingUpdateDeployment. */
export const RollingUpdateDeploymentSchema = struct(`${APPS}.RollingUpdateDeployment`, 'Rolling update knobs.', {
  maxUnavailable: field(1, IntOrStringSchema, 'Pods that may be unavailable during the update.', { omit: 'nil' }),
  maxSurge: field(2, IntOrStringSchema, 'Pods that may be created above the desired count.', { omit: 'nil' }),
});

/** Schema of apps/v1 DeploymentStrategy. */
export const DeploymentStrategySchema = struct(`${APPS}.DeploymentStrategy`, 'How pods are replaced.', {
  type: field(1, Type.String(), 'Recreate or RollingUpdate.'),
  rollingUpdate: field(2, RollingUpdateDeploymentSchema, 'Parameters of RollingUpdate.', { omit: 'nil' }),
});

/** Schema of apps/v1 DeploymentSpec. */
export const DeploymentSpecSchema = struct(`${APPS}.DeploymentSpec`, 'Desired state of a deployment.', {
  replicas: field(1, int32(), 'Desired number of pods; defaults to 1.', { omit: 'nil' }),
  selector: requiredField(2, LabelSelectorSchema, 'Label selector of the managed pods.', { omit: 'null' }),
  template: requiredField(3, PodTemplateSpecSchema, 'Template of the pods.'),
  strategy: field(4, DeploymentStrategySchema, 'How existing pods are replaced.', {
    patchStrategy: 'retainKeys',
  }),
  minReadySeconds: field(5, int32(), 'Seconds a new pod must be ready to count as available.'),
  revisionHistoryLimit: field(6, int32(), 'Old ReplicaSets to keep.', { omit: 'nil' }),
  paused: field(7, Type.Boolean(), 'Whether the deployment is paused.'),
  progressDeadlineSeconds: field(9, int32(), 'Seconds before a stalled rollout is reported.', { omit: 'nil' }),
});

/** Schema of apps/v1 DeploymentCondition. */
export const DeploymentConditionSchema = struct(`${APPS}.DeploymentCondition`, 'A condition of a deployment.', {
  type: requiredField(1, Type.String(), 'Available, Progressing or ReplicaFailure.'),
  status: requiredField(2, Type.String(), 'True, False or Unknown.'),
  lastUpdateTime: field(6, TimeSchema, 'Last time the condition was updated.'),
  lastTransitionTime: field(7, TimeSchema, 'Last time the condition changed status.'),
  reason: field(4, Type.String(), 'Machine-readable reason.'),
  message: field(5, Type.String(), 'Human-readable message.'),
});

/** Schema of apps/v1 DeploymentStatus. */
export const DeploymentStatusSchema = struct(`${APPS}.DeploymentStatus`, 'Observed state of a deployment.', {
  observedGeneration: field(1, int64(), 'Generation observed by the controller.'),
  replicas: field(2, int32(), 'Pods targeted by the deployment.'),
  updatedReplicas: field(3, int32(), 'Pods with the desired template.'),
  readyReplicas: field(7, int32(), 'Pods with a Ready condition.'),
  availableReplicas: field(4, int32(), 'Pods available for minReadySeconds.'),
  unavailableReplicas: field(5, int32(), 'Pods still needed for full capacity.'),
  conditions: field(6, Type.Array(DeploymentConditionSchema), 'Latest observations.', {
    listType: 'map',
    listMapKeys: ['type'],
    patchStrategy: 'merge',
    patchMergeKey: 'type',
  }),
  collisionCount: field(8, int32(), 'Count of hash collisions of the template.', { omit: 'nil' }),
});

/** Schema of apps/v1 Deployment. */
export const DeploymentSchema = kindStruct(
  `${APPS}.Deployment`,
  { group: 'apps', version: 'v1', kind: 'Deployment' },
  'A Deployment declares replicated pods and rolls out changes to them.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    spec: field(2, DeploymentSpecSchema, 'Desired behaviour.'),
    status: field(3, DeploymentStatusSchema, 'Most recently observed status.'),
  },
);
/** apps/v1 Deployment. */
export type Deployment = Static<typeof DeploymentSchema>;

/** Schema of apps/v1 DeploymentList. */
export const DeploymentListSchema = listSchemaOf(
  `${APPS}.DeploymentList`,
  { group: 'apps', version: 'v1', kind: 'DeploymentList' },
  DeploymentSchema,
);
/** DeploymentList. */
export type DeploymentList = Static<typeof DeploymentListSchema>;
