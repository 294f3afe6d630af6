/** core/v1 Node, NodeSpec, Taint and NodeList. */
import { type Static, Type } from 'typebox';
import { field, kindStruct, requiredField, stringList, struct } from '../../../schema/define.js';
import { TimeSchema } from '../../../schema/special-types.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { listSchemaOf } from './config.js';
import { NodeConfigSourceSchema, NodeStatusSchema } from './node-status.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 Taint. */
export const TaintSchema = struct(`${CORE}.Taint`, 'Repels pods that do not tolerate it from the node it is attached to.', {
  key: requiredField(1, Type.String(), 'Taint key.'),
  value: field(2, Type.String(), 'Taint value.'),
  effect: requiredField(3, Type.String(), 'NoSchedule, PreferNoSchedule or NoExecute.'),
  timeAdded: field(4, TimeSchema, 'When the taint was added (NoExecute taints).', { omit: 'nil' }),
});
/** core/v1 Taint. */
export type Taint = Static<typeof TaintSchema>;

/** Schema of core/v1 NodeSpec. */
export const NodeSpecSchema = struct(`${CORE}.NodeSpec`, 'Attributes a node is created with.', {
  podCIDR: field(1, Type.String(), 'Pod IP range assigned to the node.'),
  podCIDRs: field(7, stringList(), 'Pod IP ranges, at most one per IP family; the first equals podCIDR.', {
    patchStrategy: 'merge',
    listType: 'set',
  }),
  providerID: field(3, Type.String(), 'Cloud provider ID, <ProviderName>://<ProviderSpecificNodeID>.'),
  unschedulable: field(4, Type.Boolean(), 'When true, new pods are not scheduled onto the node.'),
  taints: field(5, Type.Array(TaintSchema), 'Taints of the node.', { listType: 'atomic' }),
  configSource: field(6, NodeConfigSourceSchema, 'Deprecated: configuration source of the removed dynamic kubelet config.', {
    omit: 'nil',
  }),
  externalID: field(2, Type.String(), 'Deprecated: external ID of the node.'),
});

/** Schema of core/v1 Node. */
export const NodeSchema = kindStruct(
  `${CORE}.Node`,
  { group: '', version: 'v1', kind: 'Node' },
  'A worker node of the cluster.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    spec: field(2, NodeSpecSchema, 'Desired behaviour of the node.'),
    status: field(3, NodeStatusSchema, 'Most recently observed status of the node.'),
  },
);
/** core/v1 Node. */
export type Node = Static<typeof NodeSchema>;

/** Schema of core/v1 NodeList. */
export const NodeListSchema = listSchemaOf(`${CORE}.NodeList`, { group: '', version: 'v1', kind: 'NodeList' }, NodeSchema);
/** core/v1 NodeList. */
export type NodeList = Static<typeof NodeListSchema>;
