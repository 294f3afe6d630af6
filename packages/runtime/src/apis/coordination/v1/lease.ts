/** coordination.k8s.io/v1 Lease (leader election, node heartbeats) and LeaseList. */
import { type Static, Type } from 'typebox';
import { field, int32, kindStruct, struct } from '../../../schema/define.js';
import { MicroTimeSchema } from '../../../schema/special-types.js';
import { listSchemaOf } from '../../core/v1/config.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const COORDINATION = 'io.k8s.api.coordination.v1';
const V1 = { group: 'coordination.k8s.io', version: 'v1' };

/** Schema of coordination.k8s.io/v1 LeaseSpec. */
export const LeaseSpecSchema = struct(`${COORDINATION}.LeaseSpec`, 'Specification of a lease.', {
  holderIdentity: field(1, Type.String(), 'Identity of the current holder of the lease.', { omit: 'nil' }),
  leaseDurationSeconds: field(2, int32(), 'Seconds candidates wait, counted from renewTime, before forcing acquisition.', {
    omit: 'nil',
  }),
  acquireTime: field(3, MicroTimeSchema, 'When the current lease was acquired.', { omit: 'nil' }),
  renewTime: field(4, MicroTimeSchema, 'When the current holder last renewed the lease.', { omit: 'nil' }),
  leaseTransitions: field(5, int32(), 'Number of transitions of the lease between holders.', { omit: 'nil' }),
  strategy: field(6, Type.String(), 'Strategy for picking the leader in coordinated leader election.', { omit: 'nil' }),
  preferredHolder: field(7, Type.String(), 'A better holder the current holder should give the lease up to.', {
    omit: 'nil',
  }),
});

/** Schema of coordination.k8s.io/v1 Lease. */
export const LeaseSchema = kindStruct(`${COORDINATION}.Lease`, { ...V1, kind: 'Lease' }, 'A lease: a time-bound claim held by one identity.', {
  metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
  spec: field(2, LeaseSpecSchema, 'Specification of the lease.'),
});
/** coordination.k8s.io/v1 Lease. */
export type Lease = Static<typeof LeaseSchema>;

/** Schema of coordination.k8s.io/v1 LeaseList. */
export const LeaseListSchema = listSchemaOf(`${COORDINATION}.LeaseList`, { ...V1, kind: 'LeaseList' }, LeaseSchema);
/** coordination.k8s.io/v1 LeaseList. */
export type LeaseList = Static<typeof LeaseListSchema>;
