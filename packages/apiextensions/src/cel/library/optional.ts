/**
 * CEL's optional values (cel-go `OptionalTypes`, on in Kubernetes' base environment since 1.28):
 * `optional.of(x)`, `optional.ofNonZeroValue(x)`, `optional.none()`, and on an optional
 * `hasValue()`, `value()`, `orValue(x)` and `or(other)`. An optional is an `optional_type` message
 * whose text is a canonical key of its content (so `optional.of(1) == optional.of(1)`) and whose
 * content is its payload. The `.?`/`[?` syntax reaches here rewritten into two methods (optional-syntax.ts).
 *
 * @module
 */
import {
  type CelFunc,
  type CelList,
  type CelMap,
  type CelValue,
  CelScalar,
  celFunc,
  celList,
  celMap,
  celMethod,
  isCelList,
  isCelMap,
  isCelUint,
  listType,
  mapType,
} from '@bufbuild/cel';
import type { Message } from '@bufbuild/protobuf';
import { isReflectMessage } from '@bufbuild/protobuf/reflect';
import { OPTIONAL_TYPE, opaquePayload } from './opaque-types.js';
import { OPTIONAL_INDEX, OPTIONAL_LIST, OPTIONAL_MAP, OPTIONAL_SELECT } from '../optional-syntax.js';

const { DYN, BOOL } = CelScalar;
const OPTIONAL = OPTIONAL_TYPE.celType;

/** The content of an absent optional. */
const NONE = Symbol('optional.none');
let unkeyed = 0;

/** What an optional may hold: a CEL value or a message a library function made. */
type Content = CelValue | Message;

function messageKey(typeName: string, message: unknown): string {
  const text = (message as { value?: unknown }).value;
  return `m:${typeName}:${typeof text === 'string' ? text : `#${unkeyed++}`}`;
}

/** A text equal for values CEL calls equal (numbers across int/uint/double; messages by their value field). */
function valueKey(v: Content): string {
  if (v === null) return 'null';
  if (typeof v === 'object' && '$typeName' in v) return messageKey(v.$typeName, v);
  if (typeof v === 'bigint' || typeof v === 'number') return `n:${Number(v)}`;
  if (isCelUint(v)) return `n:${Number(v.value)}`;
  if (typeof v === 'string') return `s:${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `b:${v}`;
  if (v instanceof Uint8Array) return `y:${Buffer.from(v).toString('base64')}`;
  if (isCelList(v)) return `[${[...v].map((e) => valueKey(e as CelValue)).join(',')}]`;
  if (isCelMap(v)) {
    const entries = [...v.entries()].map(([k, e]) => `${valueKey(k as CelValue)}:${valueKey(e as CelValue)}`);
    return `{${entries.sort().join(',')}}`;
  }
  if (isReflectMessage(v)) return messageKey(v.desc.typeName, v.message);
  return `#${unkeyed++}`;
}

/** `optional.of(v)`. */
export function optionalOf(v: Content): Message {
  return OPTIONAL_TYPE.of(`+${valueKey(v)}`, { value: v });
}

/** `optional.none()`. */
export function optionalNone(): Message {
  return OPTIONAL_TYPE.of('', { value: NONE });
}

function content(opt: { readonly message: unknown }): Content | typeof NONE {
  const payload = opaquePayload(opt) as { value: Content | typeof NONE } | undefined;
  return payload === undefined ? NONE : payload.value;
}

function isZero(v: Content): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (typeof v !== 'object' || '$typeName' in v) return false;
  if (isCelUint(v)) return v.value === 0n;
  if (v instanceof Uint8Array || isCelList(v) || isCelMap(v)) return (v instanceof Uint8Array ? v.length : v.size) === 0;
  return false;
}

/** What `v` holds if it is an optional (`NONE` when absent; a held JS map or array as a CEL map or list); `v` otherwise. */
function unwrapped(v: CelValue): Content | typeof NONE {
  if (!isReflectMessage(v) || v.desc.typeName !== 'optional_type') return v;
  const held = content(v);
  if (held instanceof Map) return celMap(held);
  return Array.isArray(held) ? celList(held) : held;
}

