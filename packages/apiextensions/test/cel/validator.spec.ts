import t from 'tap';
import { CELValidator, type JSONSchemaProps, newStructural } from '../../src/index.js';

function validator(spec: JSONSchemaProps): CELValidator {
  const v = CELValidator.forSchema(newStructural({ type: 'object', properties: { spec } }));
  if (v === undefined) throw new Error('no rules');
  return v;
}
const run = (v: CELValidator, spec: unknown, oldSpec?: unknown) =>
  v.validate(undefined, { apiVersion: 'x/v1', kind: 'X', metadata: { name: 'a' }, spec }, oldSpec === undefined ? undefined : { spec: oldSpec }).map(String);

const props: JSONSchemaProps['properties'] = {
  replicas: { type: 'integer' },
  max: { type: 'integer' },
  name: { type: 'string' },
  tags: { type: 'array', items: { type: 'string' } },
};

t.test('no rules: no validator', async (t) => {
  t.equal(CELValidator.forSchema(newStructural({ type: 'object', properties: { a: { type: 'string' } } })), undefined);
});

t.test('a failed rule: default message, message, messageExpression, reason, fieldPath', async (t) => {
  const v = validator({
    type: 'object',
    properties: props,
    'x-kubernetes-validations': [
      { rule: 'self.replicas <= self.max' },
      { rule: 'self.replicas <= self.max', message: ' too many ' },
      { rule: 'self.replicas <= self.max', messageExpression: "'replicas ' + string(self.replicas) + ' > ' + string(self.max)", message: 'unused' },
      { rule: 'self.replicas <= self.max', messageExpression: "''", message: 'fallback for an empty messageExpression' },
      { rule: 'self.name != "x"', reason: 'FieldValueForbidden', fieldPath: '.name', message: 'x is reserved' },
      { rule: 'self.name != "x"', reason: 'FieldValueRequired', message: 'needed' },
      { rule: 'self.name != "x"', reason: 'FieldValueDuplicate' },
    ],
  });
  t.same(run(v, { replicas: 1, max: 2, name: 'y' }), []);
  t.same(run(v, { replicas: 3, max: 2, name: 'x' }), [
    'spec: Invalid value: "object": failed rule: self.replicas <= self.max',
    'spec: Invalid value: "object": too many',
    'spec: Invalid value: "object": replicas 3 > 2',
    'spec: Invalid value: "object": fallback for an empty messageExpression',
    'spec.name: Forbidden: x is reserved',
    'spec: Required value: needed',
    'spec: Duplicate value: "object"',
  ]);
});

t.test('rules at the root and on nested items, keys and scalars', async (t) => {
  const s = newStructural({
    type: 'object',
    'x-kubernetes-validations': [{ rule: "self.metadata.name.startsWith('a')" }],
    properties: {
      spec: {
        type: 'object',
        properties: {
          ports: { type: 'array', items: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 1024' }] } },
          env: { type: 'object', additionalProperties: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self != ""' }] } },
        },
      },
    },
  });
  const v = CELValidator.forSchema(s);
  t.same(v?.validate(undefined, { metadata: { name: 'b' }, spec: { ports: [80, 8080], env: { A: '' } } }).map(String), [
    `<nil>: Invalid value: "object": failed rule: self.metadata.name.startsWith('a')`,
    'spec.ports[1]: Invalid value: "integer": failed rule: self < 1024',
    'spec.env[A]: Invalid value: "string": failed rule: self != ""',
  ]);
});

t.test('transition rules: only on update with an old value; map-list items correlate by key', async (t) => {
  const v = validator({
    type: 'object',
    properties: {
      ...props,
      items: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, size: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= oldSelf', message: 'cannot shrink' }] } } },
      },
    },
    'x-kubernetes-validations': [{ rule: 'self.name == oldSelf.name', message: 'name is immutable' }],
  });
  t.same(run(v, { name: 'a', items: [{ name: 'x', size: 1 }] }), [], 'create: transition rules are skipped');
  t.same(run(v, { name: 'b', items: [{ name: 'x', size: 1 }, { name: 'y', size: 1 }] }, { name: 'a', items: [{ name: 'y', size: 2 }, { name: 'x', size: 1 }] }), [
    'spec: Invalid value: "object": name is immutable',
    'spec.items[1].size: Invalid value: "integer": cannot shrink',
  ]);
});

t.test('evaluation errors as upstream words them', async (t) => {
  const v = validator({
    type: 'object',
    properties: { ...props, ios: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } },
    'x-kubernetes-validations': [{ rule: 'self.replicas > 0' }, { rule: 'self.ios + 1 > 0' }, { rule: '1 / (self.max - self.max) == 1' }],
  });
  t.same(run(v, { max: 1, ios: 'a' }), [
    'spec: Invalid value: "object": no such key: replicas evaluating rule: self.replicas > 0',
    "spec: Invalid value: \"object\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: self.ios + 1 > 0",
    'spec: Invalid value: "object": int divide by zero evaluating rule: 1 / (self.max - self.max) == 1',
  ]);
});

