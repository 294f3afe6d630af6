import t from 'tap';
import { newPath } from '@apiserver/runtime';
import { type JSONSchemaProps, newStructural } from '../src/structural-schema.js';
import { validateCustomResource } from '../src/validate-value.js';

const spec = (properties: Record<string, JSONSchemaProps>, more: JSONSchemaProps = {}) =>
  newStructural({ type: 'object', properties: { spec: { type: 'object', properties, ...more } } });

// [name, spec properties, spec value, expected messages]
const cases: [string, Record<string, JSONSchemaProps>, unknown, string[]][] = [
  ['valid', { replicas: { type: 'integer' } }, { replicas: 3 }, []],
  [
    'type mismatch',
    { replicas: { type: 'integer' } },
    { replicas: 'three' },
    ['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"'],
  ],
  ['number accepts integers', { ratio: { type: 'number' } }, { ratio: 2 }, []],
  [
    'integer rejects fractions',
    { n: { type: 'integer' } },
    { n: 1.5 },
    ['spec.n: Invalid value: "number": spec.n in body must be of type integer: "number"'],
  ],
  [
    'null in a non-nullable field',
    { s: { type: 'string' } },
    { s: null },
    ['spec.s: Invalid value: "null": spec.s in body must be of type string: "null"'],
  ],
  ['null in a nullable field', { s: { type: 'string', nullable: true } }, { s: null }, []],
  [
    'object and array types',
    { o: { type: 'object' }, a: { type: 'array', items: { type: 'string' } }, b: { type: 'boolean' } },
    { o: [], a: {}, b: 'true' },
    [
      'spec.o: Invalid value: "array": spec.o in body must be of type object: "array"',
      'spec.a: Invalid value: "object": spec.a in body must be of type array: "object"',
      'spec.b: Invalid value: "string": spec.b in body must be of type boolean: "string"',
    ],
  ],
  [
    'required',
    { a: { type: 'string' }, b: { type: 'string' } },
    { a: 'x' },
    [],
  ],
  [
    'enum',
    { color: { type: 'string', enum: ['red', 'green'] }, n: { type: 'integer', enum: [1, 2] } },
    { color: 'blue', n: 3 },
    [
      'spec.color: Unsupported value: "blue": supported values: "red", "green"',
      'spec.n: Unsupported value: 3: supported values: "1", "2"',
    ],
  ],
  ['enum match', { n: { type: 'integer', enum: [1, 2] } }, { n: 2 }, []],
  [
    'pattern',
    { name: { type: 'string', pattern: '^[a-z]+$' } },
    { name: 'ABC' },
    ['spec.name: Invalid value: "ABC": spec.name in body should match \'^[a-z]+$\''],
  ],
  [
    'pattern: RE2 syntax, unanchored (Go\'s MatchString)',
    { a: { type: 'string', pattern: '(?i)^abc' }, b: { type: 'string', pattern: '\\pL' }, c: { type: 'string', pattern: '^(?P<n>x)$' }, d: { type: 'string', pattern: 'b' } },
    { a: 'ABCdef', b: '1é', c: 'y', d: 'abc' },
    ['spec.c: Invalid value: "y": spec.c in body should match \'^(?P<n>x)$\''],
  ],
  [
    'pattern: catastrophic backtracking in JavaScript, linear in RE2',
    { s: { type: 'string', pattern: '^(a+)+$' } },
    { s: `${'a'.repeat(40)}!` },
    [`spec.s: Invalid value: "${'a'.repeat(40)}!": spec.s in body should match '^(a+)+$'`],
  ],
  [
    'pattern that does not compile',
    { s: { type: 'string', pattern: '(?=a)' } },
    { s: 'a' },
    ["spec.s: Invalid value: \"a\": spec.s in body should match '(?=a), but pattern is invalid: error parsing regexp: invalid or unsupported Perl syntax: `(?=`'"],
  ],
  [
    'minimum and maximum',
    { a: { type: 'integer', minimum: 1 }, b: { type: 'number', maximum: 2.5 }, c: { type: 'integer', maximum: 5, exclusiveMaximum: true }, d: { type: 'number', minimum: 0, exclusiveMinimum: true } },
    { a: 0, b: 3.5, c: 5, d: 0 },
    [
      'spec.a: Invalid value: 0: spec.a in body should be greater than or equal to 1',
      'spec.b: Invalid value: 3.5: spec.b in body should be less than or equal to 2.5',
      'spec.c: Invalid value: 5: spec.c in body should be less than 5',
      'spec.d: Invalid value: 0: spec.d in body should be greater than 0',
    ],
  ],
  [
    'multipleOf',
    { a: { type: 'integer', multipleOf: 3 }, b: { type: 'number', multipleOf: 0.5 }, c: { type: 'number', multipleOf: 0.1 } },
    { a: 7, b: 1.2, c: 0.3 },
    [
      'spec.a: Invalid value: 7: spec.a in body should be a multiple of 3',
      'spec.b: Invalid value: 1.2: spec.b in body should be a multiple of 0.5',
    ],
  ],
  [
    'minLength and maxLength',
    { a: { type: 'string', minLength: 3 }, b: { type: 'string', maxLength: 2 }, c: { type: 'string', maxLength: 2 } },
    { a: 'ab', b: 'abc', c: 'éé' },
    [
      'spec.a: Invalid value: "ab": spec.a in body should be at least 3 chars long',
      'spec.b: Too long: may not be more than 2 bytes',
    ],
  ],
  [
    'minItems, maxItems and uniqueItems',
    {
      a: { type: 'array', items: { type: 'integer' }, minItems: 2 },
      b: { type: 'array', items: { type: 'integer' }, maxItems: 1 },
      c: { type: 'array', items: { type: 'object' }, uniqueItems: true },
    },
    { a: [1], b: [1, 2, 3], c: [{ x: 1 }, { x: 1 }] },
    [
      'spec.a: Invalid value: 1: spec.a in body should have at least 2 items',
      'spec.b: Too many: 3: must have at most 1 items',
      'spec.c: Invalid value: "": spec.c in body shouldn\'t contain duplicates',
    ],
  ],
  [
    'minProperties and maxProperties',
    { a: { type: 'object', minProperties: 2, additionalProperties: { type: 'string' } }, b: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } } },
    { a: { x: 'y' }, b: { x: 'y', z: 'w' } },
    [
      'spec.a: Invalid value: 1: spec.a in body should have at least 2 properties',
      'spec.b: Too many: 2: must have at most 1 items',
    ],
  ],
  [
    'items and additionalProperties paths',
    {
      items: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
    { items: [{ name: 'a' }, { name: 1 }, {}], labels: { app: 2 } },
    [
      'spec.items[1].name: Invalid value: "integer": spec.items[1].name in body must be of type string: "integer"',
      'spec.items[2].name: Required value',
      'spec.labels.app: Invalid value: "integer": spec.labels.app in body must be of type string: "integer"',
    ],
  ],
  [
    'formats',
    {
      t: { type: 'string', format: 'date-time' },
      d: { type: 'string', format: 'date' },
      u: { type: 'string', format: 'uuid' },
      ok: { type: 'string', format: 'date-time' },
      other: { type: 'string', format: 'unknown-format' },
    },
    { t: 'yesterday', d: '2024-02-30', u: 'x', ok: '2024-02-29T10:00:00Z', other: 'anything' },
    [
      'spec.t: Invalid value: "yesterday": spec.t in body must be of type date-time: "yesterday"',
      'spec.d: Invalid value: "2024-02-30": spec.d in body must be of type date: "2024-02-30"',
      'spec.u: Invalid value: "x": spec.u in body must be of type uuid: "x"',
    ],
  ],
  [
    'int-or-string',
    { a: { 'x-kubernetes-int-or-string': true }, b: { 'x-kubernetes-int-or-string': true }, c: { 'x-kubernetes-int-or-string': true } },
    { a: 1, b: '50%', c: true },
    ['spec.c: Invalid value: "boolean": spec.c in body must be of type integer,string: "boolean"'],
  ],
  [
    'additionalProperties false',
    { a: { type: 'object', additionalProperties: false, properties: { x: { type: 'string' } } } },
    { a: { x: 'y', z: 1 } },
    ['spec.a: Invalid value: "z": spec.a.z in body is a forbidden property'],
  ],
  [
    'anyOf',
    { a: { type: 'integer', anyOf: [{ minimum: 10 }, { maximum: 2 }] } },
    { a: 5 },
    [
      '<nil>: Invalid value: "": spec.a must validate at least one schema (anyOf)',
      'spec.a: Invalid value: 5: spec.a in body should be greater than or equal to 10',
    ],
  ],
  ['anyOf satisfied', { a: { type: 'integer', anyOf: [{ minimum: 10 }, { maximum: 6 }] } }, { a: 5 }, []],
  [
    'oneOf',
    { a: { type: 'integer', oneOf: [{ minimum: 1 }, { maximum: 9 }] }, b: { type: 'integer', oneOf: [{ minimum: 10 }, { minimum: 11 }] } },
    { a: 5, b: 3 },
    [
      '<nil>: Invalid value: "": spec.a must validate one and only one schema (oneOf). Found 2 valid alternatives',
      '<nil>: Invalid value: "": spec.b must validate one and only one schema (oneOf). Found none valid',
      'spec.b: Invalid value: 3: spec.b in body should be greater than or equal to 10',
    ],
  ],
  [
    'allOf and not',
    { a: { type: 'string', allOf: [{ minLength: 2 }, { maxLength: 1 }] }, b: { type: 'string', not: { pattern: '^x' } } },
    { a: 'abc', b: 'xy' },
    [
      'spec.a: Too long: may not be more than 1 bytes',
      '<nil>: Invalid value: "": spec.a must validate all the schemas (allOf)',
      '<nil>: Invalid value: "": spec.b must not validate the schema (not)',
    ],
  ],
];

