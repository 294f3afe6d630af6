// Type errors a cluster refuses when a CRD or an admission expression is written (cel-go's checker in Kubernetes'
// environment), and what it accepts: each case below is refused or accepted by kube-apiserver 1.32 for the same
// reason, worded as cel-go words it.
import t from 'tap';
import { AUTHORIZER_DECLARATIONS, admissionVariableDeclarations, compileAdmissionExpression, composeAdmissionVariables, compileRules, type JSONSchemaProps, newStructural } from '../../src/index.js';

const spec: JSONSchemaProps = {
  type: 'object',
  properties: {
    replicas: { type: 'integer' },
    ratio: { type: 'number' },
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    port: { 'x-kubernetes-int-or-string': true },
    since: { type: 'string', format: 'date-time' },
    timeout: { type: 'string', format: 'duration' },
    template: { type: 'object', properties: { size: { type: 'integer' } } },
  },
};
const errorOf = (rule: string, messageExpression?: string) =>
  compileRules(newStructural({ ...spec, 'x-kubernetes-validations': [messageExpression === undefined ? { rule } : { rule, messageExpression }] }), false)[0];
/** cel-go's rendering of one issue at 1-based column `at`. */
const issue = (rule: string, at: number, message: string) => `ERROR: <input>:1:${at}: ${message}\n | ${rule}\n | ${'.'.repeat(at - 1)}^`;
const refused = (rule: string, at: number, message: string) => `compilation failed: ${issue(rule, at, message)}`;

t.test('operators and functions: no overload for the operand types', async (t) => {
  const cases: ReadonlyArray<readonly [string, number, string]> = [
    ["self.replicas + 'a' == 'b'", 15, "'_+_' applied to '(int, string)'"],
    ['self.name == 1', 11, "'_==_' applied to '(string, int)'"],
    ['self.name != null', 11, "'_!=_' applied to '(string, null)'"],
    ['size(self.tags) == 2u', 17, "'_==_' applied to '(int, uint)'"],
    ['self.name.startsWith(1)', 21, "'startsWith' applied to 'string.(int)'"],
    ['self.replicas ? true : false', 15, "'_?_:_' applied to '(int, bool, bool)'"],
    ['self.replicas == 1 ? true : "x"', 20, "'_?_:_' applied to '(bool, bool, string)'"],
    ['self.tags[0u] == "a"', 10, "'_[_]' applied to '(list(string), uint)'"],
    ['self.since < 1', 12, "'_<_' applied to '(timestamp, int)'"],
    ['self.timeout + self.replicas > self.timeout', 14, "'_+_' applied to '(duration, int)'"],
    ['!self.name', 1, "'!_' applied to '(string)'"],
    ['self.replicas && true', 15, "'_&&_' applied to '(int, bool)'"],
    ['self.name in self.tags.size()', 11, "'@in' applied to '(string, int)'"],
    ['self.tags.join(1) == ""', 15, "'join' applied to 'list(string).(int)'"],
  ];
  for (const [rule, at, overload] of cases) t.equal(errorOf(rule)?.error, refused(rule, at, `found no matching overload for ${overload}`), rule);
});

t.test('object types are named after self by path', async (t) => {
  t.match(errorOf('self.template == 1')?.error, /found no matching overload for '_==_' applied to '\(selfType\d+\.template, int\)'/);
  t.match(errorOf('self.template != null && self.template.size > 0')?.error, undefined, 'objects compare with null');
});

