/**
 * TypedValue.Compare (typed/compare.go): the fields added, modified and removed between two values of one
 * type. Leaves compare by value; a map entry or list item present on one side only is itself added or
 * removed (except Go value structs, which a typed object always holds).
 */
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';
import { FieldSet } from './field-set.js';
import type { FieldType, ListType, MapType } from './field-type.js';
import { type PathElement, serializePathElement } from './path-element.js';
import { entryType, isEmptyValue, isLeaf, isObject, itemPathElement, resolve, typedEntryValue } from './typed-value.js';

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

/** A Go value scalar written out as its zero value on one side only: the same typed value on both. */
function sameGoScalar(e: ReturnType<typeof entryType>, l: unknown, r: unknown): boolean {
  return e.zeroWhenAbsent && (l === undefined ? isScalarZero(r) : r === undefined && isScalarZero(l));
}

/**
 * Equality of two values of type `t` as Go values (what upstream's typed comparison sees after both sides went
 * through Go structs): a value struct absent on one side is an empty struct, a Go value scalar absent on one side is
 * its zero value. An atomic list of EndpointSlice endpoints read back with `"conditions": {}` therefore equals the
 * stored list without it. Without a type, plain {@link jsonEqual}.
 */
export function typedEqual(l: unknown, r: unknown, t: FieldType | undefined): boolean {
  if (l === r) return true;
  if (t === undefined) return jsonEqual(l, r);
  const rt = resolve(t, l);
  if (rt.kind === 'map' && isObject(l) && isObject(r)) return typedMapEqual(l, r, rt);
  if (rt.kind === 'list' && Array.isArray(l) && Array.isArray(r)) return l.length === r.length && l.every((x, i) => typedEqual(x, r[i], rt.elementType));
  return jsonEqual(l, r);
}

/** The empty value an always-present entry holds where the JSON lacks it, shaped like `other` (its other side). */
function presentAs(v: unknown, other: unknown): unknown {
  if (v !== undefined && v !== null) return v;
  if (Array.isArray(other)) return [];
  return isObject(other) ? {} : v;
}

function typedMapEqual(l: Record<string, unknown>, r: Record<string, unknown>, t: MapType): boolean {
  const entryEqual = (key: string): boolean => {
    const e = entryType(t, key);
    let lv = typedEntryValue(e, Object.hasOwn(l, key) ? l[key] : undefined);
    let rv = typedEntryValue(e, Object.hasOwn(r, key) ? r[key] : undefined);
    if (sameGoScalar(e, lv, rv)) return true;
    if (e.alwaysPresent) {
      lv = presentAs(lv, rv);
      rv = presentAs(rv, lv);
    }
    return typedEqual(lv, rv, e.type);
  };
  return Object.keys(l).every(entryEqual) && Object.keys(r).every((key) => Object.hasOwn(l, key) || entryEqual(key));
}

type Resolved = NonNullable<ReturnType<typeof resolve>>;

type ItemIndex = Map<string, { pe: PathElement; value: unknown }>;

function indexItem(m: ItemIndex, t: ListType, item: unknown, i: number): void {
  const pe = itemPathElement(t, item, i);
  const id = serializePathElement(pe);
  if (!m.has(id)) m.set(id, { pe, value: item });
}

/** A list's items by FieldsV1 key (the first of duplicates), each with its path element. */
function indexItems(list: readonly unknown[], t: ListType): ItemIndex {
  const m: ItemIndex = new Map();
  for (let i = 0; i < list.length; i++) indexItem(m, t, list[i], i);
  return m;
}

/** {@link indexItems}, with yield points after each item. */
function* indexItemsSteps(list: readonly unknown[], t: ListType): SlicedPass<ItemIndex> {
  const m: ItemIndex = new Map();
  for (let i = 0; i < list.length; i++) {
    indexItem(m, t, list[i], i);
    if (cheapStepDue()) yield;
  }
  return m;
}

/**
 * The walk of {@link compareTyped}, in two forms giving the same sets: plain methods, and generator methods
 * (`…Steps`) with a yield point after each map entry and list item, for a large object compared in time slices
 * (issue #19).
 */
class Walker {
  readonly added = new FieldSet();
  readonly modified = new FieldSet();
  readonly removed = new FieldSet();

  /** {@link isEmptyValue}, or a memo of it for one walk (see {@link compareTypedSteps}). */
  constructor(readonly isEmpty: (v: unknown) => boolean = isEmptyValue) {}

