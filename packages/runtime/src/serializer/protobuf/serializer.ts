/**
 * The `application/vnd.kubernetes.protobuf` serializer: `k8s\0` + runtime.Unknown around each object's own
 * protobuf message, built by reflection from the registered schemas.
 */
import type protobuf from 'protobufjs';
import type { TSchema } from 'typebox';
import { formatGroupVersion, gvkFromAPIVersionAndKind } from '../../runtime/group-version.js';
import type { KubeObject, Scheme } from '../../runtime/scheme.js';
import { DecodeError } from '../../runtime/scheme-errors.js';
import { goJSONValue, isRecord } from '../go-json.js';
import { errorText, parseJSONObject, schemaOfObject } from '../json.js';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../nesting-depth.js';
import { findUnknownFields } from '../../schema/unknown-fields.js';
import { itemsOfSchema, joinBytes, listItemSchema } from '../list-items.js';
import type { EncodeOptions, ItemwiseEncoder, ObjectEncoding } from '../serializer.js';
import { ProtobufDescriptors } from './descriptors.js';
import { decodeEnvelope, encodeEnvelope, hasProtobufMagic } from './envelope.js';
import { type EmbeddedCodec, fromProtoValue, ProtobufValueError, toProtoValue } from './message-codec.js';
import { findUnknownField } from './unknown-fields.js';

const utf8 = new TextEncoder();

/**
 * Embedded objects (RawExtension bytes, decoded eagerly here where Go keeps them raw) nested in one body: each
 * adds at least two JSON levels, so more than this many always nest deeper than MAX_NESTING_DEPTH.
 */
const MAX_EMBEDDED_DEPTH = MAX_NESTING_DEPTH / 2;
const tooDeep = () => new DecodeError(`protobuf: exceeded max depth of ${MAX_NESTING_DEPTH}`);

/** The Kubernetes protobuf media type. */
export const MEDIA_TYPE_PROTOBUF = 'application/vnd.kubernetes.protobuf';

/** What an envelope writes after `raw`: empty contentEncoding (field 3) and contentType (field 4). */
const ENVELOPE_TRAILER = [0x1a, 0x00, 0x22, 0x00];

/** A protobuf varint. */
function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

/** The key and length of one length-delimited field. */
function fieldHead(id: number, length: number): Uint8Array {
  return Uint8Array.from([...varint(id * 8 + 2), ...varint(length)]);
}

/** How an envelope with an empty `raw` ends: raw (field 2, length 0), then the {@link ENVELOPE_TRAILER}. */
const EMPTY_RAW_END = [0x12, 0x00, ...ENVELOPE_TRAILER];

/**
 * The envelope of a message given in pieces, written into one buffer (the pieces are not joined first): what
 * `encodeEnvelope` gives for their concatenation.
 */
function envelopeAround(apiVersion: string, kind: string, raw: readonly Uint8Array[], rawLength: number): Uint8Array {
  const empty = encodeEnvelope(apiVersion, kind, new Uint8Array(0));
  const headEnd = empty.length - EMPTY_RAW_END.length;
  if (!EMPTY_RAW_END.every((b, i) => empty[headEnd + i] === b)) return encodeEnvelope(apiVersion, kind, joinBytes(raw));
  const rawKey = fieldHead(2, rawLength);
  return joinBytes([empty.subarray(0, headEnd), rawKey, ...raw, Uint8Array.from(ENVELOPE_TRAILER)]);
}

/** Encodes and decodes registered kinds as Kubernetes protobuf. */
export class ProtobufSerializer implements ItemwiseEncoder, EmbeddedCodec {
  /** `application/vnd.kubernetes.protobuf`. */
  readonly mediaType = MEDIA_TYPE_PROTOBUF;
  /** Protobuf is binary. */
  readonly binary = true;
  readonly #scheme: Scheme;
  readonly #descriptors: ProtobufDescriptors;
  /** Embedded objects being decoded (decode is synchronous: the count belongs to the current body). */
  #embedding = 0;
  /** Embedded objects decoded in the current body. */
  #embedded = 0;

