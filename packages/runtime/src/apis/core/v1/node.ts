/** core/v1 Node, NodeSpec, Taint and NodeList. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { NodeListSchema, NodeSchema, NodeSpecSchema, TaintSchema } from '../../generated/core/v1/types.js';

export { NodeListSchema, NodeSchema, NodeSpecSchema, TaintSchema };

/** core/v1 Taint. */
export type Taint = Static<typeof TaintSchema>;

/** core/v1 Node. */
export type Node = Static<typeof NodeSchema>;

/** core/v1 NodeList. */
export type NodeList = Static<typeof NodeListSchema>;
