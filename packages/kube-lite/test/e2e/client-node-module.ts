/**
 * The @kubernetes/client-node the e2e suite drives: 2.0 where it loads (Node 22 and later; it needs Node 22's
 * built-ins), 1.4 on Node 20. Both expose the same API the suite uses (object-style parameters, bodies returned
 * directly, ApiException with the HTTP code). The suite is written against 1.4's types for the exports it uses
 * (`ClientNodeApi`). 2.0's module is not assignable to them only through its request plumbing (its
 * RequestContext carries an undici dispatcher), so it is cast; the calls themselves are type-checked against 2.0
 * by the kube-lite testing guide's examples (scripts/check-examples.mjs), and run on Node 22 and 24.
 */
import type * as ClientNode from '@kubernetes/client-node';

/** The exports of client-node the e2e suite uses. */
export type ClientNodeApi = Pick<
  typeof ClientNode,
  | 'ApiException'
  | 'ApiextensionsV1Api'
  | 'AppsV1Api'
  | 'AuthorizationV1Api'
  | 'CoreV1Api'
  | 'CustomObjectsApi'
  | 'Health'
  | 'KubeConfig'
  | 'KubernetesObjectApi'
  | 'PatchStrategy'
  | 'PolicyV1Api'
  | 'Watch'
  | 'makeInformer'
  | 'setHeaderOptions'
>;

/** The major version of Node running the tests. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** The client-node major version the suite runs against on this Node. */
export const CLIENT_NODE_MAJOR = NODE_MAJOR >= 22 ? 2 : 1;

/** The client-node module for this Node. */
export const k8s: ClientNodeApi =
  CLIENT_NODE_MAJOR === 2 ? ((await import('@kubernetes/client-node-2')) as unknown as ClientNodeApi) : await import('@kubernetes/client-node');
