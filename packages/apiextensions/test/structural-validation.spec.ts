import t from 'tap';
import { newPath } from '@apiserver/runtime';
import { type JSONSchemaProps, newStructural } from '../src/structural-schema.js';
import { isZeroValueValidation, validateStructural } from '../src/structural-validation.js';

const obj = (properties: Record<string, JSONSchemaProps>, more: JSONSchemaProps = {}): JSONSchemaProps => ({
  type: 'object',
  properties,
  ...more,
});

// Shapes from upstream's schema/validation_test.go and the CRD validation tests, rewritten.
const cases: [string, JSONSchemaProps, string[]][] = [
  ['valid', obj({ spec: obj({ replicas: { type: 'integer' } }) }), []],
  ['empty type at the root', { properties: { a: { type: 'string' } } }, ['type: Required value: must not be empty at the root']],
  ['root must be object', { type: 'string' }, ['type: Invalid value: "string": must be object at the root']],
  [
    'empty type of a field',
    obj({ spec: {} }),
    ['properties[spec].type: Required value: must not be empty for specified object fields'],
  ],
  [
    'empty type of array items',
    obj({ list: { type: 'array', items: {} } }),
    ['properties[list].items.type: Required value: must not be empty for specified array items'],
  ],
  ['array without items', obj({ list: { type: 'array' } }), ['properties[list].items: Required value: must be specified']],
  ['preserve-unknown-fields allows an empty type', obj({ raw: { 'x-kubernetes-preserve-unknown-fields': true } }), []],
  ['int-or-string allows an empty type', obj({ port: { 'x-kubernetes-int-or-string': true } }), []],
  [
    'int-or-string anyOf exception',
    obj({ port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } }),
    [],
  ],
  [
    'int-or-string allOf exception',
    obj({
      port: {
        'x-kubernetes-int-or-string': true,
        allOf: [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, { pattern: 'x' }],
      },
    }),
    [],
  ],
  [
    'type under anyOf otherwise',
    obj({ port: { type: 'string', anyOf: [{ type: 'integer' }, { type: 'boolean' }] } }),
    [
      'properties[port].anyOf[0].type: Forbidden: must be empty to be structural',
      'properties[port].anyOf[1].type: Forbidden: must be empty to be structural',
    ],
  ],
  [
    'int-or-string with preserve and embedded',
    obj({
      port: {
        type: 'object',
        'x-kubernetes-int-or-string': true,
        'x-kubernetes-preserve-unknown-fields': true,
        'x-kubernetes-embedded-resource': true,
      },
    }),
    [
      'properties[port].x-kubernetes-embedded-resource: Invalid value: true: must be false if x-kubernetes-int-or-string is true',
      'properties[port].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true',
    ],
  ],
  [
    'forbidden generics and extensions under junctors',
    obj(
      { a: { type: 'string' } },
      {
        allOf: [
          {
            title: 't',
            description: 'd',
            nullable: true,
            default: 1,
            additionalProperties: { type: 'string' },
            'x-kubernetes-preserve-unknown-fields': true,
            'x-kubernetes-embedded-resource': true,
            'x-kubernetes-int-or-string': true,
            'x-kubernetes-list-map-keys': ['k'],
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-map-type': 'atomic',
            'x-kubernetes-validations': [{ rule: 'true' }],
          },
        ],
      },
    ),
    [
      'allOf[0].additionalProperties: Forbidden: must be undefined to be structural',
      'allOf[0].default: Forbidden: must be undefined to be structural',
      'allOf[0].description: Forbidden: must be empty to be structural',
      'allOf[0].nullable: Forbidden: must be false to be structural',
      'allOf[0].title: Forbidden: must be empty to be structural',
      'allOf[0].x-kubernetes-embedded-resource: Forbidden: must be false to be structural',
      'allOf[0].x-kubernetes-int-or-string: Forbidden: must be false to be structural',
      'allOf[0].x-kubernetes-list-map-keys: Forbidden: must be empty to be structural',
      'allOf[0].x-kubernetes-list-type: Forbidden: must be undefined to be structural',
      'allOf[0].x-kubernetes-map-type: Forbidden: must be undefined to be structural',
      'allOf[0].x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural',
      'allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural',
    ],
  ],
  [
    'completeness: properties named in value validation must be specified',
    obj({ a: obj({ b: { type: 'string' } }) }, { anyOf: [{ properties: { a: { properties: { c: {} } } } }, { properties: { x: {} } }] }),
    [
      'properties[a].properties[c]: Required value: because it is defined in anyOf[0].properties[a].properties[c]',
      'properties[x]: Required value: because it is defined in anyOf[1].properties[x]',
    ],
  ],
  [
    'completeness: items named in value validation must be specified',
    obj({ a: { type: 'string' } }, { oneOf: [{ properties: { a: { items: { pattern: 'x' } } } }], not: { items: {} } }),
    [
      'items: Required value: because it is defined in not.items',
      'properties[a].items: Required value: because it is defined in oneOf[0].properties[a].items',
    ],
  ],
  [
    'metadata in a nested context',
    obj({ a: { type: 'string' } }, { not: { properties: { metadata: {} } } }),
    [
      'not.properties[metadata]: Forbidden: must not be specified in a nested context',
      'properties[metadata]: Required value: because it is defined in not.properties[metadata]',
    ],
  ],
  ['metadata name and generateName only', obj({ metadata: obj({ name: { type: 'string', maxLength: 10 }, generateName: { type: 'string' } }) }), []],
  [
    'metadata restrictions at the root',
    obj({ metadata: obj({ labels: { type: 'object' } }) }),
    [
      'properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
    ],
  ],
  [
    'metadata must be an object',
    obj({ metadata: { type: 'string' } }),
    ['properties[metadata].type: Invalid value: "string": must be object'],
  ],
  [
    'metadata with a value validation',
    obj({ metadata: { type: 'object', required: ['name'] } }),
    [
      'properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
    ],
  ],
  [
    'kind and apiVersion must be strings at the root',
    obj({ kind: { type: 'integer' }, apiVersion: { type: 'boolean' } }),
    [
      'properties[apiVersion].type: Invalid value: "boolean": must be string',
      'properties[kind].type: Invalid value: "integer": must be string',
    ],
  ],
  ['kind may be anything in a nested plain object', obj({ spec: obj({ kind: { type: 'integer' } }) }), []],
  [
    'embedded resource must be an object with properties',
    obj({ a: { 'x-kubernetes-embedded-resource': true }, b: { type: 'string', 'x-kubernetes-embedded-resource': true } }),
    [
      'properties[a].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      'properties[a].type: Required value: must be object if x-kubernetes-embedded-resource is true',
      'properties[b].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      'properties[b].type: Invalid value: "string": must be object if x-kubernetes-embedded-resource is true',
    ],
  ],
  [
    'embedded resource metadata restrictions',
    obj({
      e: {
        type: 'object',
        'x-kubernetes-embedded-resource': true,
        'x-kubernetes-preserve-unknown-fields': true,
        additionalProperties: { type: 'string' },
        properties: { kind: { type: 'integer' }, metadata: { type: 'string' } },
      },
    }),
    [
      'properties[e].additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set',
      'properties[e].properties[kind].type: Invalid value: "integer": must be string',
      'properties[e].properties[metadata].type: Invalid value: "string": must be object',
    ],
  ],
  [
    'additionalProperties at the root',
    { type: 'object', additionalProperties: { type: 'string' } },
    ['additionalProperties: Forbidden: must not be used at the root'],
  ],
  ['additionalProperties below the root', obj({ m: { type: 'object', additionalProperties: { type: 'string' } } }), []],
  [
    'additionalProperties schema is checked',
    obj({ m: { type: 'object', additionalProperties: {} } }),
    ['properties[m].additionalProperties.type: Required value: must not be empty for specified object fields'],
  ],
];

