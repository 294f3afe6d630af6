import t from 'tap';
import { parse } from '@bufbuild/cel';
import { CELValidator, newStructural } from '../../src/index.js';
import { planMetered } from '../../src/cel/compilation.js';
import { PER_CALL_LIMIT, runMetered } from '../../src/cel/runtime-cost.js';

const cost = (expr: string, bindings: Record<string, unknown> = {}) => runMetered(PER_CALL_LIMIT, () => planMetered(parse(expr))(bindings as never)).cost;

t.test('costs as cel-go counts them', async (t) => {
  t.equal(cost('1 + 2 == 3'), 2, 'two calls, constants are free');
  t.equal(cost('self.a.b', { self: new Map([['a', new Map([['b', 1n]])]]) }), 3, 'ident and two selections');
  t.equal(cost('has(self.a)', { self: new Map([['a', 1n]]) }), 1, 'has() costs only its operand (PresenceTestHasCost(false))');
  t.equal(cost('[1, 2]'), 10, 'a list literal');
  t.equal(cost("{'a': 1}"), 30, 'a map literal');
  t.equal(cost('true || x', {}), 0, 'short-circuit: the right side is not evaluated');
  t.equal(cost("'abcdefghijklmnopqrstu'.startsWith('a')"), 3, 'startsWith walks its string (21 chars × 0.1)');
  t.equal(cost('l.all(x, x > 0)', { l: [1n, 2n, 3n] }), 1 + 3 * (2 + 3) + 1, 'range, per item the loop condition (2) and step (3), the result');
  t.equal(runMetered(4, () => planMetered(parse('1 + 1 + 1 + 1 + 1 + 1'))({})).exceeded, true, 'five calls pass a limit of 4');
});

t.test('a rule passing the per-call limit is refused with upstream message and stops validation', async (t) => {
  const v = CELValidator.forSchema(
    newStructural({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'integer' }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, self.all(z, x + y + z >= 0)))' }] },
        other: { type: 'string', 'x-kubernetes-validations': [{ rule: 'false' }] },
      },
    }),
  ) as CELValidator;
  const items = Array.from({ length: 100 }, (_, i) => i);
  t.same(v.validate(undefined, { items, other: 'x' }).map(String), [
    "items: Invalid value: \"array\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.all(x, self.all(y, self.all(z, x + y + z >= 0)))",
  ]);
  t.same(v.validate(undefined, { items: items.slice(0, 10), other: 'x' }).map(String), ['other: Invalid value: "string": failed rule: false'], 'a small list is fine');
});

t.test('all rules of an object share the runtime budget', async (t) => {
  const rule = { rule: 'self.all(x, self.all(y, x + y >= 0))' };
  const v = CELValidator.forSchema(
    newStructural({ type: 'object', properties: { lists: { type: 'array', items: { type: 'array', items: { type: 'integer' }, 'x-kubernetes-validations': [rule] } } } }),
  ) as CELValidator;
  const list = Array.from({ length: 300 }, (_, i) => i);
  const per = cost(rule.rule, { self: list.map(BigInt) });
  t.ok(per < PER_CALL_LIMIT && per > 500_000, `one list costs ${per}, under the per-call limit`);
  const errs = v.validate(undefined, { lists: Array.from({ length: 30 }, () => list) }).map(String);
  t.same(errs, [`lists[${Math.floor(10_000_000 / per)}]: Invalid value: "array": validation failed due to running out of cost budget, no further validation rules will be run`]);
});

t.test('a messageExpression passing the limit', async (t) => {
  const v = CELValidator.forSchema(
    newStructural({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'integer' }, 'x-kubernetes-validations': [{ rule: 'false', messageExpression: "self.all(x, self.all(y, self.all(z, x + y + z >= 0))) ? 'a' : 'b'" }] },
      },
    }),
  ) as CELValidator;
  t.same(v.validate(undefined, { items: Array.from({ length: 100 }, (_, i) => i) }).map(String), [
    'items: Invalid value: "array": no further validation rules will be run due to call cost exceeds limit for messageExpression: "self.all(x, self.all(y, self.all(z, x + y + z >= 0))) ? \'a\' : \'b\'"',
  ]);
});

t.test('library call costs', async (t) => {
  t.equal(cost('sets.contains([1, 2, 3], [1, 2])'), 10 + 10 + 1 + 3 * 2, 'two list literals, 1 + 3×2');
  t.equal(cost('sets.equivalent([1, 2, 3], [1, 2])'), 10 + 10 + 1 + 2 * 3 * 2, 'equivalence is charged twice');
  t.equal(cost("quantity('123456789012345678901')"), 3, 'quantity parsing walks its text (21 chars × 0.1)');
  t.equal(cost("'abcdefghij'.find('[a-z]+')"), Math.ceil(11 * 0.1) * Math.ceil(6 * 0.25), 'find: (1 + string) × regex');
  t.equal(cost('[3, 1, 2].isSorted()'), 10 + 3, 'isSorted walks the list');
});
