/**
 * Label/field filtering of stored objects (pkg/storage/selection_predicate.go).
 * @module
 */
import type { StorageObject } from './object.js';

/** A label or field selector, given structurally (apimachinery's labels.Selector / fields.Selector). */
export interface Selector {
  /** Whether the selector matches the given label or field set. */
  matches(set: Readonly<Record<string, string>>): boolean;
  /** Whether the selector selects everything. */
  isEmpty(): boolean;
  /** The canonical string form. */
  toString(): string;
  /** Optional: the value a field must equal exactly for this selector to match (`metadata.name=x` ⇒ "x"). */
  requiresExactMatch?(field: string): string | undefined;
}

/** Labels and fields of an object as seen by selectors. */
export interface ObjectAttrs {
  /** Object labels. */
  labels: Readonly<Record<string, string>>;
  /** Selectable fields (`metadata.name`, `metadata.namespace`, …). */
  fields: Readonly<Record<string, string>>;
}

/** Extracts labels and fields of an object; may throw (the object is then treated as not matching). */
export type AttrFunc<T extends StorageObject = StorageObject> = (obj: T) => ObjectAttrs;

/** What a list or watch selects: selectors plus paging and bookmark options. */
export interface SelectionPredicate<T extends StorageObject = StorageObject> {
  /** Label selector (absent = everything). */
  label?: Selector;
  /** Field selector (absent = everything). */
  field?: Selector;
  /** Attribute extractor (default {@link defaultGetAttrs}). */
  getAttrs?: AttrFunc<T>;
  /** Page size for lists (0 or absent = no paging). */
  limit?: number;
  /** Continue token from a previous page. */
  continue?: string;
  /** Whether a watch wants BOOKMARK events. */
  allowWatchBookmarks?: boolean;
}

/** Default attributes: labels plus the fields `metadata.name` and `metadata.namespace` (namespace only if set). */
export function defaultGetAttrs(obj: StorageObject): ObjectAttrs {
  const fields: Record<string, string> = { 'metadata.name': obj.metadata.name ?? '' };
  if (obj.metadata.namespace !== undefined) fields['metadata.namespace'] = obj.metadata.namespace;
  return { labels: obj.metadata.labels ?? {}, fields };
}

/** Default attributes of namespaced objects: labels, `metadata.name`, `metadata.namespace` (always present). */
export function defaultNamespaceScopedAttrs(obj: StorageObject): ObjectAttrs {
  return {
    labels: obj.metadata.labels ?? {},
    fields: { 'metadata.name': obj.metadata.name ?? '', 'metadata.namespace': obj.metadata.namespace ?? '' },
  };
}

/** Default attributes of cluster-scoped objects: labels and `metadata.name`. */
export function defaultClusterScopedAttrs(obj: StorageObject): ObjectAttrs {
  return { labels: obj.metadata.labels ?? {}, fields: { 'metadata.name': obj.metadata.name ?? '' } };
}

/** True if the predicate has neither a label nor a field constraint. */
export function isPredicateEmpty(p: SelectionPredicate<never> | undefined): boolean {
  return p === undefined || ((p.label?.isEmpty() ?? true) && (p.field?.isEmpty() ?? true));
}

/** Matches already-extracted attributes against the predicate's selectors. */
export function matchesObjectAttributes(p: SelectionPredicate<never> | undefined, attrs: ObjectAttrs): boolean {
  if (p === undefined) return true;
  return (p.label?.matches(attrs.labels) ?? true) && (p.field?.matches(attrs.fields) ?? true);
}

/** Whether `obj` matches the predicate; an empty predicate matches without extracting attributes; attribute errors mean "no". */
export function predicateMatches<T extends StorageObject>(p: SelectionPredicate<T> | undefined, obj: T): boolean {
  if (p === undefined || isPredicateEmpty(p)) return true;
  let attrs: ObjectAttrs;
  try {
    attrs = (p.getAttrs ?? defaultGetAttrs)(obj);
  } catch {
    return false;
  }
  return matchesObjectAttributes(p, attrs);
}

/** The object name the predicate is limited to (field selector `metadata.name=x`, no continue), if any. */
export function matchesSingle(p: SelectionPredicate<never> | undefined): string | undefined {
  if (p === undefined || (p.continue ?? '') !== '') return undefined;
  return p.field?.requiresExactMatch?.('metadata.name');
}

/** The namespace the predicate is limited to (field selector `metadata.namespace=x`), if any. */
export function matchesSingleNamespace(p: SelectionPredicate<never> | undefined): string | undefined {
  if (p === undefined || (p.continue ?? '') !== '') return undefined;
  return p.field?.requiresExactMatch?.('metadata.namespace');
}

/** One requirement of a {@link SetSelector}: `key=value`, `key!=value`, `key` (exists) or `!key`. */
export interface SetRequirement {
  /** The label or field key. */
  key: string;
  /** The operator. */
  op: '=' | '!=' | 'exists' | '!';
  /** The compared value (for `=` and `!=`). */
  value?: string;
}

/** A small equality-based Selector (enough for storage tests and simple callers; the API layer brings its own). */
export class SetSelector implements Selector {
  readonly #reqs: readonly SetRequirement[];
  /** Creates a selector that is the AND of its requirements. */
  constructor(requirements: readonly SetRequirement[]) {
    this.#reqs = requirements;
  }
  /** Selector requiring each `key=value` of `set`. */
  static fromSet(set: Readonly<Record<string, string>>): SetSelector {
    return new SetSelector(Object.entries(set).map(([key, value]) => ({ key, op: '=', value })));
  }
  /** {@inheritDoc Selector.matches} */
  matches(set: Readonly<Record<string, string>>): boolean {
    return this.#reqs.every((r) => {
      const has = Object.hasOwn(set, r.key);
      switch (r.op) {
        case '=':
          return has && set[r.key] === r.value;
        case '!=':
          return !has || set[r.key] !== r.value;
        case 'exists':
          return has;
        case '!':
          return !has;
      }
      return false;
    });
  }
  /** {@inheritDoc Selector.isEmpty} */
  isEmpty(): boolean {
    return this.#reqs.length === 0;
  }
  /** {@inheritDoc Selector.requiresExactMatch} */
  requiresExactMatch(field: string): string | undefined {
    return this.#reqs.find((r) => r.key === field && r.op === '=')?.value;
  }
  /** {@inheritDoc Selector.toString} */
  toString(): string {
    return this.#reqs
      .map((r) => (r.op === 'exists' ? r.key : r.op === '!' ? `!${r.key}` : `${r.key}${r.op}${r.value ?? ''}`))
      .join(',');
  }
}
