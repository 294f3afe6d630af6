/** autoscaling/v1 Scale: the scale subresource of workloads. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { ScaleSchema, ScaleSpecSchema, ScaleStatusSchema } from '../../generated/autoscaling/v1/types.js';

export { ScaleSchema, ScaleSpecSchema, ScaleStatusSchema };

/** autoscaling/v1 Scale. */
export type Scale = Static<typeof ScaleSchema>;
