/**
 * The fast path of compact JSON: a writer-equivalent Go-shaped copy built by per-schema compiled shapers, for one
 * native JSON.stringify and one escape pass over the whole text. Parts that are already in Go form (maps with
 * sorted keys, arrays of plain values, canonical times) are reused, not copied, so a typical object costs a
 * copy of its structs only. JSON.stringify cannot write what a JavaScript object cannot hold in Go's order (a map
 * with integer-like keys, which objects always put first; a `__proto__` key): the shaper then gives up and the
 * caller uses the string writer of go-json-writer.ts, whose output this path reproduces byte for byte.
 */
import type { TSchema } from 'typebox';
import { type FieldPlan, goZeroValue, isEmptyValue, isRecord, normaliseTime, shapeOf } from './go-json.js';

/** Shapes an embedded object (runtime.RawExtension), e.g. by its registered kind. */
export type EmbeddedShaper = (value: unknown) => unknown;

/** Shapes a non-null value of one schema. */
type Shaper = (value: unknown, embed: EmbeddedShaper | undefined) => unknown;

/** Thrown (one shared value) when a value cannot be shaped into an object JSON.stringify writes in Go's order. */
const CANNOT_SHAPE: unique symbol = Symbol('cannot shape');

/** True for the keys JavaScript orders first in an object (array indices), which Go sorts among the others. */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

/**
 * Whether JSON.stringify writes an object or array from its own properties (it calls an inherited `toJSON`
 * instead, e.g. a Date's), so that a part found in Go form may be reused as it is.
 */
function writtenAsIs(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** The raw value as it is: JSON.stringify writes it as writeRawJSON does. */
const keepRaw: Shaper = (value) => value;

/** One struct field with its nil and omitempty rules, its shaper resolved on first use. */
class FieldShaper {
  readonly key: string;
  readonly nil: 'skip' | 'null' | 'zero';
  readonly omitEmpty: boolean;
  readonly #schema: TSchema;
  #shape: Shaper | undefined;
  #zero: unknown;
  #zeroKnown = false;

  constructor(plan: FieldPlan) {
    this.key = plan.key;
    this.#schema = plan.schema;
    const zeroOnNil = plan.omit === 'never' || (plan.omit === 'empty' && plan.struct);
    this.nil = plan.omit === 'null' ? 'null' : zeroOnNil ? 'zero' : 'skip';
    this.omitEmpty = plan.omit === 'empty' && !plan.struct;
  }

  get shape(): Shaper {
    this.#shape ??= shaperOf(this.#schema);
    return this.#shape;
  }

  /** The field type's zero value (shared by every shaped value: they are read-only). */
  get zero(): unknown {
    if (!this.#zeroKnown) {
      this.#zero = goZeroValue(this.#schema);
      this.#zeroKnown = true;
    }
    return this.#zero;
  }
}

/** Copies properties unknown to the schema after the struct's fields, as the writer appends them. */
function copyUnknown(value: Record<string, unknown>, known: ReadonlySet<string>, out: Record<string, unknown>): void {
  for (const key of Object.keys(value)) {
    if (known.has(key)) continue;
    if (key === '__proto__') throw CANNOT_SHAPE;
    const v = value[key];
    if (v !== undefined) out[key] = v;
  }
}

function structShaper(plans: readonly FieldPlan[], known: ReadonlySet<string>): Shaper {
  // A field JavaScript would move to the front cannot keep its place in an object.
  if (plans.some((p) => isArrayIndex(p.key) || p.key === '__proto__')) {
    return () => {
      throw CANNOT_SHAPE;
    };
  }
  const fields = plans.map((p) => new FieldShaper(p));
  return (value, embed) => {
    if (!isRecord(value)) return value;
    const out: Record<string, unknown> = {};
    let present = 0;
    for (const f of fields) {
      const v = value[f.key];
      if (v === undefined || v === null) {
        if (v === null) present++;
        if (f.nil !== 'skip') out[f.key] = f.nil === 'null' ? null : f.zero;
        continue;
      }
      present++;
      if (f.omitEmpty && isEmptyValue(v)) continue;
      const shaped = f.shape(v, embed);
      if (shaped !== undefined) out[f.key] = shaped;
    }
    if (Object.keys(value).length > present) copyUnknown(value, known, out);
    return out;
  };
}

function arrayShaper(items: TSchema): Shaper {
  let shape: Shaper | undefined;
  return (value, embed) => {
    if (!Array.isArray(value)) return value;
    shape ??= shaperOf(items);
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const shaped = v === undefined || v === null ? null : shape(v, embed);
      if (out === undefined && shaped !== v && !(v === undefined && shaped === null)) out = value.slice(0, i);
      if (out !== undefined) out.push(shaped ?? null);
    }
    return out ?? (writtenAsIs(value) ? value : Array.from(value));
  };
}

