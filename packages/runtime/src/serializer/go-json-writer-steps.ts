/**
 * The string writer of go-json-writer.ts as a sliced pass (issue #19): the same text, written by generators with a
 * yield point (`cheapStepDue`) after each array item and map entry, so that a large object (a map of 160,000 keys)
 * is encoded in time slices. Structs, arrays and maps have step writers; every other value is written by the plain
 * writer.
 */
import type { TSchema } from 'typebox';
import { sortSteps } from '../runtime/sort-steps.js';
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';
import { type FieldPlan, isEmptyValue, isRecord, shapeOf } from './go-json.js';
import { type EmbeddedWriter, FieldWriter, fieldText, quoteJSON, sortedKeys, withUnknown, writeRawJSON, writerOf } from './go-json-writer.js';

/**
 * Writes a non-null value of one schema in steps; undefined means "no JSON value". `keys`: the value's own keys when
 * the caller has read them already (V8 collects and sorts every key of a large map for `Object.keys`).
 */
type StepWriter = (value: unknown, embed: EmbeddedWriter | undefined, keys?: string[]) => SlicedPass<string | undefined>;

function isContainer(v: unknown): v is object {
  return typeof v === 'object' && v !== null;
}

/** The text of `v` for `schema`: in steps when it is a container with a step writer, directly otherwise. */
function* valueSteps(schema: TSchema, v: unknown, embed: EmbeddedWriter | undefined, keys?: string[]): SlicedPass<string | undefined> {
  const steps = isContainer(v) ? stepWriterOf(schema) : undefined;
  return steps === undefined ? writerOf(schema)(v, embed) : yield* steps(v, embed, keys);
}

/** Whether an omitempty field's container value is empty, with the keys read for it when it is a map. */
function emptiness(v: object): { empty: boolean; keys?: string[] } {
  if (!isRecord(v)) return { empty: isEmptyValue(v) };
  const keys = Object.keys(v);
  return { empty: keys.length === 0, keys };
}

function structSteps(plans: readonly FieldPlan[], known: ReadonlySet<string>): StepWriter {
  const fields = plans.map((p) => new FieldWriter(p));
  return function* (value, embed) {
    if (!isRecord(value)) return writeRawJSON(value);
    let body = '';
    let present = 0;
    for (const f of fields) {
      const v = value[f.key];
      if (v !== undefined) present++;
      const checked = f.omitEmpty && isContainer(v) ? emptiness(v) : undefined;
      const direct = !isContainer(v) || checked?.empty === true;
      const text = direct ? fieldText(f, v, embed) : yield* valueSteps(f.schema, v, embed, checked?.keys);
      if (text !== undefined) body += (body === '' ? f.first : f.next) + text;
    }
    if (Object.keys(value).length > present) body = withUnknown(value, known, body);
    return `{${body}}`;
  };
}

function arraySteps(items: TSchema): StepWriter {
  return function* (value, embed) {
    if (!Array.isArray(value)) return writeRawJSON(value);
    // Parts joined once: a string built by 100,000 concatenations is a deep rope, flattened in one long step.
    const parts = new Array<string>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      parts[i] = (v === undefined || v === null ? 'null' : yield* valueSteps(items, v, embed)) ?? 'null';
      if (cheapStepDue()) yield;
    }
    return `[${yield* joinSteps(parts)}]`;
  };
}

function mapSteps(valueSchema: TSchema): StepWriter {
  return function* (value, embed, known) {
    if (!isRecord(value)) return writeRawJSON(value);
    const parts: string[] = [];
    const unsorted = known ?? Object.keys(value);
    if (cheapStepDue()) yield;
    const keys = unsorted.length > JOINED_PER_STEP ? yield* sortSteps(unsorted, byCodeUnits) : sortedKeys(value);
    for (const key of keys) {
      const v = value[key];
      if (v === undefined) continue;
      const text = v === null ? 'null' : yield* valueSteps(valueSchema, v, embed);
      if (text !== undefined) parts.push(`${quoteJSON(key)}:${text}`);
      if (cheapStepDue()) yield;
    }
    return `{${yield* joinSteps(parts)}}`;
  };
}

/** Parts joined per step. */
const JOINED_PER_STEP = 2048;

/** `parts.join(',')`, a slice of parts per step: one join of 160,000 parts holds the loop for tens of milliseconds. */
function* joinSteps(parts: readonly string[]): SlicedPass<string> {
  if (parts.length <= JOINED_PER_STEP) return parts.join(',');
  const pieces: string[] = [];
  for (let i = 0; i < parts.length; i += JOINED_PER_STEP) {
    pieces.push(parts.slice(i, i + JOINED_PER_STEP).join(','));
    yield;
  }
  return pieces.join(',');
}

/** Code-unit order, as `Array.prototype.sort` orders strings (Go's order for the keys a map holds). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const stepWriters = new WeakMap<TSchema, StepWriter | null>();

function stepWriterOf(schema: TSchema): StepWriter | undefined {
  let steps = stepWriters.get(schema);
  if (steps === undefined) {
    const shape = shapeOf(schema);
    if (shape.kind === 'struct') steps = structSteps(shape.fields, shape.keys);
    else if (shape.kind === 'array') steps = arraySteps(shape.items);
    else if (shape.kind === 'map') steps = mapSteps(shape.value);
    else steps = null;
    stepWriters.set(schema, steps);
  }
  return steps ?? undefined;
}

/** {@link writeGoJSON} in steps: a generator with yield points after items and entries, returning the same text. */
export function* writeGoJSONSteps(schema: TSchema, value: unknown, embed?: EmbeddedWriter): SlicedPass<string | undefined> {
  if (value === null) return 'null';
  if (value === undefined) return undefined;
  return yield* valueSteps(schema, value, embed);
}
