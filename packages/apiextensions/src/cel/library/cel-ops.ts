/**
 * CEL's own operators, planned once and called from library functions so that they compare,
 * add and test equality exactly as the evaluator does (heterogeneous numbers, lists, maps,
 * timestamps and durations included) instead of re-implementing those semantics.
 *
 * @module
 */
import { type CelInput, type CelValue, celEnv, isCelError, parse, plan } from '@bufbuild/cel';

const env = celEnv();

function binary(expr: string): (a: CelValue, b: CelValue) => CelValue {
  const run = plan(env, parse(expr));
  return (a, b) => {
    const out = run({ a: a as CelInput, b: b as CelInput });
    if (isCelError(out)) throw out;
    return out;
  };
}

/** `a == b` with CEL's equality. */
export const celEquals: (a: CelValue, b: CelValue) => CelValue = binary('a == b');
/** `a < b`; throws CEL's error when the operands are not comparable. */
export const celLess: (a: CelValue, b: CelValue) => CelValue = binary('a < b');
/** `a + b`; throws on overflow or mismatched operands. */
export const celAdd: (a: CelValue, b: CelValue) => CelValue = binary('a + b');
