/** coordination.k8s.io/v1 Lease (leader election, node heartbeats) and LeaseList. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { LeaseListSchema, LeaseSchema, LeaseSpecSchema } from '../../generated/coordination/v1/types.js';

export { LeaseListSchema, LeaseSchema, LeaseSpecSchema };

/** coordination.k8s.io/v1 Lease. */
export type Lease = Static<typeof LeaseSchema>;

/** coordination.k8s.io/v1 LeaseList. */
export type LeaseList = Static<typeof LeaseListSchema>;
