/**
 * The @kubernetes/client-node the e2e suite drives: 2.0 where it loads (Node 22 and later; it needs Node 22's
 * built-ins), 1.4 on Node 20. Both expose the same API the suite uses (object-style parameters, bodies returned
 * directly, ApiException with the HTTP code). The suite is written against 1.4's types; `k8s` below only
 * compiles while 2.0's module is assignable to 1.4's, so tsc checks 2.0 offers everything the suite uses.
 */
import type * as ClientNode from '@kubernetes/client-node';

/** The major version of Node running the tests. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** The client-node major version the suite runs against on this Node. */
export const CLIENT_NODE_MAJOR = NODE_MAJOR >= 22 ? 2 : 1;

/** The client-node module for this Node. */
export const k8s: typeof ClientNode = CLIENT_NODE_MAJOR === 2 ? await import('@kubernetes/client-node-2') : await import('@kubernetes/client-node');
