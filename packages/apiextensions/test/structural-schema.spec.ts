import t from 'tap';
import { type JSONSchemaProps, newStructural, StructuralSchemaError } from '../src/structural-schema.js';

t.test('newStructural rejects what convert.go rejects, with its messages', async (t) => {
  const cases: [string, JSONSchemaProps, string][] = [
    ['id', { id: 'x' }, "OpenAPIV3Schema 'id' is not supported"],
    ['$schema', { $schema: 'x' }, "OpenAPIV3Schema 'schema' is not supported"],
    ['$ref', { properties: { a: { $ref: '#/x' } } }, "OpenAPIV3Schema '$ref' is not supported"],
    ['patternProperties', { patternProperties: { a: {} } }, "OpenAPIV3Schema 'patternProperties' is not supported"],
    ['dependencies', { dependencies: { a: ['b'] } }, "OpenAPIV3Schema 'dependencies' is not supported"],
    ['additionalItems', { additionalItems: false }, "OpenAPIV3Schema 'additionalItems' is not supported"],
    ['definitions', { definitions: { a: {} } }, "OpenAPIV3Schema 'definitions' is not supported"],
    ['items array', { items: [{}] }, "OpenAPIV3Schema 'items' must be a schema, but is an array"],
    ['nested items array', { allOf: [{ items: [{}] }] }, "OpenAPIV3Schema 'items' must be a schema, but is an array"],
    ['nested $ref', { anyOf: [{ $ref: 'x' }] }, "OpenAPIV3Schema '$ref' is not supported"],
    [
      'preserve false',
      { 'x-kubernetes-preserve-unknown-fields': false },
      "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined",
    ],
  ];
  for (const [name, schema, message] of cases) {
    t.throws(() => newStructural(schema), new StructuralSchemaError(message), name);
  }
});

t.test('newStructural splits structure from value validation', async (t) => {
  const s = newStructural({
    type: 'object',
    description: 'd',
    properties: {
      spec: {
        type: 'object',
        required: ['a'],
        default: { a: 1 },
        additionalProperties: { type: 'string', enum: ['x'] },
        'x-kubernetes-map-type': 'atomic',
      },
      list: { type: 'array', items: { type: 'integer', maximum: 3 }, 'x-kubernetes-list-type': 'set' },
      flag: { type: 'boolean', default: null, additionalProperties: false },
    },
    anyOf: [{ properties: { spec: { required: ['a'] } }, not: { required: ['b'] } }],
    'x-kubernetes-preserve-unknown-fields': true,
  });
  t.equal(s.generic.type, 'object');
  t.equal(s.generic.description, 'd');
  t.ok(s.extensions.xPreserveUnknownFields);
  const spec = s.properties?.get('spec');
  t.same(spec?.valueValidation?.required, ['a']);
  t.same(spec?.generic.default, { a: 1 });
  t.equal(spec?.generic.additionalProperties?.allows, true);
  t.same(spec?.generic.additionalProperties?.structural?.valueValidation?.enum, ['x']);
  t.equal(spec?.extensions.xMapType, 'atomic');
  const list = s.properties?.get('list');
  t.equal(list?.items?.valueValidation?.maximum, 3);
  t.equal(list?.extensions.xListType, 'set');
  const flag = s.properties?.get('flag');
  t.notOk(flag !== undefined && 'default' in flag.generic, 'a null default is no default');
  t.same(flag?.generic.additionalProperties, { allows: false });
  const anyOf = s.valueValidation?.anyOf[0];
  t.same(anyOf?.properties?.get('spec')?.valueValidation.required, ['a']);
  t.same(anyOf?.valueValidation.not?.valueValidation.required, ['b']);
});
