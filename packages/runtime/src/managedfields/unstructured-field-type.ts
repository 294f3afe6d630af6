/**
 * The merge type of a kind's objects when they are unstructured (custom resources): the same maps, lists and
 * scalars as the typed kind's, without what only Go's typed values have. An unstructured object holds exactly the
 * JSON it was given, so no field is always present and no absent field equals its zero value or an empty map or
 * list: upstream's typed conversion of `unstructured.Unstructured` compares values as they are.
 */
import type { FieldType, ListType, MapType, StructField } from './field-type.js';

const cache = new WeakMap<FieldType, FieldType>();

function unstructuredMap(t: MapType): MapType {
  const fields = new Map<string, StructField | undefined>();
  const field = (name: string): StructField | undefined => {
    if (!fields.has(name)) {
      const typed = t.field(name);
      fields.set(name, typed === undefined ? undefined : { type: unstructuredFieldType(typed.type), alwaysPresent: false });
    }
    return fields.get(name);
  };
  const elementType = t.elementType === undefined ? undefined : unstructuredFieldType(t.elementType);
  return { kind: 'map', atomic: t.atomic, elementType, field, alwaysPresentFields: [] };
}

function unstructuredList(t: ListType): ListType {
  return { ...t, elementType: unstructuredFieldType(t.elementType) };
}

/** `t` for unstructured objects (cached per type): every struct field optional, with no Go zero values. */
export function unstructuredFieldType(t: FieldType): FieldType {
  if (t.kind === 'scalar' || t.kind === 'deduced') return t;
  let u = cache.get(t);
  if (u === undefined) {
    u = t.kind === 'map' ? unstructuredMap(t) : unstructuredList(t);
    cache.set(t, u);
  }
  return u;
}