  /** Creates a protobuf serializer for the scheme's kinds (descriptors may be shared between serializers). */
  constructor(scheme: Scheme, descriptors: ProtobufDescriptors = new ProtobufDescriptors()) {
    this.#scheme = scheme;
    this.#descriptors = descriptors;
  }

  /** The protobufjs message type of a schema (for descriptor export or benchmarks). */
  messageTypeFor(schema: TSchema): protobuf.Type {
    return this.#descriptors.typeFor(schema);
  }

  /**
   * Encodes an object of a registered kind: envelope + raw message. Throws ProtobufValueError when the object
   * has properties the schema does not declare (they would be lost); see `supports`.
   */
  encode(obj: KubeObject): Uint8Array {
    return this.encodeObject(obj).bytes;
  }

  /** {@link ProtobufSerializer.encode}, with the object's own message (the bytes of a list item) as `item`. */
  encodeObject(obj: KubeObject): ObjectEncoding {
    const gvk = this.#scheme.objectKind(obj);
    const schema = this.#scheme.schemaFor(gvk);
    const unknown = findUnknownFields(schema, obj);
    if (unknown.length > 0) {
      throw new ProtobufValueError(`${gvk.kind} has fields without a protobuf form: ${unknown.join(', ')}`);
    }
    const raw = this.encodeRaw(schema, obj);
    const bytes = encodeEnvelope(formatGroupVersion(gvk), gvk.kind, raw);
    const end = bytes.length - ENVELOPE_TRAILER.length;
    const trailed = ENVELOPE_TRAILER.every((b, i) => bytes[end + i] === b);
    return trailed ? { bytes, item: bytes.subarray(end - raw.length, end) } : { bytes, item: raw };
  }

