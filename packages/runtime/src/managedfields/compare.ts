/**
 * TypedValue.Compare (typed/compare.go): the fields added, modified and removed between two values of one
 * type. Leaves compare by value; a map entry or list item present on one side only is itself added or
 * removed (except Go value structs, which a typed object always holds).
 */
import { FieldSet } from './field-set.js';
import type { FieldType, ListType, MapType } from './field-type.js';
import { type PathElement, serializePathElement } from './path-element.js';
import { entryType, isEmptyValue, isLeaf, isObject, itemPathElement, resolve } from './typed-value.js';

/** The result of a comparison. */
export interface Comparison {
  /** Fields present only in the new value. */
  readonly added: FieldSet;
  /** Fields whose value changed. */
  readonly modified: FieldSet;
  /** Fields present only in the old value. */
  readonly removed: FieldSet;
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

function isScalarZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

class Walker {
  readonly added = new FieldSet();
  readonly modified = new FieldSet();
  readonly removed = new FieldSet();

  // `id` is the FieldsV1 key of the path's last element when the caller has it (no second serialization).
  leaf(l: unknown, r: unknown, path: PathElement[], id: string | undefined): void {
    if (l === undefined && r === undefined) return;
    if (l === undefined) this.added.insert(path, id);
    else if (r === undefined) this.removed.insert(path, id);
    else if (!jsonEqual(l, r)) this.modified.insert(path, id);
  }

  compare(l: unknown, r: unknown, t: FieldType | undefined, path: PathElement[], alwaysPresent: boolean, id?: string): void {
    const tl = t === undefined ? undefined : resolve(t, l);
    const tr = t === undefined ? undefined : resolve(t, r);
    const leaf = tl === undefined || tr === undefined || (l !== undefined && r !== undefined && tl.kind !== tr.kind);
    const lt = leaf ? undefined : l === undefined ? tr : tl;
    if (lt === undefined || isLeaf(lt) || (isEmptyValue(l) && isEmptyValue(r))) {
      if (alwaysPresent && (l === undefined || r === undefined) && isEmptyValue(l) && isEmptyValue(r)) return;
      this.leaf(l, r, path, id);
      return;
    }
    if (lt.kind === 'map') this.map(isObject(l) ? l : undefined, isObject(r) ? r : undefined, lt, path);
    else if (lt.kind === 'list') this.list(Array.isArray(l) ? l : [], Array.isArray(r) ? r : [], lt, path);
    if (alwaysPresent) return;
    if (l === undefined) this.added.insert(path, id);
    else if (r === undefined) this.removed.insert(path, id);
  }

  map(l: Record<string, unknown> | undefined, r: Record<string, unknown> | undefined, t: MapType, path: PathElement[]): void {
    if (l !== undefined) {
      for (const key of Object.keys(l)) {
        const rv = r !== undefined && Object.hasOwn(r, key) ? r[key] : undefined;
        this.entry(l[key], rv, t, key, path);
      }
    }
    if (r === undefined) return;
    for (const key of Object.keys(r)) if (l === undefined || !Object.hasOwn(l, key)) this.entry(undefined, r[key], t, key, path);
  }

  entry(l: unknown, r: unknown, t: MapType, key: string, path: PathElement[]): void {
    const e = entryType(t, key);
    // A Go value scalar written out as its zero value on one side only: the same typed value on both.
    if (e.zeroWhenAbsent && (l === undefined ? isScalarZero(r) : r === undefined && isScalarZero(l))) return;
    const pe = { fieldName: key };
    this.compare(l, r, e.type, [...path, pe], e.alwaysPresent, serializePathElement(pe));
  }

  list(l: readonly unknown[], r: readonly unknown[], t: ListType, path: PathElement[]): void {
    const index = (list: readonly unknown[]) => {
      const m = new Map<string, { pe: PathElement; value: unknown }>();
      list.forEach((item, i) => {
        const pe = itemPathElement(t, item, i);
        const id = serializePathElement(pe);
        if (!m.has(id)) m.set(id, { pe, value: item });
      });
      return m;
    };
    const lm = index(l);
    const rm = index(r);
    for (const [id, { pe, value }] of lm) this.compare(value, rm.get(id)?.value, t.elementType, [...path, pe], false, id);
    for (const [id, { pe, value }] of rm) if (!lm.has(id)) this.compare(undefined, value, t.elementType, [...path, pe], false, id);
  }
}

/** Compares an old and a new value of type `t`. */
export function compareTyped(oldValue: unknown, newValue: unknown, t: FieldType): Comparison {
  const w = new Walker();
  w.compare(oldValue, newValue, t, [], true);
  return { added: w.added, modified: w.modified, removed: w.removed };
}
