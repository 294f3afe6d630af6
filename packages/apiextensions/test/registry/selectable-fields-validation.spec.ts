import t from 'tap';
import { type CustomResourceDefinition, type JSONSchemaProps, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../src/index.js';

const SCHEMA: JSONSchemaProps = {
  type: 'object',
  properties: {
    metadata: { type: 'object', properties: { name: { type: 'string' } } },
    spec: {
      type: 'object',
      properties: {
        color: { type: 'string', enum: ['red', 'blue'] },
        when: { type: 'string', format: 'date-time' },
        size: { type: 'integer' },
        enabled: { type: 'boolean' },
        ratio: { type: 'number' },
        nested: { type: 'object', properties: { inner: { type: 'string' } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        tags: { type: 'array', items: { type: 'string' } },
        items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, { type: 'string' }])),
      },
    },
  },
};

function crd(...jsonPaths: string[]): CustomResourceDefinition {
  return {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: SCHEMA }, selectableFields: jsonPaths.map((jsonPath) => ({ jsonPath })) },
      ],
    },
  };
}

const P = 'spec.versions[0].selectableFields';
const WRONG_TYPE = 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.';

const cases: [string, string[], string[]][] = [
  ['string (enum, format), integer, boolean, nested and map value fields', ['.spec.color', '.spec.when', '.spec.size', '.spec.enabled', '.spec.nested.inner', '.spec.labels.team'], []],
  ['an empty path', [''], [`${P}[0].jsonPath: Required value`]],
  ['a path without the leading dot', ['spec.color'], [`${P}[0].jsonPath: Invalid value: "spec.color": is an invalid path: expected [ or . but got: spec`]],
  ['an unknown field', ['.spec.nope'], [`${P}[0].jsonPath: Invalid value: ".spec.nope": is an invalid path: does not refer to a valid field`]],
  ['a number', ['.spec.ratio'], [`${P}[0].jsonPath: Invalid value: ".spec.ratio": ${WRONG_TYPE}`]],
  ['an object', ['.spec.nested'], [`${P}[0].jsonPath: Invalid value: ".spec.nested": ${WRONG_TYPE}`]],
  ['a list', ['.spec.tags'], [`${P}[0].jsonPath: Invalid value: ".spec.tags": ${WRONG_TYPE}`]],
  ['a field under a list', ['.spec.items.name'], [`${P}[0].jsonPath: Invalid value: ".spec.items.name": is an invalid path: does not refer to a valid field`]],
  ['array notation', ['.spec.tags[0]', ".spec['color']"], [
    `${P}[0].jsonPath: Invalid value: ".spec.tags[0]": is an invalid path: array notation is not allowed`,
    `${P}[1].jsonPath: Invalid value: ".spec['color']": is an invalid path: array notation is not allowed`,
  ]],
  ['a metadata field', ['.metadata.name'], [`${P}[0].jsonPath: Invalid value: ".metadata.name": must not point to fields in metadata`]],
  ['a duplicate', ['.spec.color', '.spec.size', '.spec.color'], [`${P}[2].jsonPath: Duplicate value: ".spec.color"`]],
  ['nine fields', Array.from({ length: 9 }, (_, i) => `.spec.f${i}`), [`${P}: Too many: 9: must have at most 8 items`]],
  ['eight fields and a duplicate', [...Array.from({ length: 8 }, (_, i) => `.spec.f${i}`), '.spec.f0'], [`${P}[8].jsonPath: Duplicate value: ".spec.f0"`]],
];

for (const [name, paths, expected] of cases) {
  t.test(name, async (t) => {
    t.same(validateCustomResourceDefinition(crd(...paths)).map(String), expected);
  });
}

t.test('a version without a schema', async (t) => {
  const c = crd('.spec.color');
  delete c.spec.versions[0]!.schema;
  t.same(validateCustomResourceDefinition(c).map(String), [
    'spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required',
    'spec.versions[0].selectableFields: Invalid value: "": selectableFields may only be set when version.schema.openAPIV3Schema is not included',
  ]);
});

t.test("each version is checked against its own schema, under its own path", async (t) => {
  const c = crd('.spec.color');
  const v2Schema: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', properties: { shade: { type: 'string' } } } } };
  c.spec.versions.push({ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: v2Schema }, selectableFields: [{ jsonPath: '.spec.shade' }, { jsonPath: '.spec.color' }] });
  t.same(validateCustomResourceDefinition(c).map(String), [
    'spec.versions[1].selectableFields[1].jsonPath: Invalid value: ".spec.color": is an invalid path: does not refer to a valid field',
  ]);
});

t.test('an update is held to the same rules (no ratcheting)', async (t) => {
  const old = crd('.spec.color');
  old.status = { storedVersions: ['v1'] };
  t.same(validateCustomResourceDefinitionUpdate(crd('.spec.color', '.spec.ratio'), old).map(String), [`${P}[1].jsonPath: Invalid value: ".spec.ratio": ${WRONG_TYPE}`]);
});
