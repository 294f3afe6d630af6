/**
 * `namespaceSelector` matching (upstream namespace `Matcher`): requests for cluster-scoped objects other than
 * Namespaces always match; a Namespace's own create or update is judged by the new object's labels, everything
 * else by the labels of the namespace as stored.
 * @module
 */
import { newInternalError, newNotFound, type StatusError } from '@apiserver/runtime';
import type { ApiObject } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';
import type { WebhookAccessor } from './accessors.js';

/** Reads a namespace by name; `undefined` when it does not exist. */
export type NamespaceGetter = (name: string) => Promise<ApiObject | undefined>;

/** Whether `a` is about a Namespace object (core/v1 `namespaces`). */
export function isNamespaceRequest(a: Pick<Attributes, 'resource'>): boolean {
  return a.resource.group === '' && a.resource.resource === 'namespaces';
}

/** The namespace of a request as upstream's request info gives it: a Namespace's own name for Namespace requests. */
export function requestNamespace(a: Pick<Attributes, 'resource' | 'namespace' | 'name'>): string {
  return a.namespace === '' && isNamespaceRequest(a) ? a.name : a.namespace;
}

async function namespaceLabels(a: Attributes, getNamespace: NamespaceGetter): Promise<Record<string, string> | undefined> {
  if (isNamespaceRequest(a) && a.subresource === '' && (a.operation === 'CREATE' || a.operation === 'UPDATE')) {
    return a.object?.metadata.labels ?? {};
  }
  const ns = await getNamespace(requestNamespace(a));
  return ns === undefined ? undefined : (ns.metadata.labels ?? {});
}

/**
 * True when the webhook's namespaceSelector selects the request's namespace; a StatusError (404 for a missing
 * namespace, 500 for an invalid selector or a failed read) when that cannot be told.
 */
export async function matchNamespaceSelector(hook: WebhookAccessor, a: Attributes, getNamespace: NamespaceGetter): Promise<boolean | StatusError> {
  const namespace = requestNamespace(a);
  if (namespace === '' && !isNamespaceRequest(a)) return true;
  let labels: Record<string, string> | undefined;
  try {
    const selector = hook.namespaceSelector();
    if (selector.isEmpty()) return true;
    labels = await namespaceLabels(a, getNamespace);
    if (labels === undefined) return newNotFound({ group: '', resource: 'namespaces' }, namespace);
    return selector.matches(labels);
  } catch (err) {
    return newInternalError(err instanceof Error ? err : String(err));
  }
}
