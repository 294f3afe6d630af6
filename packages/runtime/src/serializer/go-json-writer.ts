/**
 * Writes JSON text directly in the form goJSONValue + JSON.stringify would produce (Go struct field order,
 * omitempty, sorted map keys, Time normalised), without building a shaped copy first. One writer function is
 * compiled per schema object and cached; HTML escaping is left to the caller (escapeGoJSON over the text).
 */
import type { TSchema } from 'typebox';
import { escapeGoJSON } from './go-escape.js';
import { type FieldPlan, goZeroValue, isEmptyValue, isRecord, normaliseTime, shapeOf } from './go-json.js';

/** Writes an embedded object (runtime.RawExtension) as JSON text, or undefined to leave the property out. */
export type EmbeddedWriter = (value: unknown) => string | undefined;

/** Writes a non-null value of one schema; undefined means "no JSON value" (the property is left out). */
export type Writer = (value: unknown, embed: EmbeddedWriter | undefined) => string | undefined;

/**
 * Any character JSON.stringify escapes (quote, backslash, controls, surrogates) or Go escapes too (`<>&`,
 * U+2028, U+2029): everything outside the characters both write as they are.
 */
const NEEDS_ESCAPE = /[^\u0020\u0021\u0023-\u0025\u0027-\u003b\u003d\u003f-\u005b\u005d-\u2027\u202a-\ud7ff\ue000-\uffff]/;

/** Quotes a string as JSON.stringify does plus Go's HTML escaping; plain strings skip both calls. */
export function quoteJSON(s: string): string {
  return NEEDS_ESCAPE.test(s) ? escapeGoJSON(JSON.stringify(s)) : `"${s}"`;
}

/** Writes a value as JSON.stringify does (undefined for undefined, functions and symbols). */
export function writeRawJSON(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
      return quoteJSON(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    default: {
      const text: string | undefined = JSON.stringify(v);
      return text === undefined ? text : escapeGoJSON(text);
    }
  }
}

/** What a struct field writes when its value is nil: nothing, `null`, or the type's zero value. */
type NilRule = 'skip' | 'null' | 'zero';

/** One struct field with everything the writer needs, resolved on first use. */
export class FieldWriter {
  readonly key: string;
  /** The field's schema. */
  readonly schema: TSchema;
  /** `"key":`, written before the first field. */
  readonly first: string;
  /** `,"key":`, written before any later field. */
  readonly next: string;
  readonly nil: NilRule;
  readonly omitEmpty: boolean;
  #write: Writer | undefined;
  #zero: string | undefined;

  constructor(plan: FieldPlan) {
    this.key = plan.key;
    this.first = `${quoteJSON(plan.key)}:`;
    this.next = `,${this.first}`;
    this.schema = plan.schema;
    const zeroOnNil = plan.omit === 'never' || (plan.omit === 'empty' && plan.struct);
    this.nil = plan.omit === 'null' ? 'null' : zeroOnNil ? 'zero' : 'skip';
    this.omitEmpty = plan.omit === 'empty' && !plan.struct;
  }

  /** The writer of the field's schema. */
  get write(): Writer {
    this.#write ??= writerOf(this.schema);
    return this.#write;
  }

  /** The JSON of the field type's zero value. */
  get zero(): string {
    this.#zero ??= writeRawJSON(goZeroValue(this.schema)) ?? 'null';
    return this.#zero;
  }
}

/** The JSON a struct field writes for `v`, or undefined to leave it out. */
export function fieldText(f: FieldWriter, v: unknown, embed: EmbeddedWriter | undefined): string | undefined {
  if (v === undefined || v === null) {
    if (f.nil === 'skip') return undefined;
    return f.nil === 'null' ? 'null' : f.zero;
  }
  if (f.omitEmpty && isEmptyValue(v)) return undefined;
  return f.write(v, embed);
}

/** True for a key JavaScript orders first in an object (an array index), as JSON.stringify then writes it. */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

/** Appends properties unknown to the schema after the struct's fields (array-index keys before them). */
export function withUnknown(value: Record<string, unknown>, known: ReadonlySet<string>, body: string): string {
  let head = '';
  let tail = '';
  for (const key of Object.keys(value)) {
    if (known.has(key)) continue;
    const text = writeRawJSON(value[key]);
    if (text === undefined) continue;
    if (isArrayIndex(key)) head += `${head === '' ? '' : ','}${quoteJSON(key)}:${text}`;
    else tail += `,${quoteJSON(key)}:${text}`;
  }
  if (head === '') return body === '' ? tail.slice(1) : body + tail;
  return body === '' ? head + tail : `${head},${body}${tail}`;
}

