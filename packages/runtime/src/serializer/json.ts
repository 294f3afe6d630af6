/**
 * JSON as kube-apiserver writes it: Go struct field order and omitempty rules for registered kinds, HTML
 * characters escaped like Go's encoding/json, a trailing newline after compact output (json.Encoder).
 */
import { isAscii } from 'node:buffer';
import type { TSchema } from 'typebox';
import { type GroupVersion, parseGroupVersion } from '../runtime/group-version.js';
import type { KubeObject, Scheme } from '../runtime/scheme.js';
import { DecodeError } from '../runtime/scheme-errors.js';
import { interpretKindFields } from './interpret-kind.js';
import { parseJSONLimited } from './nesting-depth.js';
import { parseJSONLimitedSteps } from './json-parse-steps.js';
import { escapeGoJSON } from './go-escape.js';
import { goJSONValue, isRecord, shapeOf } from './go-json.js';
import { cannotShape, NEEDS_WRITER, shapeForJSON } from './go-json-shaper.js';
import { writeGoJSON, writeRawJSON } from './go-json-writer.js';
import { writeGoJSONSteps } from './go-json-writer-steps.js';
import type { SlicedPass } from '../runtime/time-slice.js';
import { itemsOfSchema, joinBytes, listItemSchema } from './list-items.js';
import type { EncodeOptions, ItemwiseEncoder, ObjectEncoding } from './serializer.js';
import { servedList, typeMetaEnd, writesUntypedItems } from './typed-list.js';

export { escapeGoJSON };

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of UTF-8 bytes, as the fatal decoder gives it (or its TypeError). ASCII bytes (most bodies) are
 * valid UTF-8 without a BOM and decode as latin1 does: node's ASCII check and latin1 copy take about two thirds
 * of the decoder's time for a 1 KiB body (Node 20).
 */
function utf8Text(data: Uint8Array): string {
  if (!isAscii(data)) return fromUtf8.decode(data);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
}


/** Parsed apiVersions (a pure function of the string; servers see a few dozen), cleared past 256 entries. */
const groupVersions = new Map<string, GroupVersion>();

/** `parseGroupVersion`, remembered; throws GroupVersionParseError for a malformed apiVersion as it does. */
function groupVersionOf(apiVersion: string): GroupVersion {
  let gv = groupVersions.get(apiVersion);
  if (gv === undefined) {
    gv = parseGroupVersion(apiVersion);
    if (groupVersions.size >= 256) groupVersions.clear();
    groupVersions.set(apiVersion, gv);
  }
  return gv;
}

/** Finds the schema of an object's kind in a scheme, or undefined when unregistered. */
export function schemaOfObject(scheme: Scheme, obj: KubeObject): TSchema | undefined {
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const { group, version } = groupVersionOf(apiVersion);
  return scheme.lookup({ group, version, kind })?.schema;
}

/** Shapes an object as Go would write it when its kind is registered; returns it unchanged otherwise. */
export function shapeObject(scheme: Scheme, obj: KubeObject): KubeObject {
  const schema = schemaOfObject(scheme, obj);
  if (schema === undefined) return obj;
  const shaped = goJSONValue(schema, obj, (v) => (isRecord(v) ? shapeObject(scheme, v) : v));
  return isRecord(shaped) ? shaped : obj;
}

/**
 * An object as it is served: a list of a registered kind without its items' `kind` and `apiVersion` (see
 * typed-list.ts), anything else as it is.
 */
export function servedObject(scheme: Scheme, obj: KubeObject): KubeObject {
  return Array.isArray(obj.items) ? servedList(obj, schemaOfObject(scheme, obj)) : obj;
}

/**
 * A Go-shaped, read-only view of an object for JSON.stringify (see go-json-shaper.ts), embedded objects shaped by
 * their registered kinds; NEEDS_WRITER when only the string writer can write it in Go's order.
 */
function shapeObjectForJSON(scheme: Scheme, obj: KubeObject, schema: TSchema): unknown {
  const embed = (v: unknown): unknown => {
    if (!isRecord(v)) return v;
    const inner = schemaOfObject(scheme, v);
    if (inner === undefined || shapeOf(inner).kind !== 'struct') return shapeObject(scheme, v);
    const shaped = shapeForJSON(inner, v, embed);
    return shaped === NEEDS_WRITER ? cannotShape() : shaped;
  };
  return shapeForJSON(schema, obj, embed);
}

