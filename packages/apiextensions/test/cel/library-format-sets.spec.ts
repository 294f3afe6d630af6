import t, { type Test } from 'tap';
import { CELValidator, newStructural } from '../../src/index.js';

function evaluate(rule: string, value = '', messageExpression?: string): string[] {
  const entry = messageExpression === undefined ? { rule } : { rule, messageExpression };
  const s = newStructural({ type: 'object', properties: { v: { type: 'string', 'x-kubernetes-validations': [entry] } } });
  const v = CELValidator.forSchema(s);
  if (v === undefined) throw new Error('no rules');
  return v.validate(undefined, { v: value }).map(String);
}
const ok = (t: Test, rule: string, value = '') => t.same(evaluate(rule, value), [], rule);

t.test('optional values', async (t) => {
  ok(t, "optional.of(1).hasValue() && optional.of(1).value() == 1 && !optional.none().hasValue() && optional.none().orValue(2) == 2");
  ok(t, "optional.of('a').orValue('b') == 'a' && optional.none().or(optional.of(3)).value() == 3 && optional.of(1).or(optional.of(3)).value() == 1");
  ok(t, "!optional.ofNonZeroValue('').hasValue() && !optional.ofNonZeroValue(0).hasValue() && !optional.ofNonZeroValue([]).hasValue() && optional.ofNonZeroValue('x').hasValue()");
  ok(t, 'optional.of(1) == optional.of(dyn(1.0)) && optional.of([1, 2]) != optional.of([2, 1]) && optional.none() == optional.none() && optional.of(1) != optional.none()');
  t.same(evaluate('optional.none().value() == 1'), ['v: Invalid value: "string": optional.none() dereference evaluating rule: optional.none().value() == 1']);
  for (const rule of ['dyn(optional.of(1)).or(dyn(1)).hasValue()', "dyn('a').hasValue()", "format.named(dyn(1)).hasValue()"]) {
    t.same(evaluate(rule), [`v: Invalid value: "string": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: ${rule}`], rule);
  }
});

t.test('optional values: type errors are found when the rule is compiled', async (t) => {
  const refused = (rule: string, at: number, message: string) =>
    t.same(evaluate(rule), [`v: Invalid value: "string": rule compile error: compilation failed: ERROR: <input>:1:${at}: ${message}\n | ${rule}\n | ${'.'.repeat(at - 1)}^`], rule);
  refused('optional.of(1) == optional.of(1.0)', 16, "found no matching overload for '_==_' applied to '(optional_type(int), optional_type(double))'");
  refused('optional.of(1).or(1).hasValue()', 18, "found no matching overload for 'or' applied to 'optional_type(int).(int)'");
  refused("'a'.hasValue()", 13, "found no matching overload for 'hasValue' applied to 'string.()'");
  refused('format.named(1).hasValue()', 13, "found no matching overload for 'format.named' applied to '(int)'");
});

t.test('format library', async (t) => {
  ok(t, "!format.dns1123Label().validate(self).hasValue() && format.named('dns1123Label').value().validate(self) == optional.none()", 'my-name');
  ok(t, "!format.named('nope').hasValue() && format.named('uuid').hasValue()");
  t.same(evaluate('!format.dns1123Label().validate(self).hasValue()', 'My_Name', "format.dns1123Label().validate(self).value().join('; ')"), [
    "v: Invalid value: \"string\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  ]);
  ok(t, "format.dns1123Subdomain().validate('apiextensions.k8s.io') == optional.none() && format.dns1035Label().validate('1abc').hasValue()");
  ok(t, "format.qualifiedName().validate('apiextensions.k8s.io/v1beta1') == optional.none() && format.labelValue().validate('a b').hasValue()");
  ok(t, "format.dns1123LabelPrefix().validate('my-label-prefix-') == optional.none() && format.dns1123Label().validate('my-label-prefix-').hasValue()");
  ok(t, "format.dns1123SubdomainPrefix().validate('mysubdomain.prefix.-') == optional.none() && format.dns1035LabelPrefix().validate('my-label-prefix-') == optional.none()");
  ok(t, "format.uri().validate('http://example.com') == optional.none() && format.uri().validate('example.com').value() == ['parse \"example.com\": invalid URI for request']");
  ok(t, "format.uuid().validate('123e4567-e89b-12d3-a456-426614174000') == optional.none() && format.uuid().validate('x').value() == ['does not match the UUID format']");
  ok(t, "format.byte().validate('aGVsbG8=') == optional.none() && format.byte().validate('!').value() == ['invalid base64']");
  ok(t, "format.date().validate('2021-01-01') == optional.none() && format.date().validate('2021-02-30').value() == ['invalid date']");
  ok(t, "format.datetime().validate('2021-01-01T00:00:00Z') == optional.none() && format.datetime().validate('2021-01-01').value() == ['invalid datetime']");
  t.same(evaluate('format.dns1123Label().validate(dyn(1)).hasValue()'), [
    `v: Invalid value: "string": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: format.dns1123Label().validate(dyn(1)).hasValue()`,
  ]);
  t.same(evaluate('format.dns1123Label().validate(1).hasValue()'), [
    `v: Invalid value: "string": rule compile error: compilation failed: ERROR: <input>:1:31: found no matching overload for 'validate' applied to 'kubernetes.NamedFormat.(int)'\n | format.dns1123Label().validate(1).hasValue()\n | ..............................^`,
  ], 'a wrong argument type is refused at compilation');
});

t.test('sets', async (t) => {
  ok(t, 'sets.contains([1, 2, 3], [3, 1]) && sets.contains([1], []) && !sets.contains([1, 2], [3]) && sets.contains([1], [dyn(1.0)])');
  ok(t, "sets.equivalent([1, 2, 2], [2, 1]) && !sets.equivalent([1], [1, 2]) && sets.equivalent(['a'], ['a'])");
  ok(t, "sets.intersects([1, 2], [2, 3]) && !sets.intersects([1], [2]) && !sets.intersects([], [1]) && sets.intersects([[1]], [[1]])");
  t.same(evaluate("sets.contains(dyn(self), ['a'])", 'a'), [
    `v: Invalid value: "string": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: sets.contains(dyn(self), ['a'])`,
  ]);
  t.same(evaluate("sets.contains([1], [1.0]) || sets.contains(self, ['a'])", 'a'), [
    `v: Invalid value: "string": rule compile error: compilation failed: ERROR: <input>:1:14: found no matching overload for 'sets.contains' applied to '(list(int), list(double))'
 | sets.contains([1], [1.0]) || sets.contains(self, ['a'])
 | .............^
ERROR: <input>:1:43: found no matching overload for 'sets.contains' applied to '(string, list(string))'
 | sets.contains([1], [1.0]) || sets.contains(self, ['a'])
 | ..........................................^`,
  ], 'both calls are reported, each at its opening parenthesis');
});

t.test('namespaced functions compile; an unknown one is an undeclared reference', async (t) => {
  t.match(evaluate('sets.nope([1], [1])'), [/rule compile error: compilation failed: ERROR: <input>:1:1: undeclared reference to 'sets'/]);
});
