/**
 * JSON as kube-apiserver writes it: Go struct field order and omitempty rules for registered kinds, HTML
 * characters escaped like Go's encoding/json, a trailing newline after compact output (json.Encoder).
 */
import type { TSchema } from 'typebox';
import { gvkFromAPIVersionAndKind } from '../runtime/group-version.js';
import type { KubeObject, Scheme } from '../runtime/scheme.js';
import { DecodeError } from '../runtime/scheme-errors.js';
import { escapeGoJSON } from './go-escape.js';
import { goJSONValue, isRecord, shapeOf } from './go-json.js';
import { writeGoJSON, writeRawJSON } from './go-json-writer.js';
import type { EncodeOptions, Serializer } from './serializer.js';

export { escapeGoJSON };

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });


/** Finds the schema of an object's kind in a scheme, or undefined when unregistered. */
export function schemaOfObject(scheme: Scheme, obj: KubeObject): TSchema | undefined {
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  return scheme.lookup(gvkFromAPIVersionAndKind(apiVersion, kind))?.schema;
}

/** Shapes an object as Go would write it when its kind is registered; returns it unchanged otherwise. */
export function shapeObject(scheme: Scheme, obj: KubeObject): KubeObject {
  const schema = schemaOfObject(scheme, obj);
  if (schema === undefined) return obj;
  const shaped = goJSONValue(schema, obj, (v) => (isRecord(v) ? shapeObject(scheme, v) : v));
  return isRecord(shaped) ? shaped : obj;
}

/**
 * Writes an object as compact, HTML-escaped JSON text the way Go would for its registered kind, straight to a
 * string; unregistered kinds are written as they are.
 */
export function writeObjectJSON(scheme: Scheme, obj: KubeObject): string {
  const schema = schemaOfObject(scheme, obj);
  if (schema === undefined || shapeOf(schema).kind !== 'struct') return escapeGoJSON(JSON.stringify(shapeObject(scheme, obj)));
  const embed = (v: unknown) => (isRecord(v) ? writeObjectJSON(scheme, v) : writeRawJSON(v));
  return writeGoJSON(schema, obj, embed) ?? 'null';
}

/** Parses UTF-8 JSON bytes into an object; throws DecodeError for invalid JSON or a non-object. */
export function parseJSONObject(data: Uint8Array | string): KubeObject {
  let value: unknown;
  try {
    value = JSON.parse(typeof data === 'string' ? data : fromUtf8.decode(data));
  } catch (err) {
    throw new DecodeError(`couldn't get version/kind; json parse error: ${errorText(err)}`, { cause: err });
  }
  if (!isRecord(value)) throw new DecodeError('the body of the request must be a JSON object');
  return value;
}

/** The text of an unknown thrown value. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The `application/json` serializer. */
export class JSONSerializer implements Serializer {
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
    if (options.pretty !== true && isRecord(obj)) return `${writeObjectJSON(this.#scheme, obj)}\n`;
    const shaped = isRecord(obj) ? shapeObject(this.#scheme, obj) : obj;
    if (options.pretty === true) return escapeGoJSON(JSON.stringify(shaped, null, 2));
    return `${escapeGoJSON(JSON.stringify(shaped))}\n`;
  }

  /** Encodes an object to UTF-8 bytes. */
  encode(obj: KubeObject, options: EncodeOptions = {}): Uint8Array {
    return utf8.encode(this.encodeToString(obj, options));
  }

  /** Decodes UTF-8 JSON bytes into an object. */
  decode(data: Uint8Array): KubeObject {
    return parseJSONObject(data);
  }
}