function structWriter(plans: readonly FieldPlan[], known: ReadonlySet<string>): Writer {
  const fields = plans.map((p) => new FieldWriter(p));
  return (value, embed) => {
    if (!isRecord(value)) return writeRawJSON(value);
    let body = '';
    let present = 0;
    for (const f of fields) {
      const v = value[f.key];
      if (v !== undefined) present++;
      const text = fieldText(f, v, embed);
      if (text !== undefined) body += (body === '' ? f.first : f.next) + text;
    }
    if (Object.keys(value).length > present) body = withUnknown(value, known, body);
    return `{${body}}`;
  };
}

function arrayWriter(items: TSchema): Writer {
  let write: Writer | undefined;
  return (value, embed) => {
    if (!Array.isArray(value)) return writeRawJSON(value);
    write ??= writerOf(items);
    let out = '';
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const text = (v === undefined || v === null ? 'null' : write(v, embed)) ?? 'null';
      out += i === 0 ? text : `,${text}`;
    }
    return `[${out}]`;
  };
}

/** An object's keys in code-unit order (Go's sort of map keys for ASCII); insertion sort for the usual few. */
export function sortedKeys(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  if (keys.length > 12) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] ?? '';
    let j = i - 1;
    for (; j >= 0 && (keys[j] ?? '') > key; j--) keys[j + 1] = keys[j] ?? '';
    keys[j + 1] = key;
  }
  return keys;
}

function mapWriter(valueSchema: TSchema): Writer {
  let write: Writer | undefined;
  return (value, embed) => {
    if (!isRecord(value)) return writeRawJSON(value);
    write ??= writerOf(valueSchema);
    let out = '';
    for (const key of sortedKeys(value)) {
      const v = value[key];
      if (v === undefined) continue;
      const text = v === null ? 'null' : write(v, embed);
      if (text !== undefined) out += `${out === '' ? '' : ','}${quoteJSON(key)}:${text}`;
    }
    return `{${out}}`;
  };
}

function timeWriter(micro: boolean): Writer {
  return (value) => writeRawJSON(normaliseTime(value, micro));
}

const writeQuantity: Writer = (value) => (typeof value === 'number' ? `"${value}"` : writeRawJSON(value));
const writeBytes: Writer = (value) =>
  value instanceof Uint8Array ? `"${Buffer.from(value).toString('base64')}"` : writeRawJSON(value);
const writeEmbedded: Writer = (value, embed) => (embed === undefined ? writeRawJSON(value) : embed(value));

function compile(schema: TSchema): Writer {
  const shape = shapeOf(schema);
  switch (shape.kind) {
    case 'struct':
      return structWriter(shape.fields, shape.keys);
    case 'array':
      return arrayWriter(shape.items);
    case 'map':
      return mapWriter(shape.value);
    case 'codec':
      if (shape.codec === 'time' || shape.codec === 'microtime') return timeWriter(shape.codec === 'microtime');
      if (shape.codec === 'quantity') return writeQuantity;
      if (shape.codec === 'bytes') return writeBytes;
      return shape.codec === 'raw-extension' ? writeEmbedded : writeRawJSON;
    default:
      return writeRawJSON;
  }
}

const writers = new WeakMap<TSchema, Writer>();

/** The (cached) writer of a schema. */
export function writerOf(schema: TSchema): Writer {
  let writer = writers.get(schema);
  if (writer === undefined) {
    writer = compile(schema);
    writers.set(schema, writer);
  }
  return writer;
}

/**
 * Writes `value` as the JSON text of the Go type described by `schema` (before HTML escaping), equal to
 * JSON.stringify(goJSONValue(schema, value)) except that map keys are sorted like Go's (array-index keys
 * included); embedded objects go through `embed` when given.
 */
export function writeGoJSON(schema: TSchema, value: unknown, embed?: EmbeddedWriter): string | undefined {
  if (value === null) return 'null';
  if (value === undefined) return undefined;
  return writerOf(schema)(value, embed);
}