t.test('validateCustomResource reports kube-openapi messages as apiextensions', async (t) => {
  for (const [name, props, value, expected] of cases) {
    const schema = spec(props, name === 'required' ? { required: ['a', 'b'] } : {});
    const got = validateCustomResource(schema, { spec: value }).map(String);
    t.same(got, name === 'required' ? ['spec.b: Required value'] : expected, name);
  }
});

t.test('root errors and fldPath', async (t) => {
  const schema = newStructural({ type: 'object', required: ['spec'], properties: { spec: { type: 'object' } } });
  t.same(validateCustomResource(schema, {}).map(String), ['spec: Required value']);
  t.same(validateCustomResource(schema, 'x').map(String), [
    '<nil>: Invalid value: "string":  in body must be of type object: "string"',
  ]);
  t.same(validateCustomResource(schema, { spec: 1 }, newPath('body')).map(String), [
    'body.spec: Invalid value: "integer": spec in body must be of type object: "integer"',
  ]);
});

t.test('null against enum and nullable', async (t) => {
  const schema = spec({ c: { type: 'string', nullable: true, enum: ['a'] } });
  t.same(validateCustomResource(schema, { spec: { c: null } }).map(String), [
    'spec.c: Unsupported value: null: supported values: "a"',
  ]);
});

