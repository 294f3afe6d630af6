/**
 * Strategic-merge-patch metadata derived from schemas: for a field of a struct, its patch strategy,
 * merge key and list facts (what kube-openapi publishes as `x-kubernetes-patch-*` and list extensions).
 */
import type { TSchema } from 'typebox';
import { itemsOf, mapValueOf, node, propertiesOf } from './extensions.js';

/** Patch facts of one field. */
export interface PatchMeta {
  /** Strategies from `x-kubernetes-patch-strategy` (e.g. `merge`, `retainKeys`); empty when none. */
  readonly strategies: readonly string[];
  /** `x-kubernetes-patch-merge-key`, when the list merges by key. */
  readonly mergeKey?: string;
  /** `x-kubernetes-list-type`. */
  readonly listType?: string;
  /** `x-kubernetes-list-map-keys`. */
  readonly listMapKeys?: readonly string[];
}

/** The schema of a struct's field, or undefined when the struct has no such field. */
export function fieldSchema(struct: TSchema, name: string): TSchema | undefined {
  return propertiesOf(struct)?.[name];
}

/** The schema of a list's items or a map's values, or undefined for other schemas. */
export function elementSchema(schema: TSchema): TSchema | undefined {
  return itemsOf(schema) ?? mapValueOf(schema);
}

/** Reads the patch facts of a field schema. */
export function patchMetaOf(schema: TSchema): PatchMeta {
  const n = node(schema);
  const strategy = n['x-kubernetes-patch-strategy'];
  const mergeKey = n['x-kubernetes-patch-merge-key'];
  const listType = n['x-kubernetes-list-type'];
  const keys = n['x-kubernetes-list-map-keys'];
  return {
    strategies: typeof strategy === 'string' && strategy !== '' ? strategy.split(',') : [],
    ...(typeof mergeKey === 'string' ? { mergeKey } : {}),
    ...(typeof listType === 'string' ? { listType } : {}),
    ...(Array.isArray(keys) ? { listMapKeys: keys.filter((k): k is string => typeof k === 'string') } : {}),
  };
}

/** Patch facts of the field at a path of field names (list and map levels are stepped through). */
export function patchMetaAt(root: TSchema, path: readonly string[]): PatchMeta | undefined {
  let current: TSchema | undefined = root;
  for (const name of path) {
    if (current === undefined) return undefined;
    const direct: TSchema | undefined = fieldSchema(current, name);
    current = direct ?? (() => {
      const el = elementSchema(current);
      return el === undefined ? undefined : fieldSchema(el, name);
    })();
  }
  return current === undefined ? undefined : patchMetaOf(current);
}
