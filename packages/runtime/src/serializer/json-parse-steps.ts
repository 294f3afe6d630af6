/**
 * {@link parseJSONLimited} as a sliced pass (issue #19). One JSON.parse of a map of 160,000 keys holds the event
 * loop for 0.2–0.5 s, so a large text is parsed in pieces: a scan (the nesting check, in steps) records the
 * members of the containers near the root; a container of many members is parsed a chunk of members at a time
 * (`{` + members + `}` through JSON.parse, merged as JSON.parse merges repeated keys: the last value at the first
 * key's place), and a container holding such a container member by member. Every character of the text is read
 * by one of those JSON.parse calls or checked by the scan, so the pieces parse exactly when the whole text does;
 * on any failure the whole text goes through JSON.parse, which gives the value or the error it always gave.
 */
import { MAX_NESTING_DEPTH, parseJSON } from './nesting-depth.js';
import { setOwnProperty } from '../schema/own-property.js';
import type { SlicedPass } from '../runtime/time-slice.js';

/** Containers this deep or shallower (the root is 1) have their members recorded. */
const TRACKED_DEPTH = 4;
/** Members from which a container is parsed in chunks. */
const LARGE_CONTAINER = 4096;
/** Members per JSON.parse call. */
const CHUNK_MEMBERS = 512;
/** Characters scanned per step. */
const SCANNED_PER_STEP = 16_384;

/** A container near the root: its brackets and the offsets of the commas between its members. */
interface Container {
  readonly open: number;
  close: number;
  readonly isObject: boolean;
  readonly commas: number[];
  readonly children: Container[];
  /** Whether it or a container inside it has {@link LARGE_CONTAINER} members or more. */
  large: boolean;
}

/** Thrown inside the pieces' parse when they do not add up to the text: the caller parses the whole text. */
class NotPieces extends Error {}

/** Whether `text[from, to)` is JSON whitespace only (space, tab, CR, LF; not every space `trim` removes). */
function spaceOnly(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

/** The nesting check of tooDeepAt, recording the containers up to {@link TRACKED_DEPTH}; the root or undefined. */
function* scan(text: string, max: number): SlicedPass<Container | undefined> {
  const open: (Container | undefined)[] = [];
  let root: Container | undefined;
  let depth = 0;
  let nextStep = SCANNED_PER_STEP;
  for (let i = 0; i < text.length; i++) {
    if (i >= nextStep) {
      nextStep = i + SCANNED_PER_STEP;
      yield;
    }
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) throw new SyntaxError(`invalid character '${text.charAt(i)}' exceeded max depth`);
      const parent = open.at(-1);
      const tracked = depth <= TRACKED_DEPTH && (depth === 1 || parent !== undefined);
      const container: Container | undefined = tracked ? { open: i, close: -1, isObject: c === 0x7b, commas: [], children: [], large: false } : undefined;
      if (container !== undefined) {
        if (parent === undefined) root ??= container;
        else parent.children.push(container);
      }
      open.push(container);
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      const container = open.pop();
      if (container !== undefined) {
        container.close = i;
        container.large = container.commas.length + 1 >= LARGE_CONTAINER || container.children.some((ch) => ch.large);
      }
    } else if (c === 0x2c) {
      open.at(-1)?.commas.push(i);
    }
  }
  return root;
}

/** The member ranges [start, end) of a container, between its brackets and commas (none for `{}` / `[]`). */
function memberRanges(text: string, c: Container): [number, number][] {
  const bounds = [c.open, ...c.commas, c.close];
  const ranges: [number, number][] = [];
  for (let k = 0; k + 1 < bounds.length; k++) ranges.push([(bounds[k] as number) + 1, bounds[k + 1] as number]);
  if (ranges.length === 1 && spaceOnly(text, c.open + 1, c.close)) return [];
  return ranges;
}

function add(out: Record<string, unknown> | unknown[], key: string | undefined, value: unknown): void {
  if (Array.isArray(out)) out.push(value);
  else setOwnProperty(out, key as string, value);
}

/** Parses a run of members as one JSON.parse of `{…}` / `[…]` and adds them to `out`. */
function addChunk(text: string, c: Container, from: number, to: number, out: Record<string, unknown> | unknown[]): void {
  const part: unknown = JSON.parse(`${c.isObject ? '{' : '['}${text.slice(from, to)}${c.isObject ? '}' : ']'}`);
  if (Array.isArray(out)) {
    for (const v of part as unknown[]) out.push(v);
    return;
  }
  const record = part as Record<string, unknown>;
  for (const key of Object.keys(record)) setOwnProperty(out, key, record[key]);
}

/** The member `[start, end)` of an object holding the large container `child`: its key and the child's value. */
function* memberHolding(text: string, c: Container, start: number, end: number, child: Container): SlicedPass<{ key: string | undefined; value: unknown }> {
  let valueStart = start;
  let key: string | undefined;
  if (c.isObject) {
    const colon = text.lastIndexOf(':', child.open);
    if (colon < start) throw new NotPieces();
    const parsedKey: unknown = JSON.parse(text.slice(start, colon));
    if (typeof parsedKey !== 'string') throw new NotPieces();
    key = parsedKey;
    valueStart = colon + 1;
  }
  if (!spaceOnly(text, valueStart, child.open) || !spaceOnly(text, child.close + 1, end)) throw new NotPieces();
  return { key, value: yield* build(text, child) };
}

/** The value of a container: whole when small, by chunks of members when large, member by member around large ones. */
function* build(text: string, c: Container): SlicedPass<unknown> {
  if (!c.large) return JSON.parse(text.slice(c.open, c.close + 1));
  const out: Record<string, unknown> | unknown[] = c.isObject ? {} : [];
  const ranges = memberRanges(text, c);
  let child = 0;
  let runStart = -1;
  let runMembers = 0;
  for (let m = 0; m <= ranges.length; m++) {
    const range = ranges[m];
    while (range !== undefined && child < c.children.length && (c.children[child] as Container).close < range[0]) child++;
    const holder = range !== undefined && child < c.children.length && (c.children[child] as Container).open < range[1] ? (c.children[child] as Container) : undefined;
    const flush = range === undefined || (holder?.large ?? false) || runMembers === CHUNK_MEMBERS;
    if (flush && runMembers > 0) {
      addChunk(text, c, runStart, (ranges[m - 1] as [number, number])[1], out);
      runMembers = 0;
      yield;
    }
    if (range === undefined) break;
    // An empty member (`[a,]`, `{,}`) would vanish in a chunk that parses; in the whole text it is an error.
    if (spaceOnly(text, range[0], range[1])) throw new NotPieces();
    if (holder?.large) {
      const { key, value } = yield* memberHolding(text, c, range[0], range[1], holder);
      add(out, key, value);
      continue;
    }
    if (runMembers === 0) runStart = range[0];
    runMembers++;
  }
  return out;
}

/**
 * {@link parseJSONLimited} as a sliced pass: the same value, or the same error (`exceeded max depth` first, then
 * Go's message for an invalid text), yielding while it scans and between chunks of the members of large containers.
 */
export function* parseJSONLimitedSteps(text: string, max = MAX_NESTING_DEPTH): SlicedPass<unknown> {
  const root = yield* scan(text, max);
  if (root === undefined || !root.large || !spaceOnly(text, 0, root.open) || !spaceOnly(text, root.close + 1, text.length)) return parseJSON(text);
  try {
    return yield* build(text, root);
  } catch (err) {
    if (!(err instanceof NotPieces) && !(err instanceof SyntaxError)) throw err;
    return parseJSON(text);
  }
}
