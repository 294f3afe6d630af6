/**
 * Operation IDs and tags of the published OpenAPI documents (k8s `pkg/endpoints/openapi` `GetOperationIDAndTags`):
 * the installer's `listNamespacedConfigMap` becomes `listCoreV1NamespacedConfigMap` with tag `core_v1`.
 */

/** Verb prefixes recognised in operation IDs; the shortest matching one wins (as upstream's trie lookup). */
const VERB_PREFIXES = ['get', 'log', 'read', 'replace', 'patch', 'delete', 'deletecollection', 'watch', 'connect', 'proxy', 'list', 'create'];

/** The shortest verb prefix of an operation name, or `undefined`. */
export function verbPrefix(operation: string): string | undefined {
  let best: string | undefined;
  for (const v of VERB_PREFIXES) if (operation.startsWith(v) && (best === undefined || v.length < best.length)) best = v;
  return best;
}

/**
 * `ToValidOperationID`: keeps letters, `_` and (after the first character) digits; any other character is dropped
 * and capitalises the next kept one; `capitalizeFirst` capitalises the first kept character.
 */
export function toValidOperationID(s: string, capitalizeFirst: boolean): string {
  let out = '';
  let capitalize = capitalizeFirst;
  let i = 0;
  for (const ch of s) {
    const keep = /\p{L}/u.test(ch) || ch === '_' || (i !== 0 && /\p{Nd}/u.test(ch));
    if (keep) {
      out += capitalize ? ch.toUpperCase() : ch;
      capitalize = false;
    } else {
      capitalize = true;
    }
    i++;
  }
  return out;
}

/** An operation ID and its tags. */
export interface OperationIDAndTags {
  /** The rewritten operation ID. */
  readonly operationId: string;
  /** The operation's tags (e.g. `core_v1`, `apps`, `version`). */
  readonly tags: readonly string[];
}

/**
 * Rewrites a route's operation with its group and version (`/api` counts as `/apis/core`), title-casing the rest
 * (`deletecollectionNamespacedConfigMap` → `deleteCoreV1CollectionNamespacedConfigMap`); unknown verbs are kept.
 */
export function operationIDAndTags(operation: string, path: string): OperationIDAndTags {
  const prefix = verbPrefix(operation);
  let parts = path.replace(/^\/+|\/+$/g, '').split('/');
  if (parts[0] === 'api') parts = ['apis', 'core', ...parts.slice(1)];
  const tags: string[] = [];
  let head = prefix ?? '';
  if (parts.length >= 2 && parts[0] === 'apis') {
    const group = (parts[1] ?? '').replace(/\.k8s\.io$/, '');
    head += toValidOperationID(group, head !== '');
    let tag = toValidOperationID(group, false);
    const version = parts[2];
    if (version !== undefined) {
      head += toValidOperationID(version, true);
      tag += `_${toValidOperationID(version, false)}`;
    }
    tags.push(tag);
  } else if (parts.length >= 1 && parts[0] !== '') {
    tags.push(toValidOperationID(parts[0] ?? '', false));
  }
  if (prefix === undefined) return { operationId: operation, tags };
  const rest = operation.slice(prefix.length);
  return { operationId: head + rest.charAt(0).toUpperCase() + rest.slice(1), tags };
}