  /**
   * A list whose items field is its last: its message is the list without items followed by one length-delimited
   * `items` field per item holding the item's own message. Undefined when an item's kind is not the list's items'
   * or a field of the list has no protobuf form (encode it whole: that gives the error).
   */
  encodeList(list: KubeObject, items: readonly KubeObject[], _options: EncodeOptions, itemBytes: (item: KubeObject) => Uint8Array): Uint8Array | undefined {
    const listSchema = schemaOfObject(this.#scheme, list);
    const itemSchema = listSchema === undefined ? undefined : listItemSchema(listSchema);
    if (listSchema === undefined || itemSchema === undefined) return undefined;
    if (!itemsOfSchema(items, itemSchema, (item) => schemaOfObject(this.#scheme, item))) return undefined;
    const head = { ...list, items: [] };
    if (findUnknownFields(listSchema, head).length > 0) return undefined;
    const type = this.#descriptors.typeFor(listSchema);
    const field = type.fields.items;
    if (field === undefined || !field.repeated || type.fieldsArray.some((f) => f.id > field.id)) return undefined;
    const raw: Uint8Array[] = [this.encodeRaw(listSchema, head)];
    let rawLength = raw[0]?.length ?? 0;
    for (const item of items) {
      const bytes = itemBytes(item);
      const key = fieldHead(field.id, bytes.length);
      raw.push(key, bytes);
      rawLength += key.length + bytes.length;
    }
    const gvk = this.#scheme.objectKind(list);
    return envelopeAround(formatGroupVersion(gvk), gvk.kind, raw, rawLength);
  }

  /**
   * True when the object can be written as protobuf without losing data: its kind is registered, has a
   * protobuf form, and every property is declared. Handlers can fall back to JSON otherwise.
   */
  supports(obj: KubeObject): boolean {
    const schema = schemaOfObject(this.#scheme, obj);
    if (schema === undefined || findUnknownFields(schema, obj).length > 0) return false;
    try {
      this.#descriptors.typeFor(schema);
      return true;
    } catch {
      return false;
    }
  }

  /** Encodes an object's own message without the envelope (Go's raw serializer). */
  encodeRaw(schema: TSchema, obj: KubeObject): Uint8Array {
    const type = this.#descriptors.typeFor(schema);
    const message = toProtoValue(schema, obj, obj.kind === undefined ? '' : String(obj.kind), this);
    if (!isRecord(message)) throw new DecodeError('protobuf: object did not convert to a message');
    return type.encode(message).finish();
  }

  /**
   * Decodes an enveloped body into the object Go would produce (JSON-shaped, kind and apiVersion set); a body
   * nesting deeper than MAX_NESTING_DEPTH through embedded objects is a DecodeError.
   */
  decode(data: Uint8Array): KubeObject {
    const outermost = this.#embedding === 0;
    if (outermost) this.#embedded = 0;
    const env = decodeEnvelope(data);
    if (env.contentType !== '' && env.contentType !== MEDIA_TYPE_PROTOBUF) {
      throw new DecodeError(`protobuf envelope with unsupported content type ${JSON.stringify(env.contentType)}`);
    }
    if (env.contentEncoding !== '') {
      throw new DecodeError(`protobuf envelope with unsupported content encoding ${JSON.stringify(env.contentEncoding)}`);
    }
    const head = { kind: env.kind, apiVersion: env.apiVersion };
    const schema = this.#scheme.schemaFor(this.#scheme.objectKind(head));
    const obj = this.decodeRaw(schema, env.raw, head);
    // Only embedded objects (each with its own JSON nesting budget) can take a body past the limit.
    if (outermost && this.#embedded > 0 && nestsDeeperThan(obj)) throw tooDeep();
    return obj;
  }

  /**
   * Decodes an object's own message (no envelope) of a known schema. Fields the message type does not declare
   * are looked for first: that scan stops at 64 nested messages, so protobufjs never recurses deeper.
   */
  decodeRaw(schema: TSchema, raw: Uint8Array, typeMeta: { kind?: string; apiVersion?: string } = {}): KubeObject {
    const type = this.#descriptors.typeFor(schema);
    let decoded: unknown;
    try {
      const unknown = findUnknownField(type, raw);
      if (unknown !== undefined) {
        throw new DecodeError(`protobuf field not supported by this server: ${unknown}; send this object as JSON`);
      }
      decoded = fromProtoValue(schema, type.decode(raw), this);
    } catch (err) {
      if (err instanceof DecodeError) throw err;
      throw new DecodeError(`unable to decode protobuf ${type.name}: ${errorText(err)}`, { cause: err });
    }
    const body = isRecord(decoded) ? decoded : {};
    const shaped = goJSONValue(schema, { ...typeMeta, ...body });
    return isRecord(shaped) ? shaped : body;
  }

  /** RawExtension hook: registered kinds are embedded as protobuf, anything else as JSON. */
  encodeEmbedded(obj: unknown): Uint8Array {
    if (isRecord(obj)) {
      const { apiVersion, kind } = obj;
      if (typeof apiVersion === 'string' && typeof kind === 'string') {
        if (this.#scheme.recognizes(gvkFromAPIVersionAndKind(apiVersion, kind))) return this.encode(obj);
      }
    }
    return utf8.encode(JSON.stringify(obj));
  }

  /** RawExtension hook: decodes enveloped protobuf or JSON bytes, at most MAX_EMBEDDED_DEPTH levels deep. */
  decodeEmbedded(bytes: Uint8Array): unknown {
    if (this.#embedding >= MAX_EMBEDDED_DEPTH) throw tooDeep();
    this.#embedding++;
    this.#embedded++;
    try {
      return hasProtobufMagic(bytes) ? this.decode(bytes) : parseJSONObject(bytes);
    } finally {
      this.#embedding--;
    }
  }
}