/**
 * Writes an object as compact, HTML-escaped JSON text the way Go would for its registered kind; unregistered kinds
 * are written as they are. Registered kinds take one native JSON.stringify of a Go-shaped view and one escape
 * pass; the rare object a JavaScript object cannot hold in Go's order (integer-like map keys) goes through the
 * string writer.
 */
export function writeObjectJSON(scheme: Scheme, obj: KubeObject): string {
  const schema = schemaOfObject(scheme, obj);
  if (schema === undefined || shapeOf(schema).kind !== 'struct') return escapeGoJSON(JSON.stringify(shapeObject(scheme, obj)));
  const shaped = shapeObjectForJSON(scheme, obj, schema);
  if (shaped !== NEEDS_WRITER) return escapeGoJSON(JSON.stringify(shaped));
  const embed = (v: unknown) => (isRecord(v) ? writeObjectJSON(scheme, v) : writeRawJSON(v));
  return writeGoJSON(schema, obj, embed) ?? 'null';
}

/**
 * {@link writeObjectJSON} as a sliced pass (issue #19): registered kinds are written by the string writer's step
 * generators (the text the fast path reproduces byte for byte), with yield points after each array item and map entry;
 * embedded objects and unregistered kinds are written whole.
 */
export function* writeObjectJSONSteps(scheme: Scheme, obj: KubeObject): SlicedPass<string> {
  const schema = schemaOfObject(scheme, obj);
  if (schema === undefined || shapeOf(schema).kind !== 'struct') return writeObjectJSON(scheme, obj);
  const embed = (v: unknown) => (isRecord(v) ? writeObjectJSON(scheme, v) : writeRawJSON(v));
  return (yield* writeGoJSONSteps(schema, obj, embed)) ?? 'null';
}

/** Compact JSON text and the newline json.Encoder ends it with, as UTF-8 bytes. */
function compactBytes(text: string): Uint8Array {
  // The compact text is flat (JSON.stringify wrote it): sizing it and writing it once into a buffer with the
  // newline costs a fraction of encoding `text + '\n'`, which first copies the text to flatten it. Small
  // results take a slice of node's buffer pool (every byte is written; readers honour byteOffset).
  const length = Buffer.byteLength(text);
  const bytes = Buffer.allocUnsafe(length + 1);
  // As many bytes as characters: all ASCII, where latin1 writes the same bytes as utf8 at copying speed.
  bytes.write(text, 0, length, length === text.length ? 'latin1' : 'utf8');
  bytes[length] = 0x0a;
  return bytes;
}

/** Parses UTF-8 JSON bytes into an object; throws DecodeError for invalid JSON or a non-object. */
export function parseJSONObject(data: Uint8Array | string): KubeObject {
  let value: unknown;
  try {
    value = parseJSONLimited(typeof data === 'string' ? data : utf8Text(data));
  } catch (err) {
    throw parseError(err);
  }
  return asObject(value);
}

/** {@link parseJSONObject} as a sliced pass (issue #19): the same object or error, a large text parsed in pieces. */
export function* parseJSONObjectSteps(data: Uint8Array | string): SlicedPass<KubeObject> {
  let value: unknown;
  try {
    value = yield* parseJSONLimitedSteps(typeof data === 'string' ? data : utf8Text(data));
  } catch (err) {
    throw parseError(err);
  }
  return asObject(value);
}

function parseError(err: unknown): DecodeError {
  return new DecodeError(`couldn't get version/kind; json parse error: ${errorText(err)}`, { cause: err });
}

function asObject(value: unknown): KubeObject {
  if (!isRecord(value)) throw new DecodeError('the body of the request must be a JSON object');
  interpretKindFields(value);
  return value;
}

/** The text of an unknown thrown value. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Where a compact list's text is cut to put its items in: what the envelope ends with when its items are empty. */
const EMPTY_ITEMS_END = '"items":[]}';
const COMMA = Uint8Array.of(0x2c);
const OPEN_BRACE = Uint8Array.of(0x7b);
const LIST_END = Uint8Array.of(0x5d, 0x7d, 0x0a);

/** The `application/json` serializer. */
export class JSONSerializer implements ItemwiseEncoder {
  /** `application/json`. */
  readonly mediaType = 'application/json';
  /** JSON is text. */
  readonly binary = false;
  readonly #scheme: Scheme;

