/**
 * A CRD's schema in the Swagger 2.0 document (upstream's `ToStructuralOpenAPIV2` and the builder's V2 branch), and
 * `x-kubernetes-int-or-string` unfolded (`Structural.Unfold`) before either document is written.
 */
import t from 'tap';
import { customResourceModels } from '../../src/customresource/openapi-schema.js';
import { structuralOpenAPI } from '../../src/customresource/structural-openapi.js';
import { toStructuralOpenAPIV2 } from '../../src/customresource/structural-openapi-v2.js';
import { type JSONSchemaProps, newStructural } from '../../src/structural-schema.js';
import { unfold } from '../../src/structural-unfold.js';

const v2 = (s: JSONSchemaProps) => structuralOpenAPI(toStructuralOpenAPIV2(unfold(newStructural(s))), { swagger2: true });
const v3 = (s: JSONSchemaProps) => structuralOpenAPI(unfold(newStructural(s)));

t.test('kubectl 1.x can check what stays, and nothing it would refuse wrongly', async (t) => {
  const schema: JSONSchemaProps = {
    type: 'object',
    required: ['size', 'opt', 'config'],
    properties: {
      size: { type: 'integer', minimum: 1, anyOf: [{ minimum: 2 }, { maximum: 0 }], not: { multipleOf: 7 } },
      config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, required: ['known'], properties: { known: { type: 'string' } } },
      opt: { type: 'object', nullable: true, properties: { a: { type: 'string' } } },
      free: { type: 'array', 'x-kubernetes-preserve-unknown-fields': true, items: { type: 'string' } },
      list: { type: 'array', nullable: true, items: { type: 'string' } },
    },
  };
  t.same(v2(schema), {
    type: 'object',
    required: ['size', 'config'],
    properties: {
      config: { type: 'object', required: ['known'], 'x-kubernetes-preserve-unknown-fields': true },
      free: { 'x-kubernetes-preserve-unknown-fields': true },
      list: {},
      opt: {},
      size: { type: 'integer', minimum: 1 },
    },
  });
  const full = v3(schema) as { properties: Record<string, unknown>; required: string[] };
  t.same(full.required, ['size', 'opt', 'config'], 'the v3 document keeps all of it');
  t.match(full.properties.opt, { type: 'object', nullable: true, properties: { a: { type: 'string' } } });
  t.match(full.properties.size, { anyOf: [{ minimum: 2 }, { maximum: 0 }], not: { multipleOf: 7 } });
});

t.test('nullable additional properties make no property required', async (t) => {
  const out = v2({ type: 'object', properties: { m: { type: 'object', required: ['x'], additionalProperties: { type: 'string', nullable: true } } } });
  t.same((out.properties as Record<string, unknown>).m, { type: 'object', additionalProperties: {} });
});

t.test('an embedded resource preserving unknown fields gets no apiVersion, kind or metadata in v2', async (t) => {
  const schema: JSONSchemaProps = {
    type: 'object',
    properties: {
      open: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
      closed: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } },
    },
  };
  const props = v2(schema).properties as Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
  t.same(props.open, { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true });
  t.same(Object.keys(props.closed?.properties ?? {}), ['apiVersion', 'kind', 'metadata', 'spec']);
  t.same(props.closed?.required, ['kind', 'apiVersion']);
  t.same(Object.keys((v3(schema).properties as typeof props).open?.properties ?? {}), ['apiVersion', 'kind', 'metadata'], 'v3 lists them');
});

t.test('x-kubernetes-int-or-string is unfolded into the integer-or-string anyOf', async (t) => {
  const pair = [{ type: 'integer' }, { type: 'string' }];
  t.same(v3({ 'x-kubernetes-int-or-string': true }), { anyOf: pair, 'x-kubernetes-int-or-string': true });
  t.same(v3({ 'x-kubernetes-int-or-string': true, anyOf: pair }), { anyOf: pair, 'x-kubernetes-int-or-string': true }, 'the pair is not added twice');
  t.same(
    v3({ 'x-kubernetes-int-or-string': true, anyOf: [{ maxLength: 3 }, { minimum: 1 }] }),
    { allOf: [{ anyOf: pair }], anyOf: [{ maxLength: 3 }, { minimum: 1 }], 'x-kubernetes-int-or-string': true },
    'an anyOf of its own: the pair comes first in allOf',
  );
  t.same(v3({ type: 'object', properties: { a: { type: 'string' } } }), { type: 'object', properties: { a: { type: 'string' } } }, 'other nodes are left alone');
  t.same(v2({ 'x-kubernetes-int-or-string': true }), { 'x-kubernetes-int-or-string': true }, 'v2 has no anyOf');
});

t.test('the models carry the Swagger 2.0 variant of the kind', async (t) => {
  const gvk = { group: 'example.com', version: 'v1', kind: 'Gizmo' };
  const names = { plural: 'gizmos', listKind: 'GizmoList' };
  const models = customResourceModels({ type: 'object', properties: { spec: { type: 'object', nullable: true, properties: { a: { type: 'string' } } } } }, gvk, names);
  const object = models.object as unknown as Record<string, Record<string, Record<string, unknown>>>;
  t.same(object.properties?.spec, { 'x-k8s-openapi': { type: 'object', nullable: true, properties: { a: { type: 'string' } } } });
  t.same(object['x-k8s-swagger2']?.properties?.spec, { 'x-k8s-openapi': {} });
  t.same(Object.keys(object['x-k8s-swagger2']?.properties ?? {}), ['apiVersion', 'kind', 'metadata', 'spec']);

  const open = customResourceModels({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, gvk, names).object as unknown as Record<string, unknown>;
  t.same(open['x-k8s-swagger2'], {
    type: 'object',
    'x-k8s-type': 'com.example.v1.Gizmo',
    'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Gizmo', version: 'v1' }],
  }, 'a root preserving unknown fields is only an object in v2');
  t.ok(open.properties, 'and lists apiVersion, kind and metadata in v3');

  const opaque = customResourceModels({ type: 'object', $ref: '#/x' }, gvk, names).object as unknown as Record<string, unknown>;
  t.same(opaque, { type: 'object', 'x-k8s-type': 'com.example.v1.Gizmo', 'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Gizmo', version: 'v1' }] }, 'no structural schema: an object in both');
});