/** Whether `keys` is in code-unit order (Go's order for the keys a JavaScript object can hold in order). */
function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] ?? '') > (keys[i] ?? '')) return false;
  return true;
}

function mapShaper(valueSchema: TSchema): Shaper {
  let shape: Shaper | undefined;
  return (value, embed) => {
    if (!isRecord(value)) return value;
    shape ??= shaperOf(valueSchema);
    const keys = Object.keys(value);
    // Array-index keys always come first in an object: checking the first key checks them all.
    if (keys.length > 0 && isArrayIndex(keys[0] ?? '')) throw CANNOT_SHAPE;
    // A copy assigns keys one by one: a `__proto__` key would set the prototype instead.
    const copy = (): Record<string, unknown> => {
      if (Object.hasOwn(value, '__proto__')) throw CANNOT_SHAPE;
      return {};
    };
    let out: Record<string, unknown> | undefined;
    if (!isSorted(keys) || !writtenAsIs(value)) {
      keys.sort();
      out = copy();
    }
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] ?? '';
      const v = value[key];
      const shaped = v === undefined || v === null ? v : shape(v, embed);
      if (out === undefined && shaped !== v) {
        out = copy();
        for (let j = 0; j < i; j++) {
          const k = keys[j] ?? '';
          out[k] = value[k];
        }
      }
      if (out !== undefined && shaped !== undefined) out[key] = shaped;
    }
    return out ?? value;
  };
}

const shapeQuantity: Shaper = (value) => (typeof value === 'number' ? String(value) : value);
const shapeBytes: Shaper = (value) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value);
const shapeEmbedded: Shaper = (value, embed) => (embed === undefined ? value : embed(value));

function compile(schema: TSchema): Shaper {
  const shape = shapeOf(schema);
  switch (shape.kind) {
    case 'struct':
      return structShaper(shape.fields, shape.keys);
    case 'array':
      return arrayShaper(shape.items);
    case 'map':
      return mapShaper(shape.value);
    case 'codec':
      if (shape.codec === 'time' || shape.codec === 'microtime') {
        const micro = shape.codec === 'microtime';
        return (value) => normaliseTime(value, micro);
      }
      if (shape.codec === 'quantity') return shapeQuantity;
      if (shape.codec === 'bytes') return shapeBytes;
      return shape.codec === 'raw-extension' ? shapeEmbedded : keepRaw;
    default:
      return keepRaw;
  }
}

const shapers = new WeakMap<TSchema, Shaper>();

function shaperOf(schema: TSchema): Shaper {
  let shaper = shapers.get(schema);
  if (shaper === undefined) {
    shaper = compile(schema);
    shapers.set(schema, shaper);
  }
  return shaper;
}

/** The marker {@link shapeForJSON} returns when the value needs the string writer. */
export const NEEDS_WRITER: unique symbol = Symbol('needs the string writer');

/**
 * A value JSON.stringify writes (before HTML escaping) exactly as writeGoJSON writes `value` for `schema`, sharing
 * the parts of `value` already in Go form; NEEDS_WRITER when no JavaScript object can hold the Go order. The
 * result must be treated as read-only: it may be `value` itself or contain parts of it.
 */
export function shapeForJSON(schema: TSchema, value: unknown, embed?: EmbeddedShaper): unknown {
  if (value === null || value === undefined) return value;
  try {
    return shaperOf(schema)(value, embed);
  } catch (err) {
    if (err === CANNOT_SHAPE) return NEEDS_WRITER;
    throw err;
  }
}

/** Lets an embedded shaper report that its value needs the string writer (rethrown to the outermost call). */
export function cannotShape(): never {
  throw CANNOT_SHAPE;
}
