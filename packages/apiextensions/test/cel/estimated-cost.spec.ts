import { parse } from '@bufbuild/cel';
import t from 'tap';
import { estimateRuleCost } from '../../src/cel/cost/rule-cost.js';
import { type JSONSchemaProps, newStructural } from '../../src/structural-schema.js';

// TestCostEstimation in apiextensions-apiserver pkg/apiserver/schema/cel/compilation_test.go: each schema is estimated
// without bounds ("calc") and with maxItems/maxProperties/maxLength set to setMaxElements ("set").
type Gen = (max?: number) => JSONSchemaProps;
const ruleType = (type: string): JSONSchemaProps =>
  type === 'int-or-string' ? { 'x-kubernetes-int-or-string': true } : ['duration', 'date', 'date-time'].includes(type) ? { type: 'string', format: type } : { type };
const withRule = (s: JSONSchemaProps, rule: string): JSONSchemaProps => ({ ...s, 'x-kubernetes-validations': [{ rule }] });
const arrayOf = (items: JSONSchemaProps, rule: string): Gen => (max) => withRule({ type: 'array', items, ...(max === undefined ? {} : { maxItems: max }) }, rule);
const mapOf = (value: JSONSchemaProps, rule: string): Gen => (max) =>
  withRule({ type: 'object', additionalProperties: value, ...(max === undefined ? {} : { maxProperties: max }) }, rule);
const stringWith = (rule: string, extra: JSONSchemaProps = {}): Gen => (max) => withRule({ type: 'string', ...extra, ...(max === undefined ? {} : { maxLength: max }) }, rule);
const objectItem: JSONSchemaProps = { type: 'object', required: ['required'], properties: { required: { type: 'string' }, optional: { type: 'string' } } };
const nested = (rule: string, all: boolean): Gen => (max) => {
  const bound = (key: string) => (max === undefined ? {} : { [key]: max });
  const inner = { ...objectItem, ...(all ? bound('maxProperties') : {}) };
  return withRule({ type: 'array', ...(all ? bound('maxItems') : {}), items: { type: 'object', additionalProperties: inner, ...bound('maxProperties') } }, rule);
};
const strMax = (max?: number): JSONSchemaProps => ({ type: 'string', ...(max === undefined ? {} : { maxLength: max }) });

