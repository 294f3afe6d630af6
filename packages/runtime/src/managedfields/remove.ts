/**
 * TypedValue.RemoveItems (typed/remove.go): removes the map entries and list items whose paths are members
 * of a set; atomic values are removed only as a whole. A map or list left empty disappears. Also
 * Set.EnsureNamedFieldsAreMembers, which makes declared struct fields that only have children members too.
 */
import { FieldSet } from './field-set.js';
import type { FieldType } from './field-type.js';
import { serializePathElement } from './path-element.js';
import { entryType, isLeaf, isObject, itemPathElement, type JSONObject, resolve } from './typed-value.js';

function removeFromMap(v: JSONObject, set: FieldSet, t: FieldType): unknown {
  if (t.kind !== 'map') return v;
  const out: JSONObject = {};
  for (const [key, child] of Object.entries(v)) {
    const pe = { fieldName: key };
    if (set.hasMember(pe)) continue;
    const sub = set.withPrefix(pe);
    const kept = sub.empty() ? child : removeItems(child, sub, entryType(t, key).type);
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function removeFromList(v: readonly unknown[], set: FieldSet, t: FieldType): unknown {
  if (t.kind !== 'list') return v;
  const out: unknown[] = [];
  v.forEach((item, i) => {
    const pe = itemPathElement(t, item, i);
    if (set.hasMember(pe)) return;
    const sub = set.withPrefix(pe);
    const kept = sub.empty() ? item : removeItems(item, sub, t.elementType);
    if (kept !== undefined) out.push(kept);
  });
  return out.length > 0 ? out : undefined;
}

/** `v` without the items of `set` (`undefined` when nothing is left of a map or list). */
export function removeItems(v: unknown, set: FieldSet, t0: FieldType | undefined): unknown {
  if (t0 === undefined) return v;
  const t = resolve(t0, v);
  if (isLeaf(t) && t.kind !== 'map' && t.kind !== 'list') return v;
  if (Array.isArray(v)) {
    if (v.length === 0) return undefined;
    return isLeaf(t) ? v : removeFromList(v, set, t);
  }
  if (isObject(v)) {
    if (Object.keys(v).length === 0) return undefined;
    return isLeaf(t) ? v : removeFromMap(v, set, t);
  }
  return v;
}

/** `set` plus, as members, the declared struct fields that it only holds children of. */
export function ensureNamedFieldsAreMembers(set: FieldSet, t: FieldType | undefined): FieldSet {
  const out = new FieldSet();
  for (const m of set.members()) out.insertMember(m);
  for (const { pe, set: child } of set.children()) {
    let childType: FieldType | undefined;
    if ('fieldName' in pe && t?.kind === 'map') {
      const e = entryType(t, pe.fieldName);
      if (e.declared) out.insertMember(pe);
      childType = e.type;
    } else if (t?.kind === 'list') {
      childType = t.elementType;
    }
    const sub = ensureNamedFieldsAreMembers(child, childType);
    const target = out.childFor(serializePathElement(pe), pe);
    copyInto(sub, target);
  }
  return out;
}

function copyInto(from: FieldSet, to: FieldSet): void {
  for (const m of from.members()) to.insertMember(m);
  for (const { pe, set } of from.children()) copyInto(set, to.childFor(serializePathElement(pe), pe));
}
