/**
 * A decoded body as Go's encoding/json leaves it in the typed struct: fields the struct does not declare are
 * dropped, and a JSON `null` takes the Go meaning of its place. In a struct field it leaves the field zero (a
 * pointer nil): the field is absent. As a slice element or a map value it becomes the element type's zero value:
 * `""` in a `[]string` or `map[string]string`, an empty struct in a `[]OwnerReference`, `"0"` for a Quantity,
 * `0` for an IntOrString, `""` for a `[]byte` (as stored and read back), while other nil-able elements (slices,
 * maps, Time, raw objects) stay `null`. Every later step (validation, defaulting, storage, protobuf) then only
 * sees values a Go object can hold.
 */
import type { TSchema } from 'typebox';
import { codecOf, node, propertiesOf } from './extensions.js';
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';
import { goPlanOf } from './go-plan.js';
import { canonicalBase64 } from './go-base64.js';
import { canonicalQuantity } from './quantity.js';
import { setOwnProperty } from './own-property.js';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What a JSON `null` decodes to as an element of the schema's Go type (its zero value, in JSON form). */
export function goNullElement(schema: TSchema): unknown {
  const codec = codecOf(schema);
  if (codec === 'quantity') return '0';
  if (codec === 'int-or-string') return 0;
  // A nil []byte: JSON null when Go writes it fresh, but stored (protobuf) and read back it is empty: "".
  if (codec === 'bytes') return '';
  if (codec !== undefined) return null;
  if (propertiesOf(schema) !== undefined) return {};
  switch (node(schema).type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function decodeStruct(fields: ReadonlyMap<string, TSchema>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const fs = fields.get(key);
    const v = value[key];
    // Declared field names are never `__proto__`: a plain assignment is safe.
    if (fs !== undefined && v !== null && v !== undefined) out[key] = decodeAsGo(fs, v);
  }
  return out;
}

function decodeArray(items: TSchema, value: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    out[i] = v === null || v === undefined ? goNullElement(items) : decodeAsGo(items, v);
  }
  return out;
}

function decodeMap(valueSchema: TSchema, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    setOwnProperty(out, key, v === null || v === undefined ? goNullElement(valueSchema) : decodeAsGo(valueSchema, v));
  }
  return out;
}

function* decodeStructSteps(fields: ReadonlyMap<string, TSchema>, value: Record<string, unknown>): SlicedPass<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const fs = fields.get(key);
    const v = value[key];
    if (fs !== undefined && v !== null && v !== undefined) out[key] = yield* decodeAsGoSteps(fs, v);
    if (cheapStepDue()) yield;
  }
  return out;
}

function* decodeArraySteps(items: TSchema, value: readonly unknown[]): SlicedPass<unknown[]> {
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    out[i] = v === null || v === undefined ? goNullElement(items) : yield* decodeAsGoSteps(items, v);
    if (cheapStepDue()) yield;
  }
  return out;
}

function* decodeMapSteps(valueSchema: TSchema, value: Record<string, unknown>): SlicedPass<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    setOwnProperty(out, key, v === null || v === undefined ? goNullElement(valueSchema) : yield* decodeAsGoSteps(valueSchema, v));
    if (cheapStepDue()) yield;
  }
  return out;
}

/**
 * {@link decodeAsGo} as a sliced pass (issue #19): the same copy, with yield points after each member and item;
 * leaves and values of the wrong JSON type are returned as they are, as by the plain pass.
 */
export function* decodeAsGoSteps(schema: TSchema, value: unknown): SlicedPass<unknown> {
  if (typeof value !== 'object' || value === null) return decodeAsGo(schema, value);
  const plan = goPlanOf(schema);
  if (plan.kind === 'struct') return isPlainObject(value) ? yield* decodeStructSteps(plan.fields, value) : value;
  if (plan.kind === 'array') return Array.isArray(value) ? yield* decodeArraySteps(plan.items, value) : value;
  if (plan.kind === 'map') return isPlainObject(value) ? yield* decodeMapSteps(plan.value, value) : value;
  return value;
}

/**
 * `value` as Go decodes it into the type `schema` describes: undeclared fields dropped, JSON nulls as the Go
 * zero values of their places (see the module comment). Values of the wrong JSON type are kept as they are (the
 * typed-decode check reports them first). Returns a copy; `__proto__` keys stay own properties.
 */
export function decodeAsGo(schema: TSchema, value: unknown): unknown {
  const plan = goPlanOf(schema);
  switch (plan.kind) {
    case 'struct':
      return isPlainObject(value) ? decodeStruct(plan.fields, value) : value;
    case 'array':
      return Array.isArray(value) ? decodeArray(plan.items, value) : value;
    case 'map':
      return isPlainObject(value) ? decodeMap(plan.value, value) : value;
    case 'codec':
      // A Quantity is written back in its canonical form (`0.5` → `500m`), bytes as Go encodes what it decoded;
      // text that is neither stays for validation to report.
      if (codecOf(schema) === 'quantity') return canonicalQuantity(value) ?? value;
      return codecOf(schema) === 'bytes' && typeof value === 'string' ? (canonicalBase64(value) ?? value) : value;
    default:
      return value;
  }
}

/**
 * A copy of `value` without the properties the schema does not declare, with JSON nulls decoded as Go does:
 * what Go's decoder keeps of a body (the same as {@link decodeAsGo}).
 */
export function pruneUnknownFields(schema: TSchema, value: unknown): unknown {
  return decodeAsGo(schema, value);
}
