/** core/v1 Pod, PodTemplateSpec, PodSpec and PodStatus. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { PodConditionSchema, PodSchema, PodSpecSchema, PodStatusSchema, PodTemplateSpecSchema, TolerationSchema } from '../../generated/core/v1/types.js';

export { PodConditionSchema, PodSchema, PodSpecSchema, PodStatusSchema, PodTemplateSpecSchema, TolerationSchema };

/** core/v1 PodSpec. */
export type PodSpec = Static<typeof PodSpecSchema>;

/** core/v1 PodTemplateSpec. */
export type PodTemplateSpec = Static<typeof PodTemplateSpecSchema>;

/** core/v1 Pod. */
export type Pod = Static<typeof PodSchema>;
