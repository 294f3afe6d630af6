/**
 * TypedValue.Merge (typed/merge.go): merges an applied configuration (rhs) into a live object (lhs). Leaves
 * and atomic values take the rhs; maps merge entry by entry; associative lists merge item by item keeping
 * the live order for items the configuration does not mention and the configuration's order for the items
 * both hold.
 */
import type { FieldType, ListType, MapType } from './field-type.js';
import { type PathElement, serializePathElement } from './path-element.js';
import { entryType, isEmptyValue, isLeaf, isObject, itemPathElement, type JSONObject, resolve } from './typed-value.js';

function mergeMap(l: JSONObject | undefined, r: JSONObject | undefined, t: MapType): unknown {
  const out: JSONObject = {};
  const keys = [...Object.keys(l ?? {}), ...Object.keys(r ?? {}).filter((k) => l === undefined || !Object.hasOwn(l, k))];
  for (const key of keys) {
    const lv = l !== undefined && Object.hasOwn(l, key) ? l[key] : undefined;
    const rv = r !== undefined && Object.hasOwn(r, key) ? r[key] : undefined;
    const merged = mergeValues(lv, rv, entryType(t, key).type);
    if (merged !== undefined) out[key] = merged;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

interface Indexed {
  readonly pes: PathElement[];
  readonly byId: Map<string, unknown>;
}

function index(t: ListType, list: readonly unknown[]): Indexed {
  const pes: PathElement[] = [];
  const byId = new Map<string, unknown>();
  list.forEach((item, i) => {
    const pe = itemPathElement(t, item, i);
    pes.push(pe);
    const id = serializePathElement(pe);
    if (!byId.has(id)) byId.set(id, item);
  });
  return { pes, byId };
}

function mergeList(l: readonly unknown[], r: readonly unknown[], t: ListType): unknown {
  const lhs = index(t, l);
  const rhs = index(t, r);
  const ids = (x: Indexed) => x.pes.map(serializePathElement);
  const lIds = ids(lhs);
  const rIds = ids(rhs);
  const shared = rIds.filter((id) => lhs.byId.has(id));
  let nextShared = shared.shift();
  const mergedRHS = new Set<string>();
  const out: unknown[] = [];
  const push = (id: string, lv: unknown, rv: unknown) => {
    const m = mergeValues(lv, rv, t.elementType);
    if (m !== undefined) out.push(m);
    mergedRHS.add(id);
  };
  let li = 0;
  let ri = 0;
  while (li < lIds.length || ri < rIds.length) {
    const lid = lIds[li];
    const rid = rIds[ri];
    if (lid !== undefined && rid !== undefined) {
      if (lid === rid) {
        push(lid, lhs.byId.get(lid), rhs.byId.get(rid));
        li++;
        ri++;
        nextShared = shared.shift();
        continue;
      }
      if (rhs.byId.has(lid) && nextShared !== undefined && nextShared !== lid) {
        li++;
        continue;
      }
    }
    if (lid !== undefined) {
      if (!rhs.byId.has(lid)) {
        const m = mergeValues(l[li], undefined, t.elementType);
        if (m !== undefined) out.push(m);
        li++;
        continue;
      }
      if (mergedRHS.has(lid)) {
        li++;
        continue;
      }
    }
    if (rid !== undefined) {
      push(rid, lhs.byId.get(rid), rhs.byId.get(rid));
      ri++;
      if (nextShared === rid) nextShared = shared.shift();
    }
  }
  return out.length > 0 ? out : undefined;
}

/** Merges `r` (applied) into `l` (live) for type `t`; `undefined` means absent. */
export function mergeValues(l: unknown, r: unknown, t: FieldType | undefined): unknown {
  if (r === undefined) return l;
  if (l === undefined || t === undefined) return r;
  const tl = resolve(t, l);
  const tr = resolve(t, r);
  if (tl.kind !== tr.kind || isLeaf(tr) || (isEmptyValue(l) && isEmptyValue(r))) return r;
  if (tr.kind === 'map') return mergeMap(isObject(l) ? l : undefined, isObject(r) ? r : undefined, tr);
  if (tr.kind === 'list') return mergeList(Array.isArray(l) ? l : [], Array.isArray(r) ? r : [], tr);
  return r;
}

/** Merges an applied configuration into a live object (`liveObject.Merge(configObject)`). */
export function mergeObjects(live: JSONObject, config: JSONObject, t: FieldType): JSONObject {
  const merged = mergeValues(live, config, t);
  return isObject(merged) ? merged : {};
}
