/**
 * CEL's own operators, planned once (on first use: start-up does not pay for them) and called from library functions so that they compare,
 * add and test equality exactly as the evaluator does (heterogeneous numbers, lists, maps,
 * timestamps and durations included) instead of re-implementing those semantics.
 *
 * @module
 */
import { type CelEnv, type CelInput, type CelValue, celEnv, isCelError, parse, plan } from '@bufbuild/cel';

let env: CelEnv | undefined;

function binary(expr: string): (a: CelValue, b: CelValue) => CelValue {
  let run: ReturnType<typeof plan> | undefined;
  return (a, b) => {
    run ??= plan((env ??= celEnv()), parse(expr));
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
