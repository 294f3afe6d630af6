/** apps/v1 ReplicaSet and its parts. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { ReplicaSetConditionSchema, ReplicaSetListSchema, ReplicaSetSchema, ReplicaSetSpecSchema, ReplicaSetStatusSchema } from '../../generated/apps/v1/types.js';

export { ReplicaSetConditionSchema, ReplicaSetListSchema, ReplicaSetSchema, ReplicaSetSpecSchema, ReplicaSetStatusSchema };

/** apps/v1 ReplicaSet. */
export type ReplicaSet = Static<typeof ReplicaSetSchema>;

/** apps/v1 ReplicaSetList. */
export type ReplicaSetList = Static<typeof ReplicaSetListSchema>;
