import t, { type Test } from 'tap';
import { CELValidator, newStructural } from '../../src/index.js';

function evaluate(rule: string, value: unknown = ''): string[] {
  const s = newStructural({
    type: 'object',
    properties: { v: { type: 'string', 'x-kubernetes-validations': [{ rule }] }, n: { type: 'integer', 'x-kubernetes-validations': [{ rule }] } },
  });
  const v = CELValidator.forSchema(s);
  if (v === undefined) throw new Error('no rules');
  return v.validate(undefined, typeof value === 'number' ? { n: value } : { v: value }).map(String);
}
const ok = (t: Test, rule: string, value: unknown = '') => t.same(evaluate(rule, value), [], rule);
const fails = (t: Test, rule: string, message: string, value: unknown = '') =>
  t.same(evaluate(rule, value), [`${typeof value === 'number' ? 'n: Invalid value: "integer"' : 'v: Invalid value: "string"'}: ${message} evaluating rule: ${rule}`], rule);

t.test('quantity parsing', async (t) => {
  ok(t, "isQuantity(self) && quantity(self) == quantity('1536Mi')", '1.5Gi');
  ok(t, "isQuantity('20') && isQuantity('20M') && isQuantity('20Mi') && isQuantity('1e3') && isQuantity('.5') && isQuantity('-1.5k')");
  ok(t, "!isQuantity('20Mo') && !isQuantity('10Mm') && !isQuantity('200K') && !isQuantity('Three') && !isQuantity('Mi') && !isQuantity('') && !isQuantity(' 1')");
  fails(t, "quantity('10Mo') == quantity('1')", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  fails(t, "quantity('10Mm') == quantity('1')", "unable to parse quantity's suffix");
});

t.test('quantity comparisons and equality by value', async (t) => {
  ok(t, "quantity('200M') == quantity('0.2G') && quantity('0.2G') == quantity('200M') && quantity('1Ki') == quantity('1024')");
  ok(t, "quantity('2M') == quantity('0.002G') && quantity('2000k') == quantity('2M') && quantity('200M') != quantity('0.3G')");
  ok(t, "quantity('50M').isLessThan(quantity('50Mi')) && !quantity('100M').isLessThan(quantity('50M'))");
  ok(t, "quantity('50Mi').isGreaterThan(quantity('50M')) && !quantity('50M').isGreaterThan(quantity('100M'))");
  ok(t, "quantity('200M').compareTo(quantity('0.2G')) == 0 && quantity('50M').compareTo(quantity('50Mi')) == -1 && quantity('50Mi').compareTo(quantity('50M')) == 1");
  ok(t, "sign(quantity('-1m')) == -1 && sign(quantity('0')) == 0 && sign(quantity('3Gi')) == 1");
});

t.test('quantity arithmetic and conversions', async (t) => {
  ok(t, "quantity('50k').add(quantity('20')) == quantity('50.02k') && quantity('50k').sub(quantity('20')) == quantity('49.98k')");
  ok(t, "!quantity('50k').add(20).isLessThan(quantity('50020')) && quantity('50k').sub(20) == quantity('49980')");
  ok(t, "quantity('50k').add(20).sub(quantity('100k')).asInteger() == -49980 && quantity('50k').add(20).sub(quantity('100k')).sub(-50000).asInteger() == 20");
  ok(t, "quantity('50k').asInteger() == 50000 && quantity('50').isInteger() && quantity('50000000G').isInteger()");
  ok(t, "!quantity('9999999999999999999999999999999999999G').isInteger() && !quantity('0.5').isInteger() && !quantity('1000m').isInteger()");
  ok(t, "quantity('50.703k').asApproximateFloat() == 50703.0 && quantity('1Ki').asApproximateFloat() == 1024.0");
  ok(t, "quantity('9223372036854775807').add(1).asApproximateFloat() > 9.2e18 && !quantity('9223372036854775807').add(1).isInteger()");
  fails(t, "quantity('9999999999999999999999999999999999999G').asInteger() == 0", 'cannot convert value to integer');
  ok(t, 'quantity(string(self)).add(self).asInteger() == 2 * self', 21);
});

t.test('quantity type errors: found at compilation where the types are known', async (t) => {
  const cases: ReadonlyArray<readonly [string, number, string]> = [
    ['isQuantity(1)', 11, "'isQuantity' applied to '(int)'"],
    ["quantity('1').isLessThan(1)", 25, "'isLessThan' applied to 'kubernetes.Quantity.(int)'"],
    ["quantity('1').compareTo('1') == 0", 24, "'compareTo' applied to 'kubernetes.Quantity.(string)'"],
    ["sign('1') == 1", 5, "'sign' applied to '(string)'"],
    ["quantity('1').add(1.5).isInteger()", 18, "'add' applied to 'kubernetes.Quantity.(double)'"],
    ["quantity('1').sign() == 1", 19, "'sign' applied to 'kubernetes.Quantity.()'"],
  ];
  for (const [rule, at, overload] of cases) {
    t.same(evaluate(rule, 'x'), [
      `v: Invalid value: "string": rule compile error: compilation failed: ERROR: <input>:1:${at}: found no matching overload for ${overload}\n | ${rule}\n | ${'.'.repeat(at - 1)}^`,
    ], rule);
  }
});

t.test('quantity type errors: at evaluation where a value is dynamic', async (t) => {
  for (const rule of ['isQuantity(dyn(1))', "quantity('1').isLessThan(dyn(1))", "quantity('1').compareTo(dyn('1')) == 0", "sign(dyn('1')) == 1", "quantity('1').add(dyn(1.5)).isInteger()"]) {
    t.same(evaluate(rule, 'x'), [
      `v: Invalid value: "string": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: ${rule}`,
    ], rule);
  }
  t.same(evaluate("isQuantity(self) || quantity('1').add(dyn('1')) == quantity('2')", 'x'), [
    `v: Invalid value: "string": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: isQuantity(self) || quantity('1').add(dyn('1')) == quantity('2')`,
  ]);
  t.same(evaluate('quantity(self) == quantity(dyn(1))', 'x'), [
    `v: Invalid value: "string": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: quantity(self) == quantity(dyn(1))`,
  ], 'the first failing argument decides');
});
