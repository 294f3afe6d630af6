// Property names rules read escaped, as upstream's `Escape` makes them: `self.__namespace__`, `self.x__dash__prop`.
import t from 'tap';
import { CELValidator, compileRules, newStructural } from '../../src/index.js';
import { escapeProperty } from '../../src/cel/escaping.js';

t.test('escaping rules', async (t) => {
  const cases: ReadonlyArray<readonly [string, string | undefined]> = [
    ['namespace', '__namespace__'],
    ['if', '__if__'],
    ['x-prop', 'x__dash__prop'],
    ['redact__d', 'redact__underscores__d'],
    ['a___b', 'a__underscores___b'],
    ['a.b', 'a__dot__b'],
    ['a/b', 'a__slash__b'],
    ['string', 'string'],
    ['_x', '_x'],
    ['1a', undefined],
    ['a b', undefined],
    ['ü', undefined],
    ['', undefined],
  ];
  for (const [name, escaped] of cases) t.equal(escapeProperty(name), escaped, name);
});

const schema = {
  type: 'object',
  properties: { namespace: { type: 'string' }, 'x-prop': { type: 'integer' }, redact__d: { type: 'integer' }, 'bad name': { type: 'integer' } },
} as const;
const compile = (rule: string) => compileRules(newStructural({ ...schema, 'x-kubernetes-validations': [{ rule }] }), false)[0];
const evaluate = (rule: string, value: Record<string, unknown>) =>
  CELValidator.forSchema(newStructural({ type: 'object', properties: { o: { ...schema, 'x-kubernetes-validations': [{ rule }] } } }))
    ?.validate(undefined, { o: value })
    .map(String);

t.test('rules read and check fields by their escaped names', async (t) => {
  const rule = "self.__namespace__ == 'ns' && self.x__dash__prop > 0 && self.redact__underscores__d == 2 && has(self.__namespace__)";
  t.equal(compile(rule)?.error, undefined);
  t.equal(compile(rule)?.costNotEstimated, undefined, 'and the cost estimate finds them');
  t.same(evaluate(rule, { namespace: 'ns', 'x-prop': 1, redact__d: 2 }), []);
  t.same(evaluate(rule, { namespace: 'ns', 'x-prop': 0, redact__d: 2 }), [`o: Invalid value: "object": failed rule: ${rule}`]);
  t.match(compile("self.namespace == 'ns'")?.error, /^compilation failed: ERROR: <input>:1:5: undefined field 'namespace'/, 'not by their own names');
  t.match(compile('self.bad_name > 0')?.error, /undefined field 'bad_name'/, 'a name without a CEL form is no field');
  t.same(evaluate('!has(self.x__dash__prop)', { namespace: 'a', 'bad name': 1 }), [], 'an absent field');
});