t.test('literals, comprehensions and selections', async (t) => {
  t.equal(errorOf("[1, 'a'].size() > 0")?.error, refused("[1, 'a'].size() > 0", 5, "expected type 'int' but found 'string'"), 'list literals are homogeneous');
  t.equal(errorOf("{'a': 1, 'b': 'c'}.size() > 0")?.error, refused("{'a': 1, 'b': 'c'}.size() > 0", 15, "expected type 'int' but found 'string'"), 'so are map literals');
  t.equal(errorOf('self.tags.all(t, 0)')?.error, refused('self.tags.all(t, 0)', 18, "expected type 'bool' but found 'int'"), 'a macro predicate is a bool');
  t.equal(errorOf('self.tags.exists(t, t + 1 > 0)')?.error, refused('self.tags.exists(t, t + 1 > 0)', 23, "found no matching overload for '_+_' applied to '(string, int)'"), 'the variable has the element type');
  t.equal(errorOf('self.labels.all(k, k > 1)')?.error, refused('self.labels.all(k, k > 1)', 22, "found no matching overload for '_>_' applied to '(string, int)'"), 'a map ranges over its keys');
  t.equal(errorOf('self.replicas.all(x, x > 0)')?.error, refused('self.replicas.all(x, x > 0)', 5, "expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)"));
  t.equal(errorOf('self.since.seconds > 0')?.error, refused('self.since.seconds > 0', 11, "type 'timestamp' does not support field selection"));
  t.equal(errorOf('Widget{}.size() > 0')?.error, refused('Widget{}.size() > 0', 7, "undeclared reference to 'Widget' (in container '')"));
  const both = "self.name == 1 && self.tags.all(t, t + 1 == 'x')";
  t.equal(errorOf(both)?.error, `compilation failed: ${issue(both, 11, "found no matching overload for '_==_' applied to '(string, int)'")}\n${issue(both, 38, "found no matching overload for '_+_' applied to '(string, int)'")}`, 'every issue, in order');
});

t.test('what cel-go accepts compiles', async (t) => {
  for (const rule of [
    'self.replicas < 1.5 && self.ratio >= 1 && self.replicas > 0u',
    'self.port == 1 || self.port == "1" || self.port.foo == 1',
    "type(self.port) == string ? self.port.matches('^[0-9]+%$') : self.port < 100",
    "self.since < timestamp('2030-01-01T00:00:00Z') && self.timeout < duration('1h') && self.since + self.timeout > self.since",
    "self.tags.map(t, t + 'x').exists(t, t.endsWith('x')) && self.tags.filter(t, t.size() > 1).size() >= 0",
    'self.labels.exists(k, self.labels[k] == "x") && "a" in self.labels && self.name in self.tags',
    "self.tags.exists_one(t, t == 'a') || self.tags.isSorted() || self.tags.max() == 'z' || [1, 2].sum() == 3",
    "optional.of(self.name).orValue('') == self.name && optional.none().orValue(1) == 1",
    "int(self.name) > 0 && double(self.replicas) > 0.5 && string(self.replicas) == '1' && dyn(self.name) == 1",
    "self.name.split(',').size() > 1 && self.tags.join('-') == 'a' && self.name.charAt(0) == 'a' && self.name.indexOf('a') == 0",
    "isQuantity(self.name) && quantity(self.name).isLessThan(quantity('1Gi')) && sign(quantity('1')) == 1",
    "isIP(self.name) && ip(self.name).family() == 4 && cidr('10.0.0.0/8').containsIP(self.name) && string(cidr('10.0.0.0/8').ip()) != ''",
    "url(self.name).getScheme() == 'https' && url(self.name).getQuery()['a'][0] == 'b'",
    "!format.dns1123Label().validate(self.name).hasValue() && format.dns1123Label().validate(self.name).value()[0] != ''",
    'self.template == oldSelf.template && self.template.size == oldSelf.template.size',
    '[].size() == 0 && {}.size() == 0 && [[1], []].size() == 2',
  ]) {
    t.equal(errorOf(rule)?.error, undefined, rule);
  }
  t.equal(errorOf('true', "format.dns1123Label().validate(self.name).value()[0]")?.messageExpressionError, undefined, 'format results are typed');
  t.equal(errorOf('true', 'format.dns1123Label().validate(self.name)')?.messageExpressionError, 'messageExpression must evaluate to a string');
});

t.test('an object that preserves unknown fields exposes only its declared ones', async (t) => {
  const free = (rule: string, props?: JSONSchemaProps['properties']) =>
    compileRules(newStructural({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, ...(props && { properties: props }), 'x-kubernetes-validations': [{ rule }] }), false)[0]?.error;
  t.equal(free('self.foo == 1'), refused('self.foo == 1', 5, "undefined field 'foo'"));
  t.equal(free('self.a > 0', { a: { type: 'integer' } }), undefined);
  t.match(free('self.all(k, k != "")'), /^compilation failed: ERROR: <input>:1:1: expression of type 'selfType\d+' cannot be range of a comprehension/, 'an object, not a map');
});

t.test('the result must be a bool (a messageExpression a string), dyn included', async (t) => {
  t.equal(errorOf('self.port')?.error, 'cel expression must evaluate to a bool', 'an int-or-string is dyn');
  t.equal(errorOf("self.labels['a']")?.error, 'cel expression must evaluate to a bool');
  t.equal(errorOf('true', 'self.tags')?.messageExpressionError, 'messageExpression must evaluate to a string');
  t.equal(errorOf('true', "self.name + ' is wrong'")?.messageExpressionError, undefined);
});