t.test('validateStructural reports upstream messages, sorted', async (t) => {
  for (const [name, schema, expected] of cases) {
    t.same(validateStructural(newStructural(schema)).map(String), expected, name);
  }
});

t.test("an invalid pattern is reported with Go's regexp error", async (t) => {
  const errs = (pattern: string) => validateStructural(newStructural(obj({ a: { type: 'string', pattern } }))).map(String);
  t.same(errs('([a-z'), [
    'properties[a].pattern: Invalid value: "([a-z": must be a valid regular expression, but isn\'t: error parsing regexp: missing closing ]: `[a-z`',
  ]);
  t.same(errs('+'), [
    'properties[a].pattern: Invalid value: "+": must be a valid regular expression, but isn\'t: error parsing regexp: missing argument to repetition operator: `+`',
  ]);
  // JavaScript-only syntax is refused, as RE2 refuses it.
  t.same(errs('^(?=a)'), [
    'properties[a].pattern: Invalid value: "^(?=a)": must be a valid regular expression, but isn\'t: error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
  ]);
  t.same(errs('(a)\\1'), [
    'properties[a].pattern: Invalid value: "(a)\\\\1": must be a valid regular expression, but isn\'t: error parsing regexp: invalid escape sequence: `\\1`',
  ]);
  // Go-only syntax is accepted.
  for (const pattern of ['^\\pL+$', '(?i)^abc$', '^(?P<name>[a-z]+)$', '\\Q.*\\E', '[[:alpha:]]', '\\z']) t.same(errs(pattern), [], pattern);
});

t.test('fldPath prefixes every error', async (t) => {
  const errs = validateStructural(newStructural({ properties: { a: {} } }), newPath('spec', 'validation', 'openAPIV3Schema'));
  t.same(errs.map(String), [
    'spec.validation.openAPIV3Schema.properties[a].type: Required value: must not be empty for specified object fields',
    'spec.validation.openAPIV3Schema.type: Required value: must not be empty at the root',
  ]);
});

t.test('isZeroValueValidation', async (t) => {
  t.ok(isZeroValueValidation(undefined));
  t.ok(isZeroValueValidation(newStructural({ type: 'object' }).valueValidation));
  t.notOk(isZeroValueValidation(newStructural({ type: 'string', enum: [] }).valueValidation));
});