  /** Creates a JSON serializer shaping registered kinds with the scheme's schemas. */
  constructor(scheme: Scheme) {
    this.#scheme = scheme;
  }

  /** Encodes to a string (compact output ends with a newline, as Go's json.Encoder writes). */
  encodeToString(obj: unknown, options: EncodeOptions = {}): string {
    if (options.pretty !== true && isRecord(obj)) return `${writeObjectJSON(this.#scheme, servedObject(this.#scheme, obj))}\n`;
    const shaped = isRecord(obj) ? shapeObject(this.#scheme, servedObject(this.#scheme, obj)) : obj;
    if (options.pretty === true) return escapeGoJSON(JSON.stringify(shaped, null, 2));
    return `${escapeGoJSON(JSON.stringify(shaped))}\n`;
  }

  /** Encodes an object to UTF-8 bytes. */
  encode(obj: KubeObject, options: EncodeOptions = {}): Uint8Array {
    if (options.pretty === true || !isRecord(obj)) return utf8.encode(this.encodeToString(obj, options));
    return compactBytes(writeObjectJSON(this.#scheme, servedObject(this.#scheme, obj)));
  }

  /** {@link JSONSerializer.encode}, and for compact JSON the object's text as a list item (without the newline). */
  encodeObject(obj: KubeObject, options: EncodeOptions = {}): ObjectEncoding {
    const bytes = this.encode(obj, options);
    if (options.pretty === true || !isRecord(obj)) return { bytes };
    return { bytes, item: bytes.subarray(0, bytes.length - 1) };
  }

  /**
   * Compact JSON of a list written around its items' own texts: a list writes each item as the item's kind writes
   * it alone (both shaped by the same schema, or both unregistered), and the Go escaping is per character, so the
   * pieces joined are the text of the whole; the items of a typed list are written from after their `kind` and
   * `apiVersion` (see typed-list.ts). Undefined for pretty output or when an item's kind differs.
   */
  encodeList(list: KubeObject, items: readonly KubeObject[], options: EncodeOptions, itemBytes: (item: KubeObject) => Uint8Array): Uint8Array | undefined {
    if (options.pretty === true) return undefined;
    const listSchema = schemaOfObject(this.#scheme, list);
    const itemSchema = listSchema === undefined ? undefined : listItemSchema(listSchema);
    if (listSchema !== undefined && itemSchema === undefined) return undefined;
    if (!itemsOfSchema(items, itemSchema, (item) => schemaOfObject(this.#scheme, item))) return undefined;
    const envelope = writeObjectJSON(this.#scheme, { ...list, items: [] });
    if (!envelope.endsWith(EMPTY_ITEMS_END)) return undefined;
    const pieces: Uint8Array[] = [Buffer.from(`${envelope.slice(0, -2)}`, 'utf8')];
    const untyped = itemSchema !== undefined && writesUntypedItems(list, itemSchema);
    items.forEach((item, i) => {
      if (i > 0) pieces.push(COMMA);
      const bytes = itemBytes(item);
      const rest = untyped ? typeMetaEnd(bytes) : 1;
      if (rest === 1) pieces.push(bytes);
      else pieces.push(OPEN_BRACE, bytes.subarray(rest));
    });
    pieces.push(LIST_END);
    return joinBytes(pieces);
  }

  /** {@link JSONSerializer.encode} of compact JSON as a sliced pass (the same bytes); undefined for pretty output. */
  encodeSteps(obj: KubeObject, options: EncodeOptions = {}): SlicedPass<Uint8Array> | undefined {
    if (options.pretty === true || !isRecord(obj)) return undefined;
    return this.#compactSteps(obj);
  }

  *#compactSteps(obj: KubeObject): SlicedPass<Uint8Array> {
    return compactBytes(yield* writeObjectJSONSteps(this.#scheme, servedObject(this.#scheme, obj)));
  }

  /** Decodes UTF-8 JSON bytes into an object. */
  decode(data: Uint8Array): KubeObject {
    return parseJSONObject(data);
  }

  /** {@link JSONSerializer.decode} as a sliced pass: the same object or error. */
  decodeSteps(data: Uint8Array): SlicedPass<KubeObject> {
    return parseJSONObjectSteps(data);
  }
}
