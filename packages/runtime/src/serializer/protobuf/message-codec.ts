/**
 * Converts between our JSON-shaped objects and protobuf message objects, driven by the schema. Encoding
 * writes what Go's generated marshallers write: every non-pointer field (zero values included), pointers
 * only when set, map entries in sorted key order. Decoding keeps every field present on the wire; the
 * caller shapes the result with Go's JSON rules.
 */
import type { TSchema } from 'typebox';
import { formatMicroTime, formatTime, parseTime } from '../../apis/meta/v1/time.js';
import {
  codecOf,
  type EmbeddedIn,
  embeddedIn,
  goOmitOf,
  itemsOf,
  mapValueOf,
  node,
  propertiesOf,
  protobufFieldOf,
} from '../../schema/extensions.js';
import { isRecord } from '../go-json.js';

/** Hooks for values whose bytes hold another serialized object (runtime.RawExtension). */
export interface EmbeddedCodec {
  /** Serializes an embedded object. */
  encodeEmbedded(obj: unknown): Uint8Array;
  /** Deserializes an embedded object. */
  decodeEmbedded(bytes: Uint8Array): unknown;
}

/** Thrown when a value does not fit its schema's wire type. */
export class ProtobufValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtobufValueError';
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && v !== null && 'toNumber' in v && typeof v.toNumber === 'function') {
    return Number(v.toNumber());
  }
  return Number(v);
}

function toBytes(v: unknown, where: string): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return Buffer.from(v, 'base64');
  throw new ProtobufValueError(`${where}: expected base64 string`);
}

function zeroScalar(schema: TSchema): unknown {
  const n = node(schema);
  if (codecOf(schema) === 'bytes') return undefined;
  if (n.type === 'string') return '';
  if (n.type === 'boolean') return false;
  if (n.type === 'integer' || n.type === 'number') return 0;
  return undefined;
}

function encodeSpecial(schema: TSchema, v: unknown, where: string, emb: EmbeddedCodec): unknown {
  switch (codecOf(schema)) {
    case 'time':
    case 'microtime': {
      if (v === undefined || v === null || v === '') return {};
      if (typeof v !== 'string') throw new ProtobufValueError(`${where}: expected RFC 3339 string`);
      const ts = parseTime(v);
      return { seconds: ts.seconds, nanos: ts.nanos };
    }
    case 'int-or-string':
      if (typeof v === 'string') return { type: 1, intVal: 0, strVal: v };
      return { type: 0, intVal: v === undefined || v === null ? 0 : toNumber(v), strVal: '' };
    case 'quantity':
      return { string: v === undefined || v === null ? '0' : String(v) };
    case 'bytes':
      return toBytes(v, where);
    case 'fields-v1':
      return { Raw: utf8.encode(JSON.stringify(v)) };
    case 'raw-extension':
      return v === undefined || v === null ? {} : { raw: emb.encodeEmbedded(v) };
    case 'wrapped-list':
      return { items: Array.isArray(v) ? v : [] };
    default:
      return undefined;
  }
}

/** Converts one value of `schema` to its protobuf message form. */
export function toProtoValue(schema: TSchema, v: unknown, where: string, emb: EmbeddedCodec): unknown {
  if (codecOf(schema) !== undefined) return encodeSpecial(schema, v, where, emb);
  const props = propertiesOf(schema);
  if (props !== undefined) return toProtoMessage(props, v ?? {}, where, emb);
  const items = itemsOf(schema);
  if (items !== undefined) {
    if (!Array.isArray(v)) throw new ProtobufValueError(`${where}: expected array`);
    return v.map((x, i) => toProtoValue(items, x, `${where}[${i}]`, emb));
  }
  const mv = mapValueOf(schema);
  if (mv !== undefined) {
    if (!isRecord(v)) throw new ProtobufValueError(`${where}: expected object`);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = toProtoValue(mv, v[k], `${where}.${k}`, emb);
    return out;
  }
  return checkScalar(schema, v, where);
}

function checkScalar(schema: TSchema, v: unknown, where: string): unknown {
  const t = node(schema).type;
  const ok =
    (t === 'string' && typeof v === 'string') ||
    (t === 'boolean' && typeof v === 'boolean') ||
    ((t === 'integer' || t === 'number') && typeof v === 'number');
  if (!ok) throw new ProtobufValueError(`${where}: expected ${String(t)}, got ${typeof v}`);
  return v;
}

