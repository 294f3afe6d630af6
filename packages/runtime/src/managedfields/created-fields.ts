/**
 * The fields a created object sets: what the typed comparison (compare.ts) lists as added between the live side
 * of a create, `{ metadata: {} }`, and the object. Every other field is absent on the live side, so the walk
 * only adds, and it inserts each field into its node of the set as it goes instead of by its whole path.
 */
import { type Comparison, compareTyped } from './compare.js';
import { FieldSet } from './field-set.js';
import type { FieldType, MapType } from './field-type.js';
import type { PathElement } from './path-element.js';
import { serializePathElement } from './path-element.js';
import { entryType, isEmptyValue, isLeaf, isObject, itemPathElement, type JSONObject, resolve, typedEntryValue } from './typed-value.js';

function isScalarZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

/**
 * The comparison's entry of a map or struct absent on the live side. `parentNew`: the map or struct itself is absent
 * from the live typed object (a list item, a pointer struct), so its always-present fields are added with it.
 */
function addEntry(node: FieldSet, t: MapType, key: string, v: unknown, parentNew: boolean): void {
  const e = entryType(t, key);
  // A Go value scalar at its zero value, or an omitempty map or slice left empty, is the same typed value as an
  // absent one.
  if (e.zeroWhenAbsent && isScalarZero(v)) return;
  add(node, { fieldName: key }, `f:${key}`, typedEntryValue(e, v), e.type, e.alwaysPresent && !parentNew);
}

/**
 * The always-present fields of a new struct that its JSON lacks: the typed object holds them (a value struct, a
 * slice or map without omitempty), so they are added as empty values (upstream's `f:resources: {}` of every new
 * container).
 */
function addAbsentAlwaysPresent(node: FieldSet, t: MapType, m: JSONObject): void {
  for (const key of t.alwaysPresentFields ?? []) {
    if (m[key] === undefined || m[key] === null) node.insert([{ fieldName: key }], `f:${key}`);
  }
}

/**
 * The comparison of a value absent on the live side: `pe` (FieldsV1 key `id`) under `node`, and what lies below it.
 * `alwaysPresent`: the value is on the live side too, as its empty value (a field always present in a struct that is).
 */
function add(node: FieldSet, pe: PathElement, id: string, v: unknown, t: FieldType | undefined, alwaysPresent: boolean): void {
  if (v === undefined) return;
  const lt = t === undefined ? undefined : resolve(t, v);
  if (lt === undefined || isLeaf(lt) || isEmptyValue(v)) {
    if (!(alwaysPresent && isEmptyValue(v))) node.insert([pe], id);
    return;
  }
  const child = node.childFor(id, pe);
  if (lt.kind === 'map') {
    const m = v as JSONObject;
    for (const key of Object.keys(m)) addEntry(child, lt, key, m[key], !alwaysPresent);
    if (!alwaysPresent) addAbsentAlwaysPresent(child, lt, m);
  } else if (lt.kind === 'list') {
    // The first of items with the same key is compared; the others are not.
    const seen = new Set<string>();
    const items = v as unknown[];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const ipe = itemPathElement(lt, item, i);
      const iid = serializePathElement(ipe);
      if (seen.has(iid)) continue;
      seen.add(iid);
      add(child, ipe, iid, item, lt.elementType, false);
    }
  }
  if (!alwaysPresent) node.insert([pe], id);
}

/** Whether `liveObj` is the live side of a create: `{ metadata: {} }`. */
function isCreateLive(liveObj: JSONObject): boolean {
  const keys = Object.keys(liveObj);
  return keys.length === 1 && keys[0] === 'metadata' && isObject(liveObj.metadata) && Object.keys(liveObj.metadata).length === 0;
}

/** The added metadata fields: the live side's `metadata` is `{}`, so its members present in the object are added. */
function addMetadata(root: FieldSet, t: MapType, metadata: JSONObject): void {
  const et = entryType(t, 'metadata').type;
  const mt = et === undefined ? undefined : resolve(et, metadata);
  if (mt === undefined || mt.kind !== 'map' || isLeaf(mt) || isEmptyValue(metadata)) return;
  const node = root.childFor('f:metadata', { fieldName: 'metadata' });
  for (const key of Object.keys(metadata)) addEntry(node, mt, key, metadata[key], false);
}

/**
 * `compareTyped(liveObj, newObj, t).added` when `liveObj` is `{ metadata: {} }` and `newObj` an object with an
 * object `metadata` (the comparison itself otherwise). The comparison's `modified` can then hold only `metadata`
 * itself, and its `removed` nothing.
 */
export function createdFields(liveObj: JSONObject, newObj: JSONObject, t: FieldType): FieldSet {
  const rt = resolve(t, newObj);
  if (!isCreateLive(liveObj) || !isObject(newObj.metadata) || rt.kind !== 'map' || isLeaf(rt) || resolve(t, liveObj).kind !== 'map') {
    return (compareTyped(liveObj, newObj, t) as Comparison).added;
  }
  const set = new FieldSet();
  for (const key of Object.keys(newObj)) {
    if (key === 'metadata') addMetadata(set, rt, newObj.metadata);
    else addEntry(set, rt, key, newObj[key], false);
  }
  return set;
}
