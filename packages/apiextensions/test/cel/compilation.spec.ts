import t from 'tap';
import { admissionVariableDeclarations, compileAdmissionExpression, compileRules, type JSONSchemaProps, newStructural, validFieldPath } from '../../src/index.js';

const spec: JSONSchemaProps = {
  type: 'object',
  properties: { replicas: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
};
const compile = (rule: Record<string, unknown>, props: JSONSchemaProps = spec, root = false) =>
  compileRules(newStructural({ ...props, 'x-kubernetes-validations': [rule] }), root)[0];

t.test('valid rules compile; oldSelf makes a transition rule', async (t) => {
  t.equal(compile({ rule: 'self.replicas > 0 && self.tags.all(t, t.size() > 0) && self.labels.x == "y"' })?.error, undefined);
  t.equal(compile({ rule: 'self.replicas >= oldSelf.replicas' })?.usesOldSelf, true);
  t.equal(compile({ rule: 'self.tags.exists(oldSelf, oldSelf == "a")' })?.usesOldSelf, false, 'a macro variable shadows oldSelf');
  t.equal(compile({ rule: 'self.metadata.name.startsWith("a")' }, spec, true)?.error, undefined);
  t.equal(compile({ rule: '  ' })?.program, undefined, 'an empty rule compiles to nothing');
});

t.test('compile errors as cel-go words them', async (t) => {
  t.equal(compile({ rule: 'self.foo == 1' })?.error, "compilation failed: ERROR: <input>:1:5: undefined field 'foo'\n | self.foo == 1\n | ....^");
  t.equal(compile({ rule: 'has(self.nope)' })?.error, "compilation failed: ERROR: <input>:1:9: undefined field 'nope'\n | has(self.nope)\n | ........^");
  t.equal(compile({ rule: 'x > 1' })?.error, "compilation failed: ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x > 1\n | ^");
  t.equal(compile({ rule: 'frob(self)' })?.error, "compilation failed: ERROR: <input>:1:5: undeclared reference to 'frob' (in container '')\n | frob(self)\n | ....^");
  t.equal(compile({ rule: 'self.replicas.x' })?.error, "compilation failed: ERROR: <input>:1:14: type 'int' does not support field selection\n | self.replicas.x\n | .............^");
  t.match(compile({ rule: 'self.replicas ==' })?.error, /^compilation failed: ERROR: <input>:1:\d+: Syntax error: /);
  t.equal(compile({ rule: 'self.replicas' })?.error, 'cel expression must evaluate to a bool');
  for (const rule of ['self.tags.size()', "quantity('1').compareTo(quantity('2'))", "quantity('1').asApproximateFloat()", 'self.name.lowerAscii()']) {
    t.equal(compile({ rule })?.error, 'cel expression must evaluate to a bool', `${rule}: library results are typed`);
  }
  t.equal(compile({ rule: "quantity(self.name).isGreaterThan(quantity('1')) && optional.of(1).hasValue() && sets.contains([1], [1])" })?.error, undefined);
  t.equal(compile({ rule: 'true', messageExpression: 'self.tags.size()' })?.messageExpressionError, 'messageExpression must evaluate to a string');
  t.equal(compile({ rule: 'self.metadata.labels.x == "y"' }, spec, true)?.error?.split('\n')[0], "compilation failed: ERROR: <input>:1:14: undefined field 'labels'");
  t.equal(compile({ rule: 'true', messageExpression: '42' })?.messageExpressionError, 'messageExpression must evaluate to a string');
  t.match(compile({ rule: 'true', messageExpression: 'self.nope' })?.messageExpressionError, /^messageExpression compilation failed: ERROR: <input>:1:5: undefined field 'nope'/);
});

t.test('a literal find/findAll pattern is compiled with the program (Kubernetes\' regex optimizations)', async (t) => {
  const invalid = 'program instantiation failed: error parsing regexp: missing closing ): `(a`';
  t.equal(compile({ rule: "self.name.find('(a') == ''" })?.error, invalid);
  t.equal(compile({ rule: "self.tags.all(x, x.findAll('(a', 2).size() == 0)" })?.error, invalid, 'inside a macro');
  t.equal(compile({ rule: "self.name.findAll('[0-9]+') == [] && self.name.find(self.name) == ''" })?.error, undefined, 'valid, or not a literal');
  t.equal(compile({ rule: "self.name.matches('(a')" })?.error, undefined, 'matches is not optimized: its pattern fails when evaluated');
  t.equal(
    compile({ rule: 'true', messageExpression: "self.name.find('(?=x)')" })?.messageExpressionError,
    'messageExpression instantiation failed: error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
  );
  const admission = compileAdmissionExpression("object.metadata.name.find('a**') == ''", admissionVariableDeclarations(), ['bool']);
  t.equal('error' in admission ? admission.error : 'compiled', 'program instantiation failed: error parsing regexp: invalid nested repetition operator: `**`');
});

t.test('fieldPath', async (t) => {
  const s = newStructural({ type: 'object', properties: { a: { type: 'object', properties: { 'b.c': { type: 'string' } } }, m: { type: 'object', additionalProperties: { type: 'string' } } } });
  t.match(validFieldPath(".a['b.c']", s), { path: 'a.b.c', steps: ['a', 'b.c'], schema: { generic: { type: 'string' } } });
  t.match(validFieldPath('.m.k', s), { path: 'm[k]', steps: ['m', 'k'], schema: { generic: { type: 'string' } } });
  t.same(validFieldPath(".a['b.c']", s, { allowArrayNotation: false }), { error: 'array notation is not allowed' });
  t.same(validFieldPath('.x', s), { error: 'does not refer to a valid field' });
  t.same(validFieldPath('a', s), { error: 'expected [ or . but got: a' });
  t.equal(compile({ rule: 'true', fieldPath: '.name' })?.normalizedFieldPath, 'name');
});
