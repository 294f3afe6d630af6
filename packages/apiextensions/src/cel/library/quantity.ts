/**
 * Kubernetes' CEL quantity library (`k8s.io/apiserver/pkg/cel/library/quantity.go`, in CRD rules
 * since 1.28): `quantity()`, `isQuantity()`, `sign()` (a function, as upstream declares it), `isGreaterThan()`, `isLessThan()`,
 * `compareTo()`, `add()`, `sub()` (of a quantity or an int), `asInteger()`, `isInteger()` and
 * `asApproximateFloat()`. Quantities compare equal by value (`quantity("200M") == quantity("0.2G")`).
 *
 * @module
 */
import { type CelFunc, CelScalar, celFunc, celMethod } from '@bufbuild/cel';
import {
  addGoQuantity,
  compareGoQuantity,
  type GoQuantity,
  goQuantityAsFloat,
  goQuantityAsInt64,
  goQuantityKey,
  goQuantityOfInt,
  goQuantitySign,
  parseGoQuantity,
  subGoQuantity,
} from './go-quantity.js';
import { opaquePayload, QUANTITY_TYPE } from './opaque-types.js';

const { BOOL, DOUBLE, INT, STRING } = CelScalar;
const QUANTITY = QUANTITY_TYPE.celType;

function quantityOf(q: GoQuantity) {
  return QUANTITY_TYPE.of(goQuantityKey(q), q);
}

function goQuantity(v: { readonly message: unknown }): GoQuantity {
  return opaquePayload(v) as GoQuantity;
}

function isQuantity(s: string): boolean {
  try {
    parseGoQuantity(s);
    return true;
  } catch {
    return false;
  }
}

function arithmetic(name: 'add' | 'sub', op: (a: GoQuantity, b: GoQuantity) => GoQuantity): CelFunc[] {
  return [
    celMethod(name, QUANTITY, [QUANTITY], QUANTITY, function (other) {
      return quantityOf(op(goQuantity(this), goQuantity(other)));
    }),
    celMethod(name, QUANTITY, [INT], QUANTITY, function (n) {
      return quantityOf(op(goQuantity(this), goQuantityOfInt(n)));
    }),
  ];
}

/** The quantity functions. */
export const quantityLibrary: readonly CelFunc[] = [
  celFunc('quantity', [STRING], QUANTITY, (s) => quantityOf(parseGoQuantity(s))),
  celFunc('isQuantity', [STRING], BOOL, isQuantity),
  // Declared by upstream as a function, not a method: `sign(quantity('-1'))`.
  celFunc('sign', [QUANTITY], INT, (q) => goQuantitySign(goQuantity(q))),
  celMethod('isGreaterThan', QUANTITY, [QUANTITY], BOOL, function (other) {
    return compareGoQuantity(goQuantity(this), goQuantity(other)) > 0;
  }),
  celMethod('isLessThan', QUANTITY, [QUANTITY], BOOL, function (other) {
    return compareGoQuantity(goQuantity(this), goQuantity(other)) < 0;
  }),
  celMethod('compareTo', QUANTITY, [QUANTITY], INT, function (other) {
    return BigInt(compareGoQuantity(goQuantity(this), goQuantity(other)));
  }),
  ...arithmetic('add', addGoQuantity),
  ...arithmetic('sub', subGoQuantity),
  celMethod('asInteger', QUANTITY, [], INT, function () {
    const v = goQuantityAsInt64(goQuantity(this));
    if (v === undefined) throw new Error('cannot convert value to integer');
    return v;
  }),
  celMethod('isInteger', QUANTITY, [], BOOL, function () {
    return goQuantityAsInt64(goQuantity(this)) !== undefined;
  }),
  celMethod('asApproximateFloat', QUANTITY, [], DOUBLE, function () {
    return goQuantityAsFloat(goQuantity(this));
  }),
];