  // `id` is the FieldsV1 key of the path's last element when the caller has it (no second serialization).
  leaf(l: unknown, r: unknown, path: PathElement[], id: string | undefined, t?: FieldType): void {
    if (l === undefined && r === undefined) return;
    if (l === undefined) this.added.insert(path, id);
    else if (r === undefined) this.removed.insert(path, id);
    else if (!typedEqual(l, r, t)) this.modified.insert(path, id);
  }

  /** The map or list type to walk `l` and `r` as, or undefined when they compare as a leaf. */
  #containerType(l: unknown, r: unknown, t: FieldType | undefined): Resolved | undefined {
    const tl = t === undefined ? undefined : resolve(t, l);
    const tr = t === undefined ? undefined : resolve(t, r);
    const leaf = tl === undefined || tr === undefined || (l !== undefined && r !== undefined && tl.kind !== tr.kind);
    const lt = leaf ? undefined : l === undefined ? tr : tl;
    return lt === undefined || isLeaf(lt) || (this.isEmpty(l) && this.isEmpty(r)) ? undefined : lt;
  }

  #asLeaf(l: unknown, r: unknown, path: PathElement[], alwaysPresent: boolean, id: string | undefined, t: FieldType | undefined): void {
    if (alwaysPresent && (l === undefined || r === undefined) && this.isEmpty(l) && this.isEmpty(r)) return;
    this.leaf(l, r, path, id, t);
  }

  #afterContainer(l: unknown, r: unknown, path: PathElement[], alwaysPresent: boolean, id: string | undefined): void {
    if (alwaysPresent) return;
    if (l === undefined) this.added.insert(path, id);
    else if (r === undefined) this.removed.insert(path, id);
  }

  compare(l: unknown, r: unknown, t: FieldType | undefined, path: PathElement[], alwaysPresent: boolean, id?: string): void {
    const lt = this.#containerType(l, r, t);
    if (lt === undefined) {
      this.#asLeaf(l, r, path, alwaysPresent, id, t);
      return;
    }
    // An always-present struct missing from one side's JSON is there empty in the typed object: not one-sided.
    if (lt.kind === 'map') this.map(isObject(l) ? l : undefined, isObject(r) ? r : undefined, lt, path, !alwaysPresent);
    else if (lt.kind === 'list') this.list(Array.isArray(l) ? l : [], Array.isArray(r) ? r : [], lt, path);
    this.#afterContainer(l, r, path, alwaysPresent, id);
  }

  *compareSteps(l: unknown, r: unknown, t: FieldType | undefined, path: PathElement[], alwaysPresent: boolean, id?: string): SlicedPass<void> {
    const lt = this.#containerType(l, r, t);
    if (lt === undefined) {
      this.#asLeaf(l, r, path, alwaysPresent, id, t);
      return;
    }
    if (lt.kind === 'map') yield* this.mapSteps(isObject(l) ? l : undefined, isObject(r) ? r : undefined, lt, path, !alwaysPresent);
    else if (lt.kind === 'list') yield* this.listSteps(Array.isArray(l) ? l : [], Array.isArray(r) ? r : [], lt, path);
    this.#afterContainer(l, r, path, alwaysPresent, id);
  }

  /**
   * `mayBeOneSided`: the struct is not always present, so a side whose JSON lacks it lacks it in the typed object
   * too; a struct present on one side only holds its always-present fields there, and they come and go with it.
   */
  map(l: Record<string, unknown> | undefined, r: Record<string, unknown> | undefined, t: MapType, path: PathElement[], mayBeOneSided: boolean): void {
    const oneSided = mayBeOneSided && (l === undefined || r === undefined);
    if (l !== undefined) {
      for (const key of Object.keys(l)) {
        const rv = r !== undefined && Object.hasOwn(r, key) ? r[key] : undefined;
        this.entry(l[key], rv, t, key, path, oneSided);
      }
    }
    if (r !== undefined) for (const key of Object.keys(r)) if (l === undefined || !Object.hasOwn(l, key)) this.entry(undefined, r[key], t, key, path, oneSided);
    if (oneSided) this.#absentAlwaysPresent(l, r, t, path);
  }

  /** {@link Walker.map} in steps (keep the two alike). */
  *mapSteps(l: Record<string, unknown> | undefined, r: Record<string, unknown> | undefined, t: MapType, path: PathElement[], mayBeOneSided: boolean): SlicedPass<void> {
    const oneSided = mayBeOneSided && (l === undefined || r === undefined);
    if (l !== undefined) {
      for (const key of Object.keys(l)) {
        const rv = r !== undefined && Object.hasOwn(r, key) ? r[key] : undefined;
        yield* this.entrySteps(l[key], rv, t, key, path, oneSided);
        if (cheapStepDue()) yield;
      }
    }
    if (r !== undefined) {
      for (const key of Object.keys(r)) {
        if (l !== undefined && Object.hasOwn(l, key)) continue;
        yield* this.entrySteps(undefined, r[key], t, key, path, oneSided);
        if (cheapStepDue()) yield;
      }
    }
    if (oneSided) this.#absentAlwaysPresent(l, r, t, path);
  }

  /**
   * The always-present fields of a struct on one side only that its JSON lacks: the typed struct holds them empty
   * (upstream's `f:resources: {}` of a new container), so they are added or removed with the struct.
   */
  #absentAlwaysPresent(l: Record<string, unknown> | undefined, r: Record<string, unknown> | undefined, t: MapType, path: PathElement[]): void {
    const side = l === undefined ? r : r === undefined ? l : undefined;
    if (side === undefined) return;
    const into = l === undefined ? this.added : this.removed;
    for (const key of t.alwaysPresentFields ?? []) {
      if (side[key] === undefined || side[key] === null) into.insert([...path, { fieldName: key }], `f:${key}`);
    }
  }

  /** `oneSided`: the struct holding the entry is present on one side only (its always-present fields are not). */
  entry(l: unknown, r: unknown, t: MapType, key: string, path: PathElement[], oneSided: boolean): void {
    const e = entryType(t, key);
    const lv = typedEntryValue(e, l, this.isEmpty);
    const rv = typedEntryValue(e, r, this.isEmpty);
    if (sameGoScalar(e, lv, rv)) return;
    const pe = { fieldName: key };
    this.compare(lv, rv, e.type, [...path, pe], e.alwaysPresent && !oneSided, serializePathElement(pe));
  }

  /** {@link Walker.entry} in steps (keep the two alike). */
  *entrySteps(l: unknown, r: unknown, t: MapType, key: string, path: PathElement[], oneSided: boolean): SlicedPass<void> {
    const e = entryType(t, key);
    const lv = typedEntryValue(e, l, this.isEmpty);
    const rv = typedEntryValue(e, r, this.isEmpty);
    if (sameGoScalar(e, lv, rv)) return;
    const pe = { fieldName: key };
    yield* this.compareSteps(lv, rv, e.type, [...path, pe], e.alwaysPresent && !oneSided, serializePathElement(pe));
  }

  list(l: readonly unknown[], r: readonly unknown[], t: ListType, path: PathElement[]): void {
    const lm = indexItems(l, t);
    const rm = indexItems(r, t);
    for (const [id, { pe, value }] of lm) this.compare(value, rm.get(id)?.value, t.elementType, [...path, pe], false, id);
    for (const [id, { pe, value }] of rm) if (!lm.has(id)) this.compare(undefined, value, t.elementType, [...path, pe], false, id);
  }

  *listSteps(l: readonly unknown[], r: readonly unknown[], t: ListType, path: PathElement[]): SlicedPass<void> {
    const lm = yield* indexItemsSteps(l, t);
    const rm = yield* indexItemsSteps(r, t);
    for (const [id, { pe, value }] of lm) {
      yield* this.compareSteps(value, rm.get(id)?.value, t.elementType, [...path, pe], false, id);
      if (cheapStepDue()) yield;
    }
    for (const [id, { pe, value }] of rm) {
      if (lm.has(id)) continue;
      yield* this.compareSteps(undefined, value, t.elementType, [...path, pe], false, id);
      if (cheapStepDue()) yield;
    }
  }
}

