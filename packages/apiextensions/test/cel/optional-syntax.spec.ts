// CEL's optional syntax as Kubernetes enables it (cel-go OptionalTypes): `x.?f`, `x[?i]`, `optMap`/`optFlatMap`,
// and optional chaining once a chain meets an optional (an optional oldSelf included).
import { type CelValue, isCelList, isCelMap, isCelUint } from '@bufbuild/cel';
import { getConformanceSuite, type IncrementalTest, type IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js';
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

t.test('optional list elements and map entries', async (t) => {
  t.equal(rewriteOptionalSyntax("[?a, b, ?c] + {?'k': v, 'j': w}").source, "__opt_list__([a, b, c], [0, 2]) + __opt_map__({'k': v, 'j': w}, [0])");
  t.equal(rewriteOptionalSyntax('[a ? b : c, d]').source, '[a ? b : c, d]', 'a conditional is no optional element');
  const rule = "[?self.spec.items[?0], ?self.spec.items[?9], 'z'] == ['p', 'z'] && {?'a': self.spec.labels[?'a'], ?'b': self.spec.labels[?'zz']} == {'a': 'b'}";
  t.same(evaluate(rule, obj), [], 'absent ones are left out, present ones unwrapped');
  t.match(compileError('[?self.spec.x].size() == 1'), /expected type 'optional_type\(int\)' but found 'int'/, 'an optional element must be an optional');
});

t.test('admission expressions take the syntax too', async (t) => {
  const compiled = compileAdmissionExpression("object.metadata.?labels[?'env'].orValue('dev') == 'prod'", admissionVariableDeclarations(), ['bool']);
  if (!('evaluate' in compiled)) throw new Error(compiled.error);
  const bindings = (object: unknown) => ({ object: jsonToCelValue(object), oldObject: null, request: null, namespaceObject: null });
  t.match(compiled.evaluate(bindings({ metadata: { labels: { env: 'prod' } } })), { value: true });
  t.match(compiled.evaluate(bindings({ metadata: {} })), { value: false });
});

type ExpectedValue = NonNullable<Extract<IncrementalTest['original']['resultMatcher'], { case: 'value' }>['value']>;

/** A CEL result as plain JSON (numbers of every kind as numbers). */
function plain(v: CelValue): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (isCelUint(v)) return Number(v.value);
  if (isCelList(v)) return [...v].map((x) => plain(x as CelValue));
  if (isCelMap(v)) return Object.fromEntries([...v].map(([k, x]) => [String(isCelUint(k) ? k.value : k), plain(x as CelValue)]));
  return v;
}

/** A conformance test's expected value as plain JSON. */
function expectedPlain(v: ExpectedValue): unknown {
  const k = v.kind;
  switch (k.case) {
    case 'int64Value':
    case 'uint64Value':
      return Number(k.value);
    case 'nullValue':
      return null;
    case 'listValue':
      return k.value.values.map(expectedPlain);
    case 'mapValue':
      return Object.fromEntries(k.value.entries.map((e) => [String(e.key && expectedPlain(e.key)), e.value && expectedPlain(e.value)]));
    default:
      return k.value;
  }
}

function* optionalsTests(suite: IncrementalTestSuite, inside = false): Generator<IncrementalTest> {
  const here = inside || suite.name === 'optionals';
  if (here) yield* suite.tests;
  for (const child of suite.suites) yield* optionalsTests(child, here);
}

t.test("cel-spec's optionals conformance tests evaluate as cel-go evaluates them", async (t) => {
  let compared = 0;
  for (const test of optionalsTests(getConformanceSuite())) {
    const { expr, resultMatcher } = test.original;
    // Messages are not there; maps mixing key or value types Kubernetes refuses (homogeneous literals).
    if (/TestAllTypes/.test(expr) || /^\{(true|1u):/.test(expr) || /'singleton': true/.test(expr)) continue;
    const compiled = compileAdmissionExpression(expr, admissionVariableDeclarations(), ['any']);
    if (!('evaluate' in compiled)) {
      t.fail(`${expr}: ${compiled.error}`);
      continue;
    }
    const result = compiled.evaluate({ object: null, oldObject: null, request: null, namespaceObject: null });
    compared++;
    if (resultMatcher.case === 'evalError') t.ok('error' in result, `${expr}: an error`);
    else if (resultMatcher.case === 'value') t.same('value' in result ? plain(result.value as CelValue) : result, expectedPlain(resultMatcher.value), expr);
  }
  t.ok(compared >= 52, `${compared} compared`);
});
