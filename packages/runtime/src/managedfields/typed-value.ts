/**
 * Shared pieces of the typed-value walkers (structured-merge-diff `typed/helpers.go`): resolving a type
 * against a value (deduced types take the value's shape), the type of a map entry, and the path element
 * naming a list item.
 */
import { DEDUCED, type FieldType, type ListType, type MapType, SCALAR } from './field-type.js';
import type { PathElement } from './path-element.js';

/** A JSON object. */
export type JSONObject = Record<string, unknown>;

/** Raised when a value does not fit its type (upstream's ValidationErrors). */
export class TypedValueError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'TypedValueError';
  }
}

/** True for a JSON object (not an array, not null). */
export function isObject(v: unknown): v is JSONObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const DEDUCED_MAP: MapType = { kind: 'map', atomic: false, elementType: DEDUCED, field: () => undefined };
const ATOMIC_LIST: ListType = { kind: 'list', relationship: 'atomic', keys: [], keyDefaults: {}, elementType: DEDUCED };

/** The type to walk a value with: deduced types by the value's shape; values of the wrong shape are leaves. */
export function resolve(t: FieldType, v: unknown): FieldType {
  if (t.kind === 'deduced') {
    if (isObject(v)) return DEDUCED_MAP;
    if (Array.isArray(v)) return ATOMIC_LIST;
    return SCALAR;
  }
  if (v === null || v === undefined) return t;
  if (t.kind === 'map' && !isObject(v)) return SCALAR;
  if (t.kind === 'list' && !Array.isArray(v)) return SCALAR;
  return t;
}

/** True when a resolved type is a leaf for the walkers: scalars and atomic maps and lists. */
export function isLeaf(t: FieldType): boolean {
  return t.kind === 'scalar' || t.kind === 'deduced' || (t.kind === 'map' && t.atomic) || (t.kind === 'list' && t.relationship === 'atomic');
}

/** What the walkers know of one entry of a map or struct (see {@link entryType}). */
export interface EntryType {
  /** The entry's type; undefined for an undeclared field of a strict struct. */
  readonly type: FieldType | undefined;
  /** A declared struct field. */
  readonly declared: boolean;
  /** Always present in the typed object (see `StructField.alwaysPresent`). */
  readonly alwaysPresent: boolean;
  /** A Go value scalar whose zero value is the same typed value as an absent one. */
  readonly zeroWhenAbsent: boolean;
  /** A map or slice with `omitempty`, whose empty value is the same typed value as an absent one. */
  readonly emptyWhenAbsent: boolean;
}

const UNDECLARED = { declared: false, alwaysPresent: false, zeroWhenAbsent: false, emptyWhenAbsent: false } as const;

/** The type of entry `key` of a map or struct, whether it is a declared field, and how Go holds it. */
export function entryType(t: MapType, key: string): EntryType {
  const f = t.field(key);
  if (f === undefined) return { type: t.elementType, ...UNDECLARED };
  return { type: f.type, declared: true, alwaysPresent: f.alwaysPresent, zeroWhenAbsent: f.zeroWhenAbsent === true, emptyWhenAbsent: f.emptyWhenAbsent === true };
}

/**
 * An entry's value as the typed object holds it: an `omitempty` map or slice that is `null` or empty is absent
 * (Go omits it); anything else is unchanged.
 */
export function typedEntryValue(e: EntryType, v: unknown, isEmpty: (v: unknown) => boolean = isEmptyValue): unknown {
  return e.emptyWhenAbsent && isEmpty(v) ? undefined : v;
}

/** True for null, or an empty object or array (upstream treats both sides empty as a leaf). */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.keys(v).length === 0;
  return false;
}

/** The path element of a list item: its key fields (associative with keys), its value (sets), or its index. */
export function itemPathElement(t: ListType, item: unknown, index: number): PathElement {
  if (t.relationship !== 'associative') return { index };
  if (t.keys.length === 0) {
    if (isObject(item)) throw new TypedValueError("associative list without keys has an element that's a map type");
    if (Array.isArray(item)) throw new TypedValueError("associative list without keys has an element that's a list type");
    return { value: item };
  }
  if (item === null) throw new TypedValueError('associative list with keys may not have a null element');
  if (!isObject(item)) throw new TypedValueError('associative list with keys may not have non-map elements');
  const key = t.keys.map((name) => {
    if (Object.hasOwn(item, name)) return { name, value: item[name] };
    if (Object.hasOwn(t.keyDefaults, name)) return { name, value: t.keyDefaults[name] };
    throw new TypedValueError(`associative list with keys has an element that omits key field ${JSON.stringify(name)} (and doesn't have default value)`);
  });
  key.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { key };
}