t.test('optionalOldSelf makes oldSelf an optional of the type', async (t) => {
  const compiled = (rule: string) =>
    compileRules(newStructural({ ...spec, 'x-kubernetes-validations': [{ rule, optionalOldSelf: true }] }), false)[0]?.error;
  t.equal(compiled('!oldSelf.hasValue() || oldSelf.value().replicas <= self.replicas'), undefined);
  t.equal(
    compiled('oldSelf.replicas <= self.replicas'),
    refused('oldSelf.replicas <= self.replicas', 18, "found no matching overload for '_<=_' applied to '(optional_type(int), int)'"),
    'a field of an optional is an optional (cel-go)',
  );
  t.equal(
    compiled('oldSelf.value().replicas + "a" == "b"'),
    refused('oldSelf.value().replicas + "a" == "b"', 26, "found no matching overload for '_+_' applied to '(int, string)'"),
  );
});

t.test('admission expressions: the typed variables are checked too', async (t) => {
  const compile = (expression: string) => compileAdmissionExpression(expression, admissionVariableDeclarations(), ['bool']);
  t.same(compile('request.operation == 1'), {
    expression: 'request.operation == 1',
    error: refused('request.operation == 1', 19, "found no matching overload for '_==_' applied to '(string, int)'"),
  });
  t.match(compile('request.userInfo == 1'), { error: /applied to '\(kubernetes\.UserInfo, int\)'/ });
  t.match(compile("request.userInfo.groups.exists(g, g == 'system:masters') && object.spec.replicas > 1"), { evaluate: Function });
  // Upstream declares `object` dyn and compares the output type with the wanted one, so a bare dyn is refused.
  t.match(compile('object.spec.enabled'), { error: 'must evaluate to bool' }, 'an untyped (dyn) result is not a bool');
  t.match(compile('object.spec.enabled == true'), { evaluate: Function });
  const withAuthz = (expression: string) => compileAdmissionExpression(expression, admissionVariableDeclarations(AUTHORIZER_DECLARATIONS), ['bool']);
  t.match(withAuthz("authorizer.group('apps').resource('deployments').check('get').allowed() && authorizer.requestResource.check('get').reason() != ''"), { evaluate: Function });
  t.same(withAuthz("authorizer.path('/healthz').check('get')"), { expression: "authorizer.path('/healthz').check('get')", error: 'must evaluate to bool' }, 'a Decision is not a bool');
  t.match(withAuthz("authorizer.group('').check('get').allowed()"), {
    error: /found no matching overload for 'check' applied to 'kubernetes\.authorization\.GroupCheck\.\(string\)'/,
  });
});

t.test('admission variables are typed by their expressions, each seeing the ones before it', async (t) => {
  const composed = composeAdmissionVariables(
    [
      { name: 'flag', expression: "request.operation == 'CREATE'" },
      { name: 'n', expression: 'variables.flag ? 1 : 2' },
      { name: 'bad', expression: 'variables.flag + 1' },
      { name: 'later', expression: 'variables.later2' },
    ],
    false,
  );
  t.match(composed.compiled[0], { outputType: { kind: 'bool' } });
  t.match(composed.compiled[1], { outputType: { kind: 'int' } });
  t.match(composed.compiled[2], { error: /found no matching overload for '_\+_' applied to '\(bool, int\)'/ });
  t.match(composed.compiled[3], { error: /undefined field 'later2'/ }, 'only the variables before it');
  const all = composed.declarations();
  t.match(compileAdmissionExpression('variables.flag', all, ['bool']), { evaluate: Function });
  t.match(compileAdmissionExpression('variables.n', all, ['bool']), { error: 'must evaluate to bool' });
  t.match(compileAdmissionExpression('variables.bad', all, ['bool']), { error: 'must evaluate to bool' }, 'a variable that did not compile is dyn');
  t.match(compileAdmissionExpression('variables.bad', all, ['any']), { evaluate: Function }, 'which any result takes');
  t.match(compileAdmissionExpression("authorizer.path('/x').check('get').allowed()", composed.declarations({ messages: true }), ['bool']), {
    error: /undeclared reference to 'authorizer'/,
  }, 'messageExpressions have no authorizer');
});
