/**
 * Storage keys of a resource from the request context (generic/registry `NamespaceKeyRootFunc`,
 * `NamespaceKeyFunc`, `NoNamespaceKeyFunc`): `/<prefix>/<namespace>/<name>` or `/<prefix>/<name>`.
 * @module
 */
import { isValidPathSegmentName, newBadRequest } from '@apiserver/runtime';
import type { RequestContext } from '../rest/types.js';

/** Builds the key of the collection (no trailing slash) for a request. */
export type KeyRootFunc = (ctx: RequestContext) => string;
/** Builds the key of one object for a request; throws a 400 StatusError for a bad name or namespace. */
export type KeyFunc = (ctx: RequestContext, name: string) => string;

function checkName(name: string): void {
  if (name === '') throw newBadRequest('Name parameter required.');
  const msgs = isValidPathSegmentName(name);
  if (msgs.length > 0) throw newBadRequest(`Name parameter invalid: ${JSON.stringify(name)}: ${msgs.join(';')}`);
}

/** `prefix` plus `/<namespace>` when the request has one. */
export function namespaceKeyRootFunc(ctx: RequestContext, prefix: string): string {
  const ns = ctx.namespace ?? '';
  return ns === '' ? prefix : `${prefix}/${ns}`;
}

/** `prefix/<namespace>/<name>`; 400 "Namespace parameter required." without a namespace. */
export function namespaceKeyFunc(ctx: RequestContext, prefix: string, name: string): string {
  const ns = ctx.namespace ?? '';
  if (ns === '') throw newBadRequest('Namespace parameter required.');
  checkName(name);
  return `${prefix}/${ns}/${name}`;
}

/** `prefix/<name>` for cluster-scoped resources. */
export function noNamespaceKeyFunc(_ctx: RequestContext, prefix: string, name: string): string {
  checkName(name);
  return `${prefix}/${name}`;
}
