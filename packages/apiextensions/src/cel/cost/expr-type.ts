/**
 * The types the cost estimator gives expressions. cel-go's estimator reads the checker's type of
 * every node; `@bufbuild/cel` 0.6 has no type checker, so this is a small inference of our own:
 * declared variables are typed from the schema ({@link DeclType}), literals by their kind, and
 * calls by a table of result types for the functions of the rule environment. What it cannot
 * type is `unknown`, and the estimate is then not claimed (see {@link estimateCost}).
 *
 * @module
 */
import type { DeclType } from './decl-type.js';

/** An expression's type as the estimator sees it. */
export type ExprType =
  | { readonly k: 'list'; readonly elem: ExprType; readonly decl?: DeclType }
  | { readonly k: 'map'; readonly key: ExprType; readonly value: ExprType }
  | { readonly k: 'object'; readonly decl: DeclType }
  | { readonly k: 'optional'; readonly of: ExprType }
  | { readonly k: 'opaque'; readonly name: string }
  | { readonly k: 'string' | 'bytes' | 'int' | 'uint' | 'double' | 'bool' | 'null' | 'timestamp' | 'duration' | 'dyn' | 'type' | 'unknown' };

type ScalarKind = 'string' | 'bytes' | 'int' | 'uint' | 'double' | 'bool' | 'null' | 'timestamp' | 'duration' | 'dyn' | 'type' | 'unknown';
const scalar = (k: ScalarKind): ExprType => ({ k });
/** An expression the inference could not type. */
export const UNKNOWN_TYPE: ExprType = scalar('unknown');
const STRING = scalar('string');
const BOOL = scalar('bool');
const INT = scalar('int');

/** The expression type of a declared schema type. */
export function fromDecl(d: DeclType): ExprType {
  switch (d.kind) {
    case 'object':
      return { k: 'object', decl: d };
    case 'list':
      return { k: 'list', elem: d.elem === undefined ? UNKNOWN_TYPE : fromDecl(d.elem), decl: d };
    case 'map':
      return { k: 'map', key: STRING, value: d.elem === undefined ? UNKNOWN_TYPE : fromDecl(d.elem) };
    default:
      return scalar(d.kind);
  }
}

/** `isScalar`: types whose size is 1 at compile time (optionals of them too). */
export function isScalar(t: ExprType): boolean {
  switch (t.k) {
    case 'bool':
    case 'double':
    case 'duration':
    case 'int':
    case 'timestamp':
    case 'uint':
      return true;
    case 'optional':
      return isScalar(t.of);
    default:
      return false;
  }
}

/** Whether the type is too little known to pick an overload or a size by it. */
export const isUnsure = (t: ExprType): boolean => t.k === 'unknown' || t.k === 'dyn';

const TYPE_NAMES = new Set(['bool', 'bytes', 'double', 'duration', 'dyn', 'int', 'list', 'map', 'null_type', 'string', 'timestamp', 'type', 'uint']);
/** Whether an undeclared identifier names a type (`string` in `type(x) == string`). */
export const isTypeName = (name: string): boolean => TYPE_NAMES.has(name) || name.startsWith('google.protobuf.');

const BOOL_RESULT = [
  '_==_', '_!=_', '_<_', '_<=_', '_>_', '_>=_', '!_', '@in', '_&&_', '_||_', '@not_strictly_false', 'contains', 'startsWith', 'endsWith',
  'matches', 'isSorted', 'isQuantity', 'isInteger', 'isGreaterThan', 'isLessThan', 'isURL', 'isIP', 'isCIDR', 'containsIP', 'containsCIDR',
  'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast', 'hasValue', 'sets.contains',
  'sets.equivalent', 'sets.intersects', 'bool', 'ip.isCanonical',
];
const INT_RESULT = [
  'size', 'int', 'sign', 'asInteger', 'compareTo', 'family', 'prefixLength', 'getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate',
  'getDayOfWeek', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds',
];
const STRING_RESULT = [
  'string', 'charAt', 'lowerAscii', 'upperAscii', 'replace', 'substring', 'trim', 'join', 'find', 'format', 'strings.quote', 'reverse',
  'getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath',
];
const FIXED: ReadonlyMap<string, ExprType> = new Map<string, ExprType>([
  ...BOOL_RESULT.map((n) => [n, BOOL] as const),
  ...INT_RESULT.map((n) => [n, INT] as const),
  ...STRING_RESULT.map((n) => [n, STRING] as const),
  ['uint', scalar('uint')],
  ['double', scalar('double')],
  ['asApproximateFloat', scalar('double')],
  ['bytes', scalar('bytes')],
  ['duration', scalar('duration')],
  ['timestamp', scalar('timestamp')],
  ['type', scalar('type')],
  ['dyn', scalar('dyn')],
  ['split', { k: 'list', elem: STRING }],
  ['findAll', { k: 'list', elem: STRING }],
  ['quantity', { k: 'opaque', name: 'quantity' }],
  ['add', { k: 'opaque', name: 'quantity' }],
  ['sub', { k: 'opaque', name: 'quantity' }],
  ['url', { k: 'opaque', name: 'url' }],
  ['cidr', { k: 'opaque', name: 'cidr' }],
  ['masked', { k: 'opaque', name: 'cidr' }],
  ['getQuery', { k: 'map', key: STRING, value: { k: 'list', elem: STRING } }],
]);

const ARITHMETIC = new Set(['_+_', '_-_', '_*_', '_/_', '_%_']);

function arithmeticResult(name: string, a: ExprType, b: ExprType): ExprType {
  if (a.k === 'timestamp' && b.k === 'timestamp' && name === '_-_') return scalar('duration');
  if ((a.k === 'timestamp' && b.k === 'duration') || (a.k === 'duration' && b.k === 'timestamp')) return scalar('timestamp');
  if (a.k === 'list' && b.k === 'list') return a.elem.k === 'unknown' ? b : a;
  return a.k === b.k ? a : UNKNOWN_TYPE;
}

/** The result type of calling `name` on `target` (a method) with `args`. */
export function callResult(name: string, target: ExprType | undefined, args: readonly ExprType[]): ExprType {
  const fixed = FIXED.get(name);
  if (fixed !== undefined) return fixed;
  if (name.startsWith('format.')) return { k: 'opaque', name: 'format' };
  const first = target ?? args[0] ?? UNKNOWN_TYPE;
  if (ARITHMETIC.has(name) && args.length === 2) return arithmeticResult(name, args[0] as ExprType, args[1] as ExprType);
  switch (name) {
    case '-_':
      return first;
    case '_?_:_':
      return (args[1]?.k ?? 'unknown') === 'unknown' ? (args[2] ?? UNKNOWN_TYPE) : (args[1] as ExprType);
    case '_[_]':
      return first.k === 'list' ? first.elem : first.k === 'map' ? first.value : first.k === 'dyn' ? first : UNKNOWN_TYPE;
    case 'indexOf':
    case 'lastIndexOf':
      return INT;
    case 'sum':
    case 'min':
    case 'max':
      return first.k === 'list' ? first.elem : UNKNOWN_TYPE;
    case 'value':
    case 'orValue':
      return first.k === 'optional' ? first.of : UNKNOWN_TYPE;
    case 'optional.of':
    case 'optional.ofNonZeroValue':
      return { k: 'optional', of: args[0] ?? UNKNOWN_TYPE };
    case 'ip':
      return { k: 'opaque', name: 'ip' };
    case 'validate':
      return { k: 'optional', of: { k: 'list', elem: STRING } };
    default:
      return UNKNOWN_TYPE;
  }
}
