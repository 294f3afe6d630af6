/**
 * Field validation (`fieldValidation=Strict|Warn|Ignore`): duplicate fields found by scanning the JSON text
 * (the strict decoder of sigs.k8s.io/json reports them, with unknown fields from runtime's
 * `findUnknownFields`); whatever the directive, unknown fields of a built-in kind are then dropped, as Go's
 * decoder into structs does.
 */
import { cheapStepDue, decodeAsGoSteps, type KubeObject, pruneUnknownFields, type Scheme, type SlicedPass } from '@apiserver/runtime';
import type { TSchema } from 'typebox';

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** Whether the character code is JSON whitespace (the only characters allowed between tokens). */
function isJSONSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Whether the quote at `quote` is escaped: an odd run of backslashes before it. */
function escapedQuote(text: string, quote: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * Index just past the JSON string that starts at `start` (its opening quote). The closing quote is found with
 * indexOf (native), so a long string is not walked a character at a time.
 */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote >= 0 && escapedQuote(text, quote)) quote = text.indexOf('"', quote + 1);
  return quote < 0 ? text.length + 1 : quote + 1;
}

/** One open object or array of the duplicate-field scan. */
interface Frame {
  readonly keys: Set<string>;
  readonly path: string;
  index: number;
  readonly isArray: boolean;
  key: string;
}

/** Where the duplicate-field scan is in the text. */
interface Scan {
  i: number;
  readonly found: string[];
  readonly stack: Frame[];
}

function childPath(stack: readonly Frame[]): string {
  const top = stack.at(-1);
  if (top === undefined) return '';
  return top.isArray ? `${top.path}[${top.index}]` : join(top.path, top.key);
}

/** Scans one token (a string or a structural character) at `scan.i`. */
function scanToken(text: string, scan: Scan): void {
  const { stack } = scan;
  const c = text[scan.i];
  if (c === '"') {
    const start = scan.i;
    const end = stringEnd(text, start);
    scan.i = end;
    const top = stack.at(-1);
    if (top === undefined || top.isArray) return;
    let j = scan.i;
    while (isJSONSpace(text.charCodeAt(j))) j++;
    if (text[j] !== ':') return;
    const raw = text.slice(start + 1, end - 1);
    const key = raw.includes('\\') ? String(JSON.parse(text.slice(start, end))) : raw;
    if (top.keys.has(key)) scan.found.push(join(top.path, key));
    top.keys.add(key);
    top.key = key;
    return;
  }
  if (c === '{' || c === '[') stack.push({ keys: new Set(), path: childPath(stack), index: 0, isArray: c === '[', key: '' });
  else if (c === '}' || c === ']') stack.pop();
  else if (c === ',') {
    const top = stack.at(-1);
    if (top?.isArray) top.index++;
  }
  scan.i++;
}

/**
 * Dotted paths of keys that appear twice in one JSON object of an already-valid JSON text. One pass over the
 * text; a string is only decoded when it is an object key that holds escapes.
 */
export function duplicateFields(text: string): string[] {
  const scan: Scan = { i: 0, found: [], stack: [] };
  while (scan.i < text.length) scanToken(text, scan);
  return scan.found;
}

/** The JSON escape of a colon (`\u003a`, either case of hex digit). */
const ESCAPED_COLON = /\\u003a/i;

function colonsIn(text: string): number {
  let n = 0;
  for (let i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) n++;
  return n;
}

/** The members of every object in a parsed JSON value, and the colons in all its strings (keys and values). */
function keysAndColons(value: unknown): number {
  if (typeof value === 'string') return colonsIn(value);
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (const item of value) n += keysAndColons(item);
    return n;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) n += 1 + colonsIn(key) + keysAndColons(obj[key]);
  return n;
}

/**
 * False when `text` provably holds no duplicate field, `parsed` being `JSON.parse(text)`: every colon of a JSON
 * text outside its strings follows a member's key, and a string holds the same colons in the text as parsed
 * unless it writes one as the escape `\u003a` (no other escape gives or hides a colon), so without that escape the
 * colons of the text count the members of all its objects plus the colons in its strings. A repeated key leaves a
 * member (and whatever its value holds) out of the parsed value, which then counts fewer. True when the counts
 * differ or the text has the escape: {@link duplicateFields} then decides.
 */
export function mayHaveDuplicateFields(text: string, parsed: unknown): boolean {
  return ESCAPED_COLON.test(text) || colonsIn(text) !== keysAndColons(parsed);
}

/** {@link duplicateFields} as a sliced pass (issue #19): the same paths, with yield points after each token. */
export function* duplicateFieldsSteps(text: string): SlicedPass<string[]> {
  const scan: Scan = { i: 0, found: [], stack: [] };
  while (scan.i < text.length) {
    scanToken(text, scan);
    if (cheapStepDue()) yield;
  }
  return scan.found;
}

/**
 * `obj` without the fields its kind's schema does not declare when the scheme knows the kind (a typed Go object
 * cannot hold them); objects of kinds outside the scheme are kept as they are.
 */
export function dropUnknownFields<T extends KubeObject>(scheme: Scheme, kind: Parameters<Scheme['recognizes']>[0], schema: TSchema | undefined, obj: T): T {
  if (schema === undefined || !scheme.recognizes(kind)) return obj;
  return pruneUnknownFields(schema, obj) as T;
}

/** {@link dropUnknownFields} as a sliced pass (issue #19): the same object, yield points after members and items. */
export function* dropUnknownFieldsSteps<T extends KubeObject>(scheme: Scheme, kind: Parameters<Scheme['recognizes']>[0], schema: TSchema | undefined, obj: T): SlicedPass<T> {
  if (schema === undefined || !scheme.recognizes(kind)) return obj;
  return (yield* decodeAsGoSteps(schema, obj)) as T;
}
