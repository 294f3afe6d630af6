/** autoscaling/v1 Scale: the scale subresource of workloads. */
import { type Static, Type } from 'typebox';
import { field, int32, kindStruct, requiredField, struct } from '../../../schema/define.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const AS = 'io.k8s.api.autoscaling.v1';

/** Schema of autoscaling/v1 ScaleSpec. */
export const ScaleSpecSchema = struct(`${AS}.ScaleSpec`, 'Desired scale.', {
  replicas: field(1, int32(), 'Desired number of instances.'),
});

/** Schema of autoscaling/v1 ScaleStatus. */
export const ScaleStatusSchema = struct(`${AS}.ScaleStatus`, 'Observed scale.', {
  replicas: requiredField(1, int32(), 'Actual number of observed instances.'),
  selector: field(2, Type.String(), 'Label query over the pods counted in replicas, in string form.'),
});

/** Schema of autoscaling/v1 Scale. */
export const ScaleSchema = kindStruct(
  `${AS}.Scale`,
  { group: 'autoscaling', version: 'v1', kind: 'Scale' },
  'Scale represents a scaling request for a resource.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    spec: field(2, ScaleSpecSchema, 'Desired scale.'),
    status: field(3, ScaleStatusSchema, 'Current scale, read-only.'),
  },
);
/** autoscaling/v1 Scale. */
export type Scale = Static<typeof ScaleSchema>;
