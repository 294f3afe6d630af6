// CEL's optional syntax as Kubernetes enables it (cel-go OptionalTypes): `x.?f`, `x[?i]`, `optMap`/`optFlatMap`,
// and optional chaining once a chain meets an optional (an optional oldSelf included).
import t from 'tap';
import {
  admissionVariableDeclarations,
  CELValidator,
  compileAdmissionExpression,
  compileRules,
  type JSONSchemaProps,
  jsonToCelValue,
  newStructural,
} from '../../src/index.js';
import { rewriteOptionalSyntax } from '../../src/cel/optional-syntax.js';

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: { x: { type: 'integer' }, labels: { type: 'object', additionalProperties: { type: 'string' } }, items: { type: 'array', items: { type: 'string' } } },
    },
  },
};
const compileError = (rule: string) => compileRules(newStructural({ ...schema, 'x-kubernetes-validations': [{ rule }] }), false)[0]?.error;
function evaluate(rule: string, obj: unknown, old?: unknown, optionalOldSelf = false): string[] | undefined {
  const s = newStructural({ type: 'object', properties: { o: { ...schema, 'x-kubernetes-validations': [{ rule, ...(optionalOldSelf && { optionalOldSelf }) }] } } });
  return CELValidator.forSchema(s)?.validate(undefined, { o: obj }, old === undefined ? undefined : { o: old }).map(String);
}
const obj = { spec: { x: 3, labels: { a: 'b' }, items: ['p', 'q'] } };

t.test('the rewrite keeps strings, comments and ternaries, and maps offsets back', async (t) => {
  t.equal(rewriteOptionalSyntax("a.?b[?'k'] // x.?y").source, 'a.__opt_select__("b").__opt_index__(\'k\') // x.?y');
  t.equal(rewriteOptionalSyntax("'x.?y' + \"a[?b]\" == (c ? d : e)").source, "'x.?y' + \"a[?b]\" == (c ? d : e)", 'nothing to rewrite');
  t.equal(rewriteOptionalSyntax('m[?0][1]').source, 'm.__opt_index__(0)[1]');
  const r = rewriteOptionalSyntax('a.?bb == c');
  t.equal(r.toOriginal(r.source.indexOf('==')), 'a.?bb == c'.indexOf('=='));
});

t.test('.? and [? select and index when present, none when absent', async (t) => {
  for (const rule of [
    'self.?spec.?x.orValue(0) == 3',
    "self.spec.?labels[?'a'].orValue('') == 'b'",
    "self.spec.labels[?'zz'].orValue('none') == 'none'",
    "self.spec.items[?5].orValue('') == '' && self.spec.items[?1].value() == 'q'",
    'self.spec.?x == optional.of(3) && self.?spec.x.orValue(0) == 3',
  ]) {
    t.same(evaluate(rule, obj), [], rule);
  }
  t.same(evaluate("self.?spec.?x.orValue(7) == 7 && self.spec.?labels[?'a'].hasValue() == false", { spec: {} }), [], 'absent fields');
});

t.test('optMap and optFlatMap', async (t) => {
  t.same(evaluate('self.?spec.optMap(s, s.x + 1).orValue(0) == 4', obj), []);
  t.same(evaluate('self.?spec.optFlatMap(s, s.?x).orValue(0) == 3', obj), []);
  t.same(evaluate('self.spec.?x.optMap(v, v * 2).orValue(-1) == -1', { spec: {} }), [], 'none maps to none');
});

t.test('an optional oldSelf chains: absent fields of the old object are none', async (t) => {
  const rule = '!oldSelf.hasValue() || oldSelf.spec.x.orValue(0) <= self.spec.x';
  t.same(evaluate(rule, obj, undefined, true), [], 'no old object');
  t.same(evaluate(rule, obj, { spec: {} }, true), [], 'old object without x');
  t.same(evaluate(rule, obj, { spec: { x: 5 } }, true), [`o: Invalid value: "object": failed rule: ${rule}`]);
});

t.test('checked as cel-go checks it, errors placed in the written text', async (t) => {
  t.equal(compileError('self.?spec.?y.orValue(0) == 0'), "compilation failed: ERROR: <input>:1:11: undefined field 'y'\n | self.?spec.?y.orValue(0) == 0\n | ..........^");
  t.equal(compileError('self.spec.?x.orValue(0) == "a"'), "compilation failed: ERROR: <input>:1:25: found no matching overload for '_==_' applied to '(int, string)'\n | self.spec.?x.orValue(0) == \"a\"\n | ........................^");
  t.match(compileError("self.spec.items[?'a'].hasValue()"), /found no matching overload for '_\[\?_\]' applied to '\(list\(string\), string\)'/);
  t.equal(compileError('self.spec.?x'), 'cel expression must evaluate to a bool', 'an optional is not a bool');
});

t.test('admission expressions take the syntax too', async (t) => {
  const compiled = compileAdmissionExpression("object.metadata.?labels[?'env'].orValue('dev') == 'prod'", admissionVariableDeclarations(), ['bool']);
  if (!('evaluate' in compiled)) throw new Error(compiled.error);
  const bindings = (object: unknown) => ({ object: jsonToCelValue(object), oldObject: null, request: null, namespaceObject: null });
  t.match(compiled.evaluate(bindings({ metadata: { labels: { env: 'prod' } } })), { value: true });
  t.match(compiled.evaluate(bindings({ metadata: {} })), { value: false });
});
