/**
 * Numbers Go's typed decoding refuses: `json: cannot unmarshal number 1e30 into Go struct field
 * ObjectMeta.metadata.generation of type int64` for a fraction, an exponent or a value outside int64 (int32 for
 * int32 fields and IntOrString) in an integer field; text a `[]byte` field cannot decode (`illegal base64 data at
 * input byte 3`, go-base64.ts), a Time or MicroTime field cannot parse (`parsing time "x" as
 * "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`, go-time.ts); and text a Quantity field cannot parse (`quantities must match
 * the regular expression …`). Integers past 2^53 that Go would read into an int64 are
 * refused too (a deviation: a JavaScript number would round them, and no stored value may differ from the one
 * sent). The value check reads the decoded object (any media type); the token check reads the JSON text, which
 * alone shows `1.0`, `1e2` or `9007199254740993` as they were written.
 */
import type { TSchema } from 'typebox';
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';
import { type GoInt, goPlanOf } from './go-plan.js';
import { codecOf } from './extensions.js';
import { hasInexactNumbers, inexactNumberTokens } from './number-tokens.js';
import { goBase64Error } from './go-base64.js';
import { goTimeParseError } from './go-time.js';
import { quantityError } from './quantity.js';

const LIMITS: Readonly<Record<GoInt, readonly [bigint, bigint]>> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Go's integer type of a schema (IntOrString reads its numbers as int32), or undefined for other types. */
function goIntTypeOf(schema: TSchema): GoInt | undefined {
  const plan = goPlanOf(schema);
  return plan.kind === 'leaf' || plan.kind === 'codec' ? plan.int : undefined;
}

/** Where a value sits, for Go's message: the struct holding the field and the JSON field names from the root. */
interface Place {
  readonly struct: string;
  readonly fields: readonly string[];
}

function structName(schema: TSchema): string {
  const plan = goPlanOf(schema);
  return plan.kind === 'struct' ? plan.name : '';
}

function message(literal: string, type: GoInt, place: Place): string {
  return `json: cannot unmarshal number ${literal} into Go struct field ${place.struct}.${place.fields.join('.')} of type ${type}`;
}