t.test('macros and library functions', async (t) => {
  const rule = (r: string) => validator({ type: 'object', properties: props, 'x-kubernetes-validations': [{ rule: r }] });
  const ok = (r: string, spec: unknown) => t.same(run(rule(r), spec), [], r);
  const fails = (r: string, spec: unknown) => t.equal(run(rule(r), spec).length, 1, `${r} fails`);
  const spec = { name: 'Hello World', tags: ['a', 'b', 'c'], replicas: 3 };
  ok('has(self.name) && !has(self.max)', spec);
  ok("self.tags.all(t, t.size() == 1) && self.tags.exists(t, t == 'b') && self.tags.exists_one(t, t == 'c')", spec);
  ok("self.tags.map(t, t + '!') == ['a!', 'b!', 'c!'] && self.tags.filter(t, t != 'a') == ['b', 'c']", spec);
  ok("self.tags.isSorted() && ['b', 'a'].isSorted() == false", spec);
  ok('[1, 2, 3].sum() == 6 && [1.5, 2.5].sum() == 4.0 && [3, 1, 2].min() == 1 && [3, 1, 2].max() == 3', spec);
  fails('[].min() == 0', spec);
  ok("self.tags.indexOf('b') == 1 && ['a', 'b', 'a'].lastIndexOf('a') == 2 && self.tags.indexOf('z') == -1", spec);
  ok("self.name.charAt(1) == 'e' && self.name.indexOf('o') == 4 && self.name.lastIndexOf('o') == 7", spec);
  ok("self.name.lowerAscii() == 'hello world' && self.name.upperAscii() == 'HELLO WORLD'", spec);
  ok("self.name.replace('o', '0') == 'Hell0 W0rld' && self.name.split(' ') == ['Hello', 'World']", spec);
  ok("self.name.substring(6) == 'World' && '  x '.trim() == 'x' && self.tags.join('-') == 'a-b-c'", spec);
  ok("self.name.find('[A-Z]') == 'H' && self.name.findAll('o') == ['o', 'o'] && self.name.findAll('[a-z]', 2) == ['e', 'l'] && self.name.find('z') == ''", spec);
  ok("self.name.matches('^Hello') && '(?i)hello'.size() > 0 && self.name.find('(?i)WORLD') == 'World'", spec);
});

t.test("find and findAll: Go's FindString and FindAllString on RE2", async (t) => {
  const rule = (r: string) => validator({ type: 'object', properties: props, 'x-kubernetes-validations': [{ rule: r }] });
  const ok = (r: string, spec: unknown) => t.same(run(rule(r), spec), [], r);
  const spec = { name: '123 abc 456', tags: ['a😀b', '(?=a)'] };
  ok("self.name.find('[0-9]+') == '123' && 'abc 123'.find('[0-9]*') == '' && self.name.find('xyz') == ''", spec);
  ok("self.name.findAll('[0-9]*') == ['123', '', '', '', '', '456'] && self.name.findAll('[0-9]+', 1) == ['123']", spec);
  ok("self.name.findAll('[0-9]+', 0) == [] && self.name.findAll('[0-9]+', -1) == ['123', '456'] && self.name.findAll('xyz') == []", spec);
  ok("self.name.findAll('[0-9]+', 9223372036854775807) == ['123', '456'] && self.name.findAll('(?P<d>[0-9])(?P<d>[0-9])') == ['12', '45']", spec);
  ok("self.tags[0].findAll('.') == ['a', '😀', 'b'] && self.tags[0].find('\\\\pS') == '😀' && 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.find('^(a+)+$') == ''", spec);
  t.same(run(rule('self.name.find(self.tags[1]) == ""'), spec), [
    'spec: Invalid value: "object": Illegal regex: error parsing regexp: invalid or unsupported Perl syntax: `(?=` evaluating rule: self.name.find(self.tags[1]) == ""',
  ]);
});

t.test('ratcheting: an unchanged invalid value warns on update; changed values and transition rules still fail', async (t) => {
  const v = validator({
    type: 'object',
    properties: {
      ...props,
      sizes: { type: 'array', items: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 10' }] } },
      mode: { type: 'string', 'x-kubernetes-validations': [{ rule: "self != 'old'" }, { rule: 'self == oldSelf', message: 'immutable' }] },
    },
  });
  const warnings: string[] = [];
  const update = (spec: unknown, oldSpec: unknown) =>
    v.validate(undefined, { spec }, { spec: oldSpec }, { warn: (w) => warnings.push(w) }).map(String);
  t.same(run(v, { sizes: [20], mode: 'old' }), ['spec.sizes[0]: Invalid value: "integer": failed rule: self < 10', 'spec.mode: Invalid value: "string": failed rule: self != \'old\''], 'create: errors');
  t.same(update({ sizes: [20], mode: 'old', name: 'n' }, { mode: 'old', sizes: [20] }), []);
  t.same(warnings, ['spec.sizes[0]: Invalid value: "integer": failed rule: self < 10', 'spec.mode: Invalid value: "string": failed rule: self != \'old\'']);
  t.same(update({ mode: 'old', sizes: [20, 1] }, { mode: 'old', sizes: [20] }), ['spec.sizes[0]: Invalid value: "integer": failed rule: self < 10'], 'items of a changed atomic list do not ratchet');
  t.same(update({ mode: 'new' }, { mode: 'old' }), ['spec.mode: Invalid value: "string": immutable'], 'a changed value is checked; oldSelf rules never ratchet');
});
