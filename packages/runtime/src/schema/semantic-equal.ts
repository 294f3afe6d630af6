/**
 * Go's `equality.Semantic.DeepEqual` over objects held as JSON values, guided by the Go type a schema describes.
 * Go compares typed values, so every JSON spelling of one Go value compares equal:
 * - an absent value-typed field equals its zero value: `""`, `0`, `false`, an empty struct (`"resources": {}`);
 *   a pointer field (`x-go-omit` `nil` or `null`) is nil only when absent or `null`, and nil differs from a
 *   pointer to a zero value;
 * - a nil slice or map equals an empty one (the forked `reflect.DeepEqual` Semantic is built on);
 * - quantities compare by value (`1000m` = `1`), times by instant (`Semantic`'s equality functions);
 * - fields the Go type does not declare do not exist in Go and are ignored.
 * Values without a schema (free-form JSON) compare structurally, an absent property equal to a missing one.
 * @module
 */
import type { TSchema } from 'typebox';
import { normaliseTime } from '../serializer/go-json.js';
import { codecOf, goOmitOf, type WireCodec } from './extensions.js';
import { goNullElement } from './go-decode.js';
import { goPlanOf } from './go-plan.js';
import { quantitiesEqual } from './quantity-compare.js';

type JSONRecord = Readonly<Record<string, unknown>>;

const EMPTY: JSONRecord = Object.freeze({});
const NO_ITEMS: readonly unknown[] = Object.freeze([]);

function isAbsent(v: unknown): v is undefined | null {
  return v === undefined || v === null;
}

function isRecord(v: unknown): v is JSONRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Structural equality of free-form JSON values; a property holding `undefined` counts as missing. */
export function jsonValuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonValuesEqual(x, b[i]));
  if (!isRecord(a) || !isRecord(b) || Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => a[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => b[k] !== undefined);
  return keysA.length === keysB.length && keysA.every((k) => Object.hasOwn(b, k) && jsonValuesEqual(a[k], b[k]));
}

function isPointer(schema: TSchema): boolean {
  const omit = goOmitOf(schema);
  return omit === 'nil' || omit === 'null';
}

function structsEqual(fields: ReadonlyMap<string, TSchema>, a: unknown, b: unknown): boolean {
  const ra = isAbsent(a) ? EMPTY : a;
  const rb = isAbsent(b) ? EMPTY : b;
  if (!isRecord(ra) || !isRecord(rb)) return jsonValuesEqual(a, b);
  for (const [key, fieldSchema] of fields) {
    const va = Object.hasOwn(ra, key) ? ra[key] : undefined;
    const vb = Object.hasOwn(rb, key) ? rb[key] : undefined;
    const kind = goPlanOf(fieldSchema).kind;
    if (kind !== 'array' && kind !== 'map' && isPointer(fieldSchema) && (isAbsent(va) || isAbsent(vb))) {
      if (isAbsent(va) !== isAbsent(vb)) return false;
      continue;
    }
    if (!semanticEqual(fieldSchema, va, vb)) return false;
  }
  return true;
}

function listsEqual(items: TSchema, a: unknown, b: unknown): boolean {
  const la = isAbsent(a) ? NO_ITEMS : a;
  const lb = isAbsent(b) ? NO_ITEMS : b;
  if (!Array.isArray(la) || !Array.isArray(lb)) return jsonValuesEqual(a, b);
  if (la.length !== lb.length) return false;
  for (let i = 0; i < la.length; i++) if (!semanticEqual(items, la[i], lb[i])) return false;
  return true;
}

function mapsEqual(value: TSchema, a: unknown, b: unknown): boolean {
  const ra = isAbsent(a) ? EMPTY : a;
  const rb = isAbsent(b) ? EMPTY : b;
  if (!isRecord(ra) || !isRecord(rb)) return jsonValuesEqual(a, b);
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((k) => Object.hasOwn(rb, k) && semanticEqual(value, ra[k], rb[k]));
}

function codecValuesEqual(codec: WireCodec, a: unknown, b: unknown): boolean {
  switch (codec) {
    case 'quantity':
      return quantitiesEqual(a ?? '0', b ?? '0');
    case 'int-or-string':
      return (a ?? 0) === (b ?? 0);
    case 'time':
    case 'microtime':
      if (isAbsent(a) || isAbsent(b)) return isAbsent(a) === isAbsent(b);
      return normaliseTime(a, codec === 'microtime') === normaliseTime(b, codec === 'microtime');
    case 'bytes':
      return (a ?? '') === (b ?? '');
    default:
      return isAbsent(a) || isAbsent(b) ? isAbsent(a) === isAbsent(b) : jsonValuesEqual(a, b);
  }
}

function leavesEqual(schema: TSchema, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // For a leaf, goNullElement is the scalar's zero value ("", 0, false), or null for a free-form value.
  const zero = goNullElement(schema);
  if (zero === null) return isAbsent(a) || isAbsent(b) ? isAbsent(a) === isAbsent(b) : jsonValuesEqual(a, b);
  return (isAbsent(a) ? zero : a) === (isAbsent(b) ? zero : b);
}

/**
 * True when `a` and `b` hold the same Go value of the type `schema` describes (`Semantic.DeepEqual`): see the
 * module comment for what counts as the same. `a` and `b` are not modified.
 */
export function semanticEqual(schema: TSchema, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const plan = goPlanOf(schema);
  switch (plan.kind) {
    case 'struct':
      return structsEqual(plan.fields, a, b);
    case 'array':
      return listsEqual(plan.items, a, b);
    case 'map':
      return mapsEqual(plan.value, a, b);
    case 'codec':
      return codecValuesEqual(codecOf(schema) as WireCodec, a, b);
    default:
      return leavesEqual(schema, a, b);
  }
}