const LIMIT = 100_000_000n;
const cases: [string, Gen, bigint | 'exceeds', number, bigint | 'exceeds'][] = [
  ['number array with all', arrayOf(ruleType('number'), 'self.all(x, true)'), 4718591n, 10, 32n],
  ['string array with all', arrayOf(ruleType('string'), 'self.all(x, true)'), 3145727n, 20, 62n],
  ['boolean array with all', arrayOf(ruleType('boolean'), 'self.all(x, true)'), 1887437n, 5, 17n],
  ['array of number arrays with all', arrayOf({ type: 'array', items: { type: 'number' } }, 'self.all(x, true)'), 3145727n, 100, 302n],
  ['array of objects with all', arrayOf(objectItem, 'self.all(x, true)'), 555128n, 50, 152n],
  ['map of numbers with all', mapOf(ruleType('number'), 'self.all(x, true)'), 1348169n, 10, 32n],
  ['map of strings with all', mapOf(ruleType('string'), 'self.all(x, true)'), 1179647n, 3, 11n],
  ['map of booleans with all', mapOf(ruleType('boolean'), 'self.all(x, true)'), 943718n, 100, 302n],
  ['string with contains', stringWith("self.contains('test')"), 314574n, 10, 5n],
  ['string with startsWith', stringWith("self.startsWith('test')"), 2n, 15, 2n],
  ['string with endsWith', stringWith("self.endsWith('test')"), 2n, 30, 2n],
  ['concat string', stringWith('size(self + "hello") > size("hello")'), 314578n, 4, 7n],
  ['index of array with numbers', arrayOf(ruleType('number'), 'self[1] == 0.0'), 2n, 5000, 2n],
  ['index of array with strings', arrayOf(ruleType('string'), 'self[1] == self[1]'), 314577n, 8, 314577n],
  ['O(n^2) loop with numbers', arrayOf(ruleType('number'), 'self.all(x, self.all(y, true))'), 'exceeds', 10, 352n],
  ['O(n^3) loop with numbers', arrayOf(ruleType('number'), 'self.all(x, self.all(y, self.all(z, true)))'), 'exceeds', 10, 3552n],
  ['regex matches simple', stringWith('self.matches("x")'), 314574n, 50, 22n],
  ['regex matches empty string', stringWith('"".matches("(((((((((())))))))))[0-9]")'), 7n, 10, 7n],
  ['regex matches empty regex', stringWith('self.matches("")'), 1n, 100, 1n],
  ['map of strings with value length', (max) => withRule({ type: 'object', additionalProperties: strMax(max), ...(max === undefined ? {} : { maxProperties: max }) }, 'self.all(x, x.contains(self[x]))'), 2752507n, 10, 72n],
  ['set array maxLength to zero', arrayOf(ruleType('number'), 'self[3] == 0.0'), 2n, 0, 2n],
  ['set map maxLength to zero', mapOf(ruleType('number'), 'self["x"] == 0.0'), 2n, 0, 2n],
  ['set string maxLength to zero', stringWith('self == "x"'), 2n, 0, 1n],
  ['set bytes maxLength to zero', stringWith('self == b"x"', { format: 'byte' }), 2n, 0, 1n],
  ['set maxLength greater than estimated maxLength', arrayOf(ruleType('number'), 'self.all(x, x == 0.0)'), 6291454n, 3 * 1024 * 2048, 25165826n],
  ['nested types with root rule with all supporting maxLength', nested('self.all(x, x["y"].required == "z")', true), 7340027n, 10, 72n],
  ['nested types with root rule with one supporting maxLength', nested('self.all(x, x["y"].required == "z")', false), 7340027n, 10, 7340027n],
  ['int-or-string array with all', arrayOf(ruleType('int-or-string'), 'self.all(x, true)'), 4718591n, 10, 32n],
  ['index of array with int-or-strings', arrayOf(ruleType('int-or-string'), 'self[0] == 5'), 3n, 10, 3n],
  ['index of array with booleans', arrayOf(ruleType('boolean'), 'self[0] == false'), 2n, 25, 2n],
  ['index of array of objects', arrayOf(objectItem, 'self[0] == null'), 2n, 422, 2n],
  ['index of array of array of numnbers', arrayOf({ type: 'array', items: { type: 'number' } }, 'self[0][0] == -1.0'), 3n, 51, 3n],
  ['array of number maps with all', arrayOf({ type: 'object', additionalProperties: { type: 'number' } }, 'self.all(x, x.y == 25.2)'), 6291452n, 12, 74n],
  ['index of array of number maps', arrayOf({ type: 'object', additionalProperties: { type: 'number' } }, 'self[0].x > 2.0'), 4n, 3000, 4n],
  ['duration array with all', arrayOf(ruleType('duration'), 'self.all(x, true)'), 2359295n, 5, 17n],
  ['index of duration array', arrayOf(ruleType('duration'), 'self[0].getHours() == 2'), 4n, 525, 4n],
  ['date array with all', arrayOf(ruleType('date'), 'self.all(x, true)'), 725936n, 15, 47n],
  ['index of date array', arrayOf(ruleType('date'), 'self[2].getDayOfMonth() == 13'), 4n, 42, 4n],
  ['date-time array with all', arrayOf(ruleType('date-time'), 'self.all(x, true)'), 428963n, 25, 77n],
  ['index of date-time array', arrayOf(ruleType('date-time'), 'self[2].getMinutes() == 45'), 4n, 99, 4n],
  ['map of int-or-strings with all', mapOf(ruleType('int-or-string'), 'self.all(x, true)'), 1348169n, 15, 47n],
  ['map of objects with all', mapOf(objectItem, 'self.all(x, true)'), 428963n, 20, 62n],
  ['map of number maps with all', mapOf({ type: 'object', additionalProperties: { type: 'number' } }, 'self.all(x, true)'), 1179647n, 10, 32n],
  ['map of number arrays with all', mapOf({ type: 'array', items: { type: 'number' } }, 'self.all(x, true)'), 1179647n, 25, 77n],
  ['map of durations with all', mapOf(ruleType('duration'), 'self.all(x, true)'), 1048577n, 5, 17n],
  ['map of dates with all', mapOf(ruleType('date'), 'self.all(x, true)'), 524288n, 10, 32n],
  ['map of date-times with all', mapOf(ruleType('date-time'), 'self.all(x, true)'), 349526n, 25, 77n],
  ['extended library regex find', stringWith("self.find('[0-9]+') == ''"), 629147n, 10, 11n],
  ['extended library join', (max) => withRule({ type: 'array', items: strMax(max), ...(max === undefined ? {} : { maxItems: max }) }, "self.join(' ') == 'aa bb'"), 329853068905n, 10, 43n],
  ['extended library isSorted', (max) => withRule({ type: 'array', items: strMax(max), ...(max === undefined ? {} : { maxItems: max }) }, 'self.isSorted() == true'), 329854432052n, 10, 52n],
  [
    'extended library replace',
    (max) => withRule({ type: 'object', properties: { str: strMax(max), before: strMax(2), after: strMax(4) } }, "self.str.replace(self.before, self.after) == 'does not matter'"),
    629154n, 4, 12n,
  ],
  ['extended library split', (max) => withRule({ type: 'object', properties: { str: strMax(max), separator: strMax(max) } }, 'self.str.split(self.separator) == []'), 629160n, 10, 22n],
  ['extended library lowerAscii', stringWith("self.lowerAscii() == 'lower!'"), 314575n, 10, 6n],
  ['check cost of size call', mapOf({ type: 'integer' }, 'oldSelf.size() == self.size()'), 5n, 10, 5n],
  ['check cost of timestamp comparison', mapOf(ruleType('date-time'), 'self["a"] == self["b"]'), 8n, 7, 8n],
  ['check cost of duration comparison', mapOf(ruleType('duration'), 'self["c"] == self["d"]'), 8n, 42, 8n],
  ['enums with maxLength equals to the longest possible value', stringWith("self.contains('A')", { enum: ['A', 'B', 'C', 'LongValue'] }), 2n, 1000, 401n],
];

function estimate(props: JSONSchemaProps) {
  const s = newStructural(props);
  const [first] = props['x-kubernetes-validations'] ?? [];
  const rule = (first as { rule: string }).rule;
  return estimateRuleCost(parse(rule), s, false);
}

for (const [name, gen, calc, setMax, set] of cases) {
  t.test(name, async (t) => {
    for (const [label, props, want] of [['calc', gen(), calc], ['set', gen(setMax), set]] as const) {
      const got = estimate(props);
      t.equal(got?.unsure, undefined, `${label}: the estimate is claimed`);
      if (want === 'exceeds') t.ok((got?.max ?? 0n) >= LIMIT, `${label}: ${got?.max} exceeds ${LIMIT}`);
      else t.equal(got?.max, want, `${label}: ${want}`);
    }
  });
}
