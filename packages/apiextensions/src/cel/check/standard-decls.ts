/**
 * The standard library's signatures (cel-go `common/stdlib`), with the cross-type numeric comparisons that
 * Kubernetes' base environment turns on (`CrossTypeNumericComparisons`, 1.28): operators, `size`, the type
 * conversions, the string predicates and the timestamp and duration accessors.
 *
 * @module
 */
import {
  BOOL,
  BYTES,
  type CelType,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  listOf,
  mapOf,
  param,
  STRING,
  TIMESTAMP,
  typeOf,
  UINT,
} from './cel-type.js';
import { declare, type FunctionDecls, global, member, type Overload } from './function-decl.js';

const A = param('A');
const B = param('B');
const LIST_A = listOf(A);
const MAP_AB = mapOf(A, B);

const binary = (pairs: ReadonlyArray<readonly [CelType, CelType, CelType]>): Overload[] => pairs.map(([l, r, out]) => global([l, r], out));
const same = (types: readonly CelType[], out?: CelType): Overload[] => types.map((t) => global([t, t], out ?? t));
const conversions = (from: readonly CelType[], to: CelType): Overload[] => from.map((t) => global([t], to));

const NUMBERS = [INT, UINT, DOUBLE];
/** The relations: same-type comparisons and, as Kubernetes enables them, int/uint/double across each other. */
function relation(crossTypeNumeric: boolean): Overload[] {
  const sameType = same([BOOL, INT, UINT, DOUBLE, STRING, BYTES, TIMESTAMP, DURATION], BOOL);
  if (!crossTypeNumeric) return sameType;
  const cross = NUMBERS.flatMap((l) => NUMBERS.filter((r) => r !== l).map((r) => global([l, r], BOOL)));
  return [...sameType, ...cross];
}

const TIME_ACCESSORS = ['getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate', 'getDayOfWeek'];
const CLOCK_ACCESSORS = ['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'];

/** The standard declarations; `crossTypeNumeric` adds `1 < 1.0`-style comparisons. */
export function standardDecls(crossTypeNumeric = true): FunctionDecls {
  const relations = relation(crossTypeNumeric);
  return declare([
    ['_?_:_', [global([BOOL, A, A], A)]],
    ['_&&_', [global([BOOL, BOOL], BOOL)]],
    ['_||_', [global([BOOL, BOOL], BOOL)]],
    ['!_', [global([BOOL], BOOL)]],
    ['@not_strictly_false', [global([BOOL], BOOL)]],
    ['_==_', [global([A, A], BOOL)]],
    ['_!=_', [global([A, A], BOOL)]],
    [
      '_+_',
      [
        ...same([BYTES, DOUBLE, DURATION, INT, STRING, UINT]),
        ...binary([
          [DURATION, TIMESTAMP, TIMESTAMP],
          [TIMESTAMP, DURATION, TIMESTAMP],
          [LIST_A, LIST_A, LIST_A],
        ]),
      ],
    ],
    ['_-_', [...same([DOUBLE, DURATION, INT, UINT]), ...binary([[TIMESTAMP, DURATION, TIMESTAMP], [TIMESTAMP, TIMESTAMP, DURATION]])]],
    ['_*_', same([DOUBLE, INT, UINT])],
    ['_/_', same([DOUBLE, INT, UINT])],
    ['_%_', same([INT, UINT])],
    ['-_', [global([DOUBLE], DOUBLE), global([INT], INT)]],
    ['_<_', relations],
    ['_<=_', relations],
    ['_>_', relations],
    ['_>=_', relations],
    ['_[_]', [global([LIST_A, INT], A), global([MAP_AB, A], B)]],
    ['@in', [global([A, LIST_A], BOOL), global([A, MAP_AB], BOOL)]],
    ['size', [BYTES, LIST_A, MAP_AB, STRING].flatMap((t) => [global([t], INT), member([t], INT)])],
    ['type', [global([A], typeOf(A))]],
    ['dyn', [global([A], DYN)]],
    ['bool', conversions([BOOL, STRING], BOOL)],
    ['bytes', conversions([BYTES, STRING], BYTES)],
    ['double', conversions([DOUBLE, INT, STRING, UINT], DOUBLE)],
    ['duration', conversions([DURATION, INT, STRING], DURATION)],
    ['int', conversions([INT, DOUBLE, DURATION, STRING, TIMESTAMP, UINT], INT)],
    ['string', conversions([STRING, BOOL, BYTES, DOUBLE, DURATION, INT, TIMESTAMP, UINT], STRING)],
    ['timestamp', conversions([TIMESTAMP, INT, STRING], TIMESTAMP)],
    ['uint', conversions([UINT, DOUBLE, INT, STRING], UINT)],
    ['contains', [member([STRING, STRING], BOOL)]],
    ['endsWith', [member([STRING, STRING], BOOL)]],
    ['startsWith', [member([STRING, STRING], BOOL)]],
    ['matches', [global([STRING, STRING], BOOL), member([STRING, STRING], BOOL)]],
    ...TIME_ACCESSORS.map((n) => [n, [member([TIMESTAMP], INT), member([TIMESTAMP, STRING], INT)]] as const),
    ...CLOCK_ACCESSORS.map((n) => [n, [member([TIMESTAMP], INT), member([TIMESTAMP, STRING], INT), member([DURATION], INT)]] as const),
  ]);
}
