/**
 * Shapes a plain object the way Go's encoding/json writes the corresponding Kubernetes struct: properties in
 * schema (struct) order, `omitempty` fields dropped when zero, non-omitempty fields written with their zero
 * value (`null` for nil slices, maps and pointers), structs never omitted, map keys sorted, Time normalised.
 * Properties unknown to the schema are kept after the known ones, so no data is lost.
 */
import type { TSchema } from 'typebox';
import { formatMicroTime, formatTime, parseTime } from '../apis/meta/v1/time.js';
import {
  codecOf,
  type GoOmit,
  goOmitOf,
  itemsOf,
  mapValueOf,
  node,
  propertiesOf,
  type WireCodec,
} from '../schema/extensions.js';
import { setOwnProperty } from '../schema/own-property.js';

/** Returns true for a plain (non-array) object. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

const STRUCT_CODECS: ReadonlySet<string> = new Set(['time', 'microtime', 'int-or-string', 'quantity']);

/** True when the Go type behind a schema is a struct (never dropped by omitempty). */
function isStructLike(schema: TSchema): boolean {
  const codec = codecOf(schema);
  if (codec !== undefined) return STRUCT_CODECS.has(codec);
  return propertiesOf(schema) !== undefined;
}

/** One struct field, with its omission facts read once. */
export interface FieldPlan {
  readonly key: string;
  readonly schema: TSchema;
  readonly omit: GoOmit;
  readonly struct: boolean;
}

/** What a schema is, computed once per schema object (the encoder's hot path reads only this). */
export type Shape =
  | { readonly kind: 'codec'; readonly codec: WireCodec }
  | { readonly kind: 'struct'; readonly fields: readonly FieldPlan[]; readonly keys: ReadonlySet<string> }
  | { readonly kind: 'array'; readonly items: TSchema }
  | { readonly kind: 'map'; readonly value: TSchema }
  | { readonly kind: 'scalar' };

const shapes = new WeakMap<TSchema, Shape>();

function computeShape(schema: TSchema): Shape {
  const codec = codecOf(schema);
  if (codec !== undefined) return { kind: 'codec', codec };
  const props = propertiesOf(schema);
  if (props !== undefined) {
    const fields = Object.entries(props).map(([key, fs]) => ({
      key,
      schema: fs,
      omit: goOmitOf(fs),
      struct: isStructLike(fs),
    }));
    return { kind: 'struct', fields, keys: new Set(Object.keys(props)) };
  }
  const items = itemsOf(schema);
  if (items !== undefined) return { kind: 'array', items };
  const value = mapValueOf(schema);
  return value === undefined ? { kind: 'scalar' } : { kind: 'map', value };
}

/** The shape of a schema, computed on first use and cached per schema object. */
export function shapeOf(schema: TSchema): Shape {
  let shape = shapes.get(schema);
  if (shape === undefined) {
    shape = computeShape(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

/** True for the values Go's omitempty drops: "", 0, false, and empty slices, byte strings and maps. */
export function isEmptyValue(v: unknown): boolean {
  if (v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Uint8Array) return v.length === 0;
  return isRecord(v) && Object.keys(v).length === 0;
}

/** The JSON Go writes for a zero value of the given type. */
export function goZeroValue(schema: TSchema): unknown {
  switch (codecOf(schema)) {
    case 'int-or-string':
      return 0;
    case 'quantity':
      return '0';
    case 'time':
    case 'microtime':
    case 'bytes':
    case 'fields-v1':
    case 'raw-extension':
    case 'wrapped-list':
      return null;
    default:
      break;
  }
  if (propertiesOf(schema) !== undefined) return goJSONValue(schema, {});
  const type = node(schema).type;
  if (type === 'string') return '';
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  return null;
}

/**
 * Time already in the form metav1.Time writes (UTC, whole seconds). Seconds up to 59 and years from 0100 only:
 * a leap second or a two-digit year would be rewritten by parse+format, every other such string is kept as is.
 */
const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:[0-5]\dZ$/;
/** Time already in the form metav1.MicroTime writes (UTC, six fractional digits), same limits. */
const CANONICAL_MICRO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:[0-5]\d\.\d{6}Z$/;

/** Normalises a Time (or MicroTime) string as Go writes it; strings already in that form pass through. */
export function normaliseTime(v: unknown, micro: boolean): unknown {
  if (typeof v !== 'string') return v;
  if ((micro ? CANONICAL_MICRO_TIME : CANONICAL_TIME).test(v) && !v.startsWith('00')) return v;
  try {
    const ts = parseTime(v);
    return micro ? formatMicroTime(ts) : formatTime(ts);
  } catch {
    return v;
  }
}

function encodeCodec(codec: WireCodec, v: unknown, embed: EmbeddedShaper | undefined): unknown {
  switch (codec) {
    case 'time':
      return normaliseTime(v, false);
    case 'microtime':
      return normaliseTime(v, true);
    case 'quantity':
      return typeof v === 'number' ? String(v) : v;
    case 'bytes':
      return v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v;
    case 'raw-extension':
      return embed === undefined ? v : embed(v);
    default:
      return v;
  }
}

function shapeStruct(
  fields: readonly FieldPlan[],
  keys: ReadonlySet<string>,
  value: Record<string, unknown>,
  embed: EmbeddedShaper | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = value[f.key];
    if (v === undefined || v === null) {
      if (f.omit === 'null') out[f.key] = null;
      else if (f.omit === 'never' || (f.omit === 'empty' && f.struct)) out[f.key] = goZeroValue(f.schema);
      continue;
    }
    if (f.omit === 'empty' && !f.struct && isEmptyValue(v)) continue;
    out[f.key] = goJSONValue(f.schema, v, embed);
  }
  for (const key of Object.keys(value)) {
    if (!keys.has(key) && value[key] !== undefined) setOwnProperty(out, key, value[key]);
  }
  return out;
}

/** Shapes an embedded object (runtime.RawExtension), e.g. by looking its kind up in a scheme. */
export type EmbeddedShaper = (value: unknown) => unknown;

/**
 * Shapes `value` as Go's encoding/json would write the type described by `schema`; embedded objects
 * (Table rows, WatchEvent objects) are passed to `embed` when given, else kept as they are.
 */
export function goJSONValue(schema: TSchema, value: unknown, embed?: EmbeddedShaper): unknown {
  if (value === undefined || value === null) return value;
  const shape = shapeOf(schema);
  switch (shape.kind) {
    case 'codec':
      return encodeCodec(shape.codec, value, embed);
    case 'struct':
      return isRecord(value) ? shapeStruct(shape.fields, shape.keys, value, embed) : value;
    case 'array':
      return Array.isArray(value) ? value.map((v) => goJSONValue(shape.items, v, embed)) : value;
    case 'map': {
      if (!isRecord(value)) return value;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value).sort()) setOwnProperty(out, k, goJSONValue(shape.value, value[k], embed));
      return out;
    }
    default:
      return value;
  }
}