/** `x.?f` (and a selection on an optional): `f` of an object or map when present, else none; none stays none. */
function optionalSelect(target: CelValue, field: string): Message {
  const v = unwrapped(target);
  if (v === NONE) return optionalNone();
  if (!isCelMap(v)) throw new Error('no such overload');
  const found = v.get(field);
  return found === undefined ? optionalNone() : optionalOf(found);
}

/** `x[?i]` (and an index of an optional): the list item or map value when present, else none. */
function optionalIndex(target: CelValue, index: CelValue): Message {
  const v = unwrapped(target);
  if (v === NONE) return optionalNone();
  if (isCelList(v)) {
    const i = typeof index === 'bigint' ? Number(index) : isCelUint(index) ? Number(index.value) : typeof index === 'number' ? index : undefined;
    if (i === undefined) throw new Error('no such overload');
    const found = Number.isInteger(i) && i >= 0 && i < v.size ? v.get(i) : undefined;
    return found === undefined ? optionalNone() : optionalOf(found);
  }
  if (!isCelMap(v)) throw new Error('no such overload');
  const found = typeof index === 'string' || typeof index === 'bigint' || typeof index === 'number' || typeof index === 'boolean' || isCelUint(index) ? v.get(index) : undefined;
  return found === undefined ? optionalNone() : optionalOf(found);
}

/** The positions a rewritten literal names (see optional-syntax.ts). */
const positionsOf = (positions: CelList): Set<number> => new Set([...positions].map((p) => Number(p)));

/** What an optional element or entry holds, `NONE` when absent; anything else is not an optional. */
function heldBy(v: CelValue): Content | typeof NONE {
  if (!isReflectMessage(v) || v.desc.typeName !== 'optional_type') throw new Error('no such overload');
  return content(v);
}

/** `[?a, b]`: the list without its absent optional elements, the present ones unwrapped. */
function optionalList(list: CelList, positions: CelList): Content[] {
  const optional = positionsOf(positions);
  const out: Content[] = [];
  for (const [i, v] of [...list].entries()) {
    const held = optional.has(i) ? heldBy(v as CelValue) : (v as CelValue);
    if (held !== NONE) out.push(held);
  }
  return out;
}

/** `{?k: v}`: the map without its absent optional entries, the present ones unwrapped. */
function optionalMap(map: CelMap, positions: CelList): Map<unknown, Content> {
  const optional = positionsOf(positions);
  const out = new Map<unknown, Content>();
  for (const [i, [k, v]] of [...map].entries()) {
    const held = optional.has(i) ? heldBy(v as CelValue) : (v as CelValue);
    if (held !== NONE) out.set(k, held);
  }
  return out;
}

/** The optional functions and methods, and the ones the optional syntax is rewritten into (see optional-syntax.ts). */
export const optionalLibrary: readonly CelFunc[] = [
  celFunc(OPTIONAL_LIST, [listType(DYN), listType(DYN)], listType(DYN), (list, positions) => optionalList(list, positions) as never),
  celFunc(OPTIONAL_MAP, [mapType(DYN, DYN), listType(DYN)], mapType(DYN, DYN), (map, positions) => optionalMap(map, positions) as never),
  celMethod(OPTIONAL_SELECT, DYN, [CelScalar.STRING], OPTIONAL, function (field) {
    return optionalSelect(this, field);
  }),
  celMethod(OPTIONAL_INDEX, DYN, [DYN], OPTIONAL, function (index) {
    return optionalIndex(this, index);
  }),
  celFunc('optional.of', [DYN], OPTIONAL, (v) => optionalOf(v)),
  celFunc('optional.ofNonZeroValue', [DYN], OPTIONAL, (v) => (isZero(v) ? optionalNone() : optionalOf(v))),
  celFunc('optional.none', [], OPTIONAL, () => optionalNone()),
  celMethod('hasValue', OPTIONAL, [], BOOL, function () {
    return content(this) !== NONE;
  }),
  celMethod('value', OPTIONAL, [], DYN, function () {
    const v = content(this);
    if (v === NONE) throw new Error('optional.none() dereference');
    return v;
  }),
  celMethod('orValue', OPTIONAL, [DYN], DYN, function (other) {
    const v = content(this);
    return v === NONE ? other : v;
  }),
  celMethod('or', OPTIONAL, [OPTIONAL], OPTIONAL, function (other) {
    return content(this) === NONE ? other.message : this.message;
  }),
];