/** Compares an old and a new value of type `t`. */
export function compareTyped(oldValue: unknown, newValue: unknown, t: FieldType): Comparison {
  const w = new Walker();
  w.compare(oldValue, newValue, t, [], true);
  return { added: w.added, modified: w.modified, removed: w.removed };
}

/**
 * The emptiness of objects, each found once for one walk: the walk asks about the same map up to three times (its
 * entry's typed value, its container type) and each answer reads all its keys, which V8 collects and sorts for a
 * large map (~45 ms for 160,000 keys). The walk changes neither side.
 */
function emptinessMemo(): (v: unknown) => boolean {
  const known = new WeakMap<object, boolean>();
  return (v) => {
    if (!isObject(v)) return isEmptyValue(v);
    let empty = known.get(v);
    if (empty === undefined) {
      empty = isEmptyValue(v);
      known.set(v, empty);
    }
    return empty;
  };
}

/** {@link compareTyped} as a sliced pass: the same comparison, with yield points after each map entry and list item. */
export function* compareTypedSteps(oldValue: unknown, newValue: unknown, t: FieldType): SlicedPass<Comparison> {
  const w = new Walker(emptinessMemo());
  yield* w.compareSteps(oldValue, newValue, t, [], true);
  return { added: w.added, modified: w.modified, removed: w.removed };
}