function toProtoMessage(
  props: Record<string, TSchema>,
  value: unknown,
  where: string,
  emb: EmbeddedCodec,
): Record<string, unknown> {
  if (!isRecord(value)) throw new ProtobufValueError(`${where}: expected object`);
  const out: Record<string, unknown> = {};
  for (const embed of embedsOf(props)) {
    // Go embeds the struct by value: its message is always written, zero fields included.
    out[embed.name] = toProtoValue(embed.schema, value, where, emb);
  }
  for (const [key, fs] of Object.entries(props)) {
    if (protobufFieldOf(fs) === undefined || embeddedIn(fs) !== undefined) continue;
    const v = value[key];
    const path = `${where}.${key}`;
    if (v !== undefined && v !== null) {
      out[key] = toProtoValue(fs, v, path, emb);
      continue;
    }
    const omit = goOmitOf(fs);
    if (omit === 'nil' || omit === 'null') continue;
    const zero = propertiesOf(fs) !== undefined || codecOf(fs) !== undefined ? undefined : zeroScalar(fs);
    if (zero !== undefined) out[key] = zero;
    else if (isZeroFilledMessage(fs)) out[key] = toProtoValue(fs, undefined, path, emb);
  }
  return out;
}

function embedsOf(props: Record<string, TSchema>): EmbeddedIn[] {
  const byName = new Map<string, EmbeddedIn>();
  for (const fs of Object.values(props)) {
    const e = embeddedIn(fs);
    if (e !== undefined && !byName.has(e.name)) byName.set(e.name, e);
  }
  return [...byName.values()];
}

function isZeroFilledMessage(schema: TSchema): boolean {
  const codec = codecOf(schema);
  if (codec === undefined) return propertiesOf(schema) !== undefined;
  return codec !== 'bytes' && codec !== 'fields-v1' && codec !== 'wrapped-list';
}

function decodeSpecial(schema: TSchema, m: Record<string, unknown>, emb: EmbeddedCodec): unknown {
  switch (codecOf(schema)) {
    case 'time':
    case 'microtime': {
      if (!Object.hasOwn(m, 'seconds')) return null;
      const ts = { seconds: toNumber(m.seconds), nanos: toNumber(m.nanos ?? 0) };
      return codecOf(schema) === 'time' ? formatTime(ts) : formatMicroTime(ts);
    }
    case 'int-or-string':
      return toNumber(m.type ?? 0) === 1 ? String(m.strVal ?? '') : toNumber(m.intVal ?? 0);
    case 'quantity':
      return String(m.string ?? '');
    case 'fields-v1': {
      const raw = m.Raw;
      return raw instanceof Uint8Array && raw.length > 0 ? JSON.parse(fromUtf8.decode(raw)) : null;
    }
    case 'raw-extension': {
      const raw = m.raw;
      return raw instanceof Uint8Array && raw.length > 0 ? emb.decodeEmbedded(raw) : null;
    }
    case 'wrapped-list':
      return Array.isArray(m.items) ? [...m.items] : [];
    default:
      return m;
  }
}

/** Converts a decoded protobuf value back to the JSON-shaped form of `schema`. */
export function fromProtoValue(schema: TSchema, v: unknown, emb: EmbeddedCodec): unknown {
  const codec = codecOf(schema);
  if (codec === 'bytes') return v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v;
  if (codec !== undefined) return isRecord(v) ? decodeSpecial(schema, v, emb) : null;
  const props = propertiesOf(schema);
  if (props !== undefined) return isRecord(v) ? fromProtoMessage(props, v, emb) : v;
  const items = itemsOf(schema);
  if (items !== undefined) return Array.isArray(v) ? v.map((x) => fromProtoValue(items, x, emb)) : v;
  const mv = mapValueOf(schema);
  if (mv !== undefined && isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = fromProtoValue(mv, x, emb);
    return out;
  }
  return node(schema).format === 'int64' ? toNumber(v) : v;
}

function fromProtoMessage(
  props: Record<string, TSchema>,
  m: Record<string, unknown>,
  emb: EmbeddedCodec,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const embed of embedsOf(props)) {
    const inner = m[embed.name];
    if (Object.hasOwn(m, embed.name) && isRecord(inner)) Object.assign(out, fromProtoValue(embed.schema, inner, emb));
  }
  for (const [key, fs] of Object.entries(props)) {
    if (protobufFieldOf(fs) === undefined || embeddedIn(fs) !== undefined || !Object.hasOwn(m, key)) continue;
    const v = m[key];
    // Go decodes an absent repeated or map field as nil; keep it absent so JSON shaping writes null/omits it.
    if (Array.isArray(v) && v.length === 0 && codecOf(fs) === undefined) continue;
    if (mapValueOf(fs) !== undefined && isRecord(v) && Object.keys(v).length === 0) continue;
    out[key] = fromProtoValue(fs, v, emb);
  }
  return out;
}
