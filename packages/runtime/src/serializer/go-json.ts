/**
 * Shapes a plain object the way Go's encoding/json writes the corresponding Kubernetes struct: properties in
 * schema (struct) order, `omitempty` fields dropped when zero, non-omitempty fields written with their zero
 * value (`null` for nil slices, maps and pointers), structs never omitted, map keys sorted, Time normalised.
 * Properties unknown to the schema are kept after the known ones, so no data is lost.
 */
import type { TSchema } from 'typebox';
import { formatMicroTime, formatTime, parseTime } from '../apis/meta/v1/time.js';
import { codecOf, goOmitOf, itemsOf, mapValueOf, node, propertiesOf } from '../schema/extensions.js';

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

function isEmptyValue(v: unknown): boolean {
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

function normaliseTime(v: unknown, micro: boolean): unknown {
  if (typeof v !== 'string') return v;
  try {
    const ts = parseTime(v);
    return micro ? formatMicroTime(ts) : formatTime(ts);
  } catch {
    return v;
  }
}

function encodeCodec(schema: TSchema, v: unknown, embed: EmbeddedShaper | undefined): unknown {
  switch (codecOf(schema)) {
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
  props: Record<string, TSchema>,
  value: Record<string, unknown>,
  embed: EmbeddedShaper | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, fs] of Object.entries(props)) {
    const v = value[key];
    const omit = goOmitOf(fs);
    const struct = isStructLike(fs);
    if (v === undefined || v === null) {
      if (omit === 'null') out[key] = null;
      else if (omit === 'never' || (omit === 'empty' && struct)) out[key] = goZeroValue(fs);
      continue;
    }
    if (omit === 'empty' && !struct && isEmptyValue(v)) continue;
    out[key] = goJSONValue(fs, v, embed);
  }
  for (const [key, v] of Object.entries(value)) {
    if (!(key in props) && v !== undefined) out[key] = v;
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
  if (codecOf(schema) !== undefined) return encodeCodec(schema, value, embed);
  const props = propertiesOf(schema);
  if (props !== undefined) return isRecord(value) ? shapeStruct(props, value, embed) : value;
  const items = itemsOf(schema);
  if (items !== undefined) return Array.isArray(value) ? value.map((v) => goJSONValue(items, v, embed)) : value;
  const mapValue = mapValueOf(schema);
  if (mapValue !== undefined && isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = goJSONValue(mapValue, value[k], embed);
    return out;
  }
  return value;
}
