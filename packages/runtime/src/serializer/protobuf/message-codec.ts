/**
 * Converts between our JSON-shaped objects and protobuf message objects, driven by the schema. Encoding
 * writes what Go's generated marshallers write: every non-pointer field (zero values included), pointers
 * only when set, map entries in sorted key order. Decoding keeps every field present on the wire; the
 * caller shapes the result with Go's JSON rules.
 */
import type { TSchema } from 'typebox';
import { formatMicroTime, formatTime, parseTime } from '../../apis/meta/v1/time.js';
import type { EmbeddedIn, WireCodec } from '../../schema/extensions.js';
import { isRecord } from '../go-json.js';
import { parseJSONLimited } from '../nesting-depth.js';
import { type FieldPlan, planOf } from './message-plan.js';
import { setOwnProperty } from '../../schema/own-property.js';

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

/** A field path kept as a stack and formatted only when an error is reported. */
type Path = string[];

function valueError(path: Path, message: string): ProtobufValueError {
  return new ProtobufValueError(`${path.join('.').replace(/\.\[/g, '[')}: ${message}`);
}

function toBytes(v: unknown, path: Path): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return Buffer.from(v, 'base64');
  throw valueError(path, 'expected base64 string');
}

function encodeSpecial(codec: WireCodec, v: unknown, path: Path, emb: EmbeddedCodec): unknown {
  switch (codec) {
    case 'time':
    case 'microtime': {
      if (v === undefined || v === null || v === '') return {};
      if (typeof v !== 'string') throw valueError(path, 'expected RFC 3339 string');
      const ts = parseTime(v);
      return { seconds: ts.seconds, nanos: ts.nanos };
    }
    case 'int-or-string':
      if (typeof v === 'string') return { type: 1, intVal: 0, strVal: v };
      return { type: 0, intVal: v === undefined || v === null ? 0 : toNumber(v), strVal: '' };
    case 'quantity':
      return { string: v === undefined || v === null ? '0' : String(v) };
    case 'bytes':
      return toBytes(v, path);
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

/** Converts one value of `schema` to its protobuf message form (`where` names it in errors). */
export function toProtoValue(schema: TSchema, v: unknown, where: string, emb: EmbeddedCodec): unknown {
  return encodeValue(schema, v, [where], emb);
}

function encodeValue(schema: TSchema, v: unknown, path: Path, emb: EmbeddedCodec): unknown {
  const plan = planOf(schema);
  switch (plan.kind) {
    case 'codec':
      return encodeSpecial(plan.codec, v, path, emb);
    case 'message':
      return encodeMessage(plan.fields, plan.embeds, v ?? {}, path, emb);
    case 'array': {
      if (!Array.isArray(v)) throw valueError(path, 'expected array');
      return v.map((x, i) => nested(path, `[${i}]`, () => encodeValue(plan.items, x, path, emb)));
    }
    case 'map': {
      if (!isRecord(v)) throw valueError(path, 'expected object');
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) setOwnProperty(out, k, nested(path, k, () => encodeValue(plan.value, v[k], path, emb)));
      return out;
    }
    default: {
      const t = plan.type;
      const ok =
        (t === 'string' && typeof v === 'string') ||
        (t === 'boolean' && typeof v === 'boolean') ||
        ((t === 'integer' || t === 'number') && typeof v === 'number');
      if (!ok) throw valueError(path, `expected ${String(t)}, got ${typeof v}`);
      return v;
    }
  }
}

function nested<T>(path: Path, key: string, fn: () => T): T {
  path.push(key);
  const out = fn();
  path.pop();
  return out;
}

function encodeMessage(
  fields: readonly FieldPlan[],
  embeds: readonly EmbeddedIn[],
  value: unknown,
  path: Path,
  emb: EmbeddedCodec,
): Record<string, unknown> {
  if (!isRecord(value)) throw valueError(path, 'expected object');
  const out: Record<string, unknown> = {};
  // Go embeds structs by value: their message is always written, zero fields included.
  for (const embed of embeds) out[embed.name] = encodeValue(embed.schema, value, path, emb);
  for (const f of fields) {
    const v = value[f.key];
    if (v !== undefined && v !== null) out[f.key] = nested(path, f.key, () => encodeValue(f.schema, v, path, emb));
    else if (f.unset.kind === 'scalar') out[f.key] = f.unset.value;
    else if (f.unset.kind === 'message') out[f.key] = nested(path, f.key, () => encodeValue(f.schema, undefined, path, emb));
  }
  return out;
}

function decodeSpecial(codec: WireCodec, m: Record<string, unknown>, emb: EmbeddedCodec): unknown {
  switch (codec) {
    case 'time':
    case 'microtime': {
      if (!Object.hasOwn(m, 'seconds')) return null;
      const ts = { seconds: toNumber(m.seconds), nanos: toNumber(m.nanos ?? 0) };
      return codec === 'time' ? formatTime(ts) : formatMicroTime(ts);
    }
    case 'int-or-string':
      return toNumber(m.type ?? 0) === 1 ? String(m.strVal ?? '') : toNumber(m.intVal ?? 0);
    case 'quantity':
      return String(m.string ?? '');
    case 'fields-v1': {
      const raw = m.Raw;
      return raw instanceof Uint8Array && raw.length > 0 ? parseJSONLimited(fromUtf8.decode(raw)) : null;
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
  const plan = planOf(schema);
  switch (plan.kind) {
    case 'codec':
      if (plan.codec === 'bytes') return v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v;
      return isRecord(v) ? decodeSpecial(plan.codec, v, emb) : null;
    case 'message':
      return isRecord(v) ? decodeMessage(plan.fields, plan.embeds, v, emb) : v;
    case 'array':
      return Array.isArray(v) ? v.map((x) => fromProtoValue(plan.items, x, emb)) : v;
    case 'map': {
      if (!isRecord(v)) return v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) setOwnProperty(out, k, fromProtoValue(plan.value, v[k], emb));
      return out;
    }
    default:
      return plan.int64 ? toNumber(v) : v;
  }
}

function decodeMessage(
  fields: readonly FieldPlan[],
  embeds: readonly EmbeddedIn[],
  m: Record<string, unknown>,
  emb: EmbeddedCodec,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const embed of embeds) {
    const inner = m[embed.name];
    if (Object.hasOwn(m, embed.name) && isRecord(inner)) Object.assign(out, fromProtoValue(embed.schema, inner, emb));
  }
  for (const f of fields) {
    if (!Object.hasOwn(m, f.key)) continue;
    const v = m[f.key];
    // Go decodes an absent repeated or map field as nil; keep it absent so JSON shaping writes null/omits it.
    if (f.collection && (Array.isArray(v) ? v.length === 0 : isRecord(v) && Object.keys(v).length === 0)) continue;
    out[f.key] = fromProtoValue(f.schema, v, emb);
  }
  return out;
}