/** Go's refusal of an integer literal for `type`, ours for one past 2^53, or undefined when both read it alike. */
function literalProblem(literal: string, type: GoInt, place: Place): string | undefined {
  if (!/^-?(?:0|[1-9]\d*)$/.test(literal)) return message(literal, type, place);
  const n = BigInt(literal);
  const [min, max] = LIMITS[type];
  if (n < min || n > max) return message(literal, type, place);
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) {
    return `${message(literal, type, place)}: this server holds integers exactly only between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
  }
  return undefined;
}

/** The schema and place a path of field names and indices leads to; undefined past an undeclared field or a free-form value. */
function schemaAt(root: TSchema, path: readonly (string | number)[]): { schema: TSchema; place: Place } | undefined {
  let schema = root;
  let struct = structName(root);
  const fields: string[] = [];
  for (const seg of path) {
    const plan = goPlanOf(schema);
    let next: TSchema | undefined;
    if (plan.kind === 'struct') {
      next = typeof seg === 'string' ? plan.fields.get(seg) : undefined;
      struct = plan.name;
      fields.push(String(seg));
    } else if (plan.kind === 'array') next = typeof seg === 'number' ? plan.items : undefined;
    else if (plan.kind === 'map') next = typeof seg === 'string' ? plan.value : undefined;
    if (next === undefined) return undefined;
    schema = next;
  }
  return { schema, place: { struct, fields } };
}

function tokenProblem(root: TSchema, text: string): string | undefined {
  for (const { path, token } of inexactNumberTokens(text)) {
    const at = schemaAt(root, path);
    const type = at === undefined ? undefined : goIntTypeOf(at.schema);
    if (at === undefined || type === undefined) continue;
    const problem = literalProblem(token, type, at.place);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function numberProblem(int: GoInt | undefined, value: number, struct: string, fields: readonly string[]): string | undefined {
  if (int === undefined) return undefined;
  if (Number.isSafeInteger(value) && (int === 'int64' || (value >= INT32_MIN && value <= INT32_MAX))) return undefined;
  const literal = Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return literalProblem(literal, int, { struct, fields });
}

/** Go's error for text its special type cannot read: no quantity, no base64, no time in the field's layout. */
function textProblem(schema: TSchema, value: string): string | undefined {
  if (goPlanOf(schema).kind !== 'codec') return undefined;
  switch (codecOf(schema)) {
    case 'quantity':
      return quantityError(value);
    case 'bytes':
      return goBase64Error(value);
    case 'time':
      return goTimeParseError(value, false);
    case 'microtime':
      return goTimeParseError(value, true);
    default:
      return undefined;
  }
}

/** The special types whose text {@link textProblem} reads. */
const TEXT_CODECS: ReadonlySet<string> = new Set(['quantity', 'bytes', 'time', 'microtime']);

/** Whether a member or item is walked: containers, numbers, and text (a special type's is read). */
function isWalked(v: unknown): boolean {
  return typeof v === 'number' || typeof v === 'string' || (typeof v === 'object' && v !== null);
}

/** Per schema node: whether an integer or a special type read from text lies at or below it (see {@link mayRefuse}). */
const refusing = new WeakMap<TSchema, boolean>();

/**
 * Whether a value of `schema` can hold anything {@link valueProblem} refuses: an integer (or IntOrString) or a
 * Quantity, `[]byte`, Time or MicroTime at or below it. A map of strings (labels, annotations, a ConfigMap's data) cannot, and is not walked.
 * A recursive schema meets itself while this is computed: it counts as refusing then, which only means walking.
 */
function mayRefuse(schema: TSchema): boolean {
  let known = refusing.get(schema);
  if (known !== undefined) return known;
  refusing.set(schema, true);
  const plan = goPlanOf(schema);
  if (plan.kind === 'struct') known = [...plan.fields.values()].some(mayRefuse);
  else if (plan.kind === 'array') known = mayRefuse(plan.items);
  else if (plan.kind === 'map') known = mayRefuse(plan.value);
  else known = plan.int !== undefined || (plan.kind === 'codec' && TEXT_CODECS.has(codecOf(schema) ?? ''));
  refusing.set(schema, known);
  return known;
}

function valueProblem(schema: TSchema, value: unknown, struct: string, fields: string[]): string | undefined {
  if (!mayRefuse(schema)) return undefined;
  const plan = goPlanOf(schema);
  if (typeof value === 'string') return textProblem(schema, value);
  if (typeof value === 'number') return plan.kind === 'leaf' || plan.kind === 'codec' ? numberProblem(plan.int, value, struct, fields) : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (plan.kind === 'struct') {
    if (Array.isArray(value)) return undefined;
    for (const key of Object.keys(value)) {
      const fs = plan.fields.get(key);
      const v = (value as Record<string, unknown>)[key];
      if (fs === undefined || !isWalked(v)) continue;
      fields.push(key);
      const problem = valueProblem(fs, v, plan.name, fields);
      fields.pop();
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (plan.kind !== 'array' && plan.kind !== 'map') return undefined;
  const inner = plan.kind === 'array' ? plan.items : plan.value;
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    if (!isWalked(v)) continue;
    const problem = valueProblem(inner, v, struct, fields);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** {@link valueProblem}, with yield points after each member and item of a struct, array or map. */
function* valueProblemSteps(schema: TSchema, value: unknown, struct: string, fields: string[]): SlicedPass<string | undefined> {
  if (typeof value !== 'object' || value === null || !mayRefuse(schema)) return valueProblem(schema, value, struct, fields);
  const plan = goPlanOf(schema);
  if (plan.kind === 'struct') {
    if (Array.isArray(value)) return undefined;
    for (const key of Object.keys(value)) {
      const fs = plan.fields.get(key);
      const v = (value as Record<string, unknown>)[key];
      if (cheapStepDue()) yield;
      if (fs === undefined || !isWalked(v)) continue;
      fields.push(key);
      const problem = yield* valueProblemSteps(fs, v, plan.name, fields);
      fields.pop();
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (plan.kind !== 'array' && plan.kind !== 'map') return undefined;
  const inner = plan.kind === 'array' ? plan.items : plan.value;
  const items = Array.isArray(value) ? value : undefined;
  const keys = items === undefined ? Object.keys(value) : undefined;
  const n = items?.length ?? keys?.length ?? 0;
  for (let i = 0; i < n; i++) {
    const v = items === undefined ? (value as Record<string, unknown>)[keys?.[i] ?? ''] : items[i];
    if (cheapStepDue()) yield;
    if (!isWalked(v)) continue;
    const problem = yield* valueProblemSteps(inner, v, struct, fields);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * {@link goNumberProblem} as a sliced pass (issue #19): the same problem, the decoded value walked in steps (the
 * scan of the JSON text for inexact literals is one step).
 */
export function* goNumberProblemSteps(schema: TSchema, value: unknown, text?: string): SlicedPass<string | undefined> {
  if (text !== undefined && hasInexactNumbers(text)) {
    const problem = tokenProblem(schema, text);
    if (problem !== undefined) return problem;
  }
  yield;
  return yield* valueProblemSteps(schema, value, structName(schema), []);
}

/**
 * The first number Go would not decode into the integer field it is written in (see the module comment), as Go's
 * decode error; undefined when there is none. `text`, the JSON text `value` was parsed from, lets the literals be
 * checked as written; without it (YAML, protobuf, a patched object) the decoded numbers are.
 */
export function goNumberProblem(schema: TSchema, value: unknown, text?: string): string | undefined {
  if (text !== undefined && hasInexactNumbers(text)) {
    const problem = tokenProblem(schema, text);
    if (problem !== undefined) return problem;
  }
  return valueProblem(schema, value, structName(schema), []);
}