t.test('format of a number and further formats', async (t) => {
  const schema = spec({
    i: { type: 'integer', format: 'int32' },
    f: { format: 'date' },
    ip: { type: 'string', format: 'ipv4' },
    ip6: { type: 'string', format: 'ipv6' },
    cidr: { type: 'string', format: 'cidr' },
    mac: { type: 'string', format: 'mac' },
    b: { type: 'string', format: 'byte' },
    u4: { type: 'string', format: 'uuid4' },
  });
  const ok = { i: 1, ip: '10.0.0.1', ip6: '::1', cidr: '10.0.0.0/8', mac: '00:00:5e:00:53:01', b: 'aGk=', u4: '123e4567-e89b-42d3-a456-426614174000' };
  t.same(validateCustomResource(schema, { spec: ok }).map(String), []);
  const bad = { i: true, f: 3, ip: '10.0.0', ip6: 'x', cidr: '10.0.0.0/33', mac: '00:00', b: 'a', u4: 'x' };
  t.same(validateCustomResource(schema, { spec: bad }).map(String), [
    'spec.i: Invalid value: "": spec.i in body must be of type int32: ""',
    'spec.f: Invalid value: "int64": spec.f in body must be of type date: "int64"',
    'spec.ip: Invalid value: "10.0.0": spec.ip in body must be of type ipv4: "10.0.0"',
    'spec.ip6: Invalid value: "x": spec.ip6 in body must be of type ipv6: "x"',
    'spec.cidr: Invalid value: "10.0.0.0/33": spec.cidr in body must be of type cidr: "10.0.0.0/33"',
    'spec.mac: Invalid value: "00:00": spec.mac in body must be of type mac: "00:00"',
    'spec.b: Invalid value: "a": spec.b in body must be of type byte: "a"',
    'spec.u4: Invalid value: "x": spec.u4 in body must be of type uuid4: "x"',
  ]);
});
