/**
 * A CRD's structural schema as kube-apiserver publishes it (`Structural.ToKubeOpenAPI`, `addEmbeddedProperties`):
 * inline, with the generic fields, value validations, junctors and `x-kubernetes-*` extensions; properties in name
 * order; embedded resources given apiVersion, kind and metadata.
 */
import t from 'tap';
import { customResourceModels } from '../../src/customresource/openapi-schema.js';
import { METADATA_DESCRIPTION, OBJECT_META_REF, structuralOpenAPI } from '../../src/customresource/structural-openapi.js';
import { type JSONSchemaProps, newStructural } from '../../src/structural-schema.js';

const of = (s: JSONSchemaProps) => structuralOpenAPI(newStructural(s));

t.test('value validations, defaults, nullable and extensions are kept', async (t) => {
  t.same(
    of({
      type: 'object',
      description: 'Spec.',
      required: ['mode'],
      properties: {
        zeta: { type: 'string', nullable: true },
        mode: { type: 'string', enum: ['a', 'b'], description: 'The mode.' },
        size: { type: 'integer', format: 'int32', minimum: 1, maximum: 10, exclusiveMaximum: true, multipleOf: 1, default: 3 },
        tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$', maxLength: 8, minLength: 1 }, maxItems: 4, minItems: 1, 'x-kubernetes-list-type': 'set' },
        ports: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] },
        labels: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 5, 'x-kubernetes-map-type': 'granular' },
        port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
      'x-kubernetes-validations': [{ rule: 'self.size > 0', message: 'positive' }],
    }),
    {
      description: 'Spec.',
      type: 'object',
      required: ['mode'],
      properties: {
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        labels: { type: 'object', maxProperties: 5, additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'granular' },
        mode: { description: 'The mode.', type: 'string', enum: ['a', 'b'] },
        port: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
        ports: {
          type: 'array',
          items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          'x-kubernetes-list-map-keys': ['name'],
          'x-kubernetes-list-type': 'map',
        },
        size: { type: 'integer', default: 3, format: 'int32', maximum: 10, exclusiveMaximum: true, minimum: 1, multipleOf: 1 },
        tags: { type: 'array', maxItems: 4, minItems: 1, items: { type: 'string', maxLength: 8, minLength: 1, pattern: '^[a-z]+$' }, 'x-kubernetes-list-type': 'set' },
        zeta: { type: 'string', nullable: true },
      },
      'x-kubernetes-validations': [{ rule: 'self.size > 0', message: 'positive' }],
    },
  );
});

t.test('embedded resources get apiVersion, kind, metadata and their required entries', async (t) => {
  const out = of({
    type: 'object',
    properties: { template: { type: 'object', 'x-kubernetes-embedded-resource': true, required: ['spec'], properties: { spec: { type: 'object' } } } },
  });
  t.same((out.properties as Record<string, unknown>).template, {
    type: 'object',
    required: ['spec', 'kind', 'apiVersion'],
    properties: {
      apiVersion: { description: 'apiVersion defines the versioned schema of this representation of an object. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources', type: 'string' },
      kind: { description: 'kind is a string value representing the type of this object. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds', type: 'string' },
      metadata: { description: METADATA_DESCRIPTION, allOf: [{ $ref: OBJECT_META_REF }] },
      spec: { type: 'object' },
    },
    'x-kubernetes-embedded-resource': true,
  });
});

t.test('models: a named kind with its fields inline, and the list named by the plural', async (t) => {
  const models = customResourceModels(
    { type: 'object', description: 'A gadget.', properties: { spec: { type: 'object', properties: { mode: { type: 'string', enum: ['a'] } } } } },
    { group: 'example.com', version: 'v1', kind: 'Policy' },
    { plural: 'policies', listKind: 'PolicyList' },
  );
  const object = models.object as unknown as Record<string, Record<string, unknown>>;
  t.same(Object.keys(object.properties ?? {}), ['apiVersion', 'kind', 'metadata', 'spec']);
  t.same(object.properties?.spec, { 'x-k8s-openapi': { type: 'object', properties: { mode: { type: 'string', enum: ['a'] } } } }, 'the field carries its published form');
  const list = models.list as unknown as { properties: { items: { description: string } } };
  t.match(list.properties.items.description, /^List of policies\. /);
});
