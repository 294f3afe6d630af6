import { Type } from 'typebox';
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ObjectMetaSchema } from '../../src/apis/meta/v1/object-meta.js';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { openAPIComponentSchemas, openAPIComponentsForKind } from '../../src/openapi/components.js';
import { field, jsonField, requiredField, requiredJsonField, struct } from '../../src/schema/define.js';
import { codecOf, goOmitOf, itemsOf, mapValueOf, propertiesOf, protobufFieldOf, typeNameOf } from '../../src/schema/extensions.js';
import { elementSchema, fieldSchema, patchMetaAt, patchMetaOf } from '../../src/schema/patch-meta.js';
import { TimeSchema } from '../../src/schema/special-types.js';
import { pruneUnknownFields } from '../../src/schema/go-decode.js';
import { findUnknownFields, unknownFieldMessages } from '../../src/schema/unknown-fields.js';

t.test('field helpers annotate copies, never the shared schema', async (t) => {
  const base = Type.String();
  const a = field(3, base, 'A.', { omit: 'nil', listType: 'set', mapType: 'atomic' });
  const b = requiredField(4, base, 'B.');
  const c = jsonField(base, 'C.');
  const d = requiredJsonField(base, 'D.');
  t.same([protobufFieldOf(a), protobufFieldOf(b), protobufFieldOf(c), protobufFieldOf(d)], [3, 4, undefined, undefined]);
  t.same([goOmitOf(a), goOmitOf(b), goOmitOf(c), goOmitOf(d)], ['nil', 'never', 'empty', 'never']);
  t.equal(protobufFieldOf(base), undefined);
  const s = struct('io.example.v1.Thing', 'A thing.', { a, b, c, d });
  t.same(s.required, ['b', 'd']);
  t.equal(typeNameOf(s), 'io.example.v1.Thing');
  t.equal(propertiesOf(base), undefined);
  t.equal(itemsOf(base), undefined);
  t.equal(mapValueOf(base), undefined);
  t.equal(mapValueOf(s), undefined);
  t.equal(codecOf(TimeSchema), 'time');
  t.equal(codecOf(base), undefined);
});

t.test('patch metadata is read from the schema', async (t) => {
  t.same(patchMetaAt(DeploymentSchema, ['spec', 'template', 'spec', 'containers']), {
    strategies: ['merge'],
    mergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  });
  t.same(patchMetaAt(DeploymentSchema, ['spec', 'template', 'spec', 'containers', 'ports']), {
    strategies: ['merge'],
    mergeKey: 'containerPort',
    listType: 'map',
    listMapKeys: ['containerPort', 'protocol'],
  });
  t.same(patchMetaAt(DeploymentSchema, ['spec', 'strategy']), { strategies: ['retainKeys'] });
  t.same(patchMetaAt(DeploymentSchema, ['metadata', 'finalizers']), { strategies: ['merge'], listType: 'set' });
  t.equal(patchMetaAt(DeploymentSchema, ['spec', 'nope', 'deeper']), undefined);
  t.same(patchMetaOf(Type.String()), { strategies: [] });
  t.equal(fieldSchema(ObjectMetaSchema, 'nope'), undefined);
  t.equal(elementSchema(Type.String()), undefined);
});

t.test('OpenAPI v3 components: refs, maps, extensions kept, ours stripped', async (t) => {
  const { name, components } = openAPIComponentsForKind(newBuiltinScheme(), { group: 'apps', version: 'v1', kind: 'Deployment' });
  t.equal(name, 'io.k8s.api.apps.v1.Deployment');
  const dep = components[name] as Record<string, unknown>;
  t.same(dep['x-kubernetes-group-version-kind'], [{ group: 'apps', version: 'v1', kind: 'Deployment' }]);
  const del = openAPIComponentsForKind(newBuiltinScheme(), { group: 'meta.k8s.io', version: 'v1', kind: 'DeleteOptions' });
  const deleteGVKs = (del.components[del.name] as Record<string, unknown>)['x-kubernetes-group-version-kind'];
  t.same(
    Array.isArray(deleteGVKs) ? deleteGVKs.slice(0, 4) : deleteGVKs,
    [
      { group: 'meta.k8s.io', kind: 'DeleteOptions', version: 'v1' },
      { group: '', kind: 'DeleteOptions', version: 'v1' },
      { group: 'apps', kind: 'DeleteOptions', version: 'v1' },
      { group: 'coordination.k8s.io', kind: 'DeleteOptions', version: 'v1' },
    ],
    'every group/version the type is registered in, in registration order',
  );
  for (const group of ['authorization.k8s.io', 'authentication.k8s.io']) {
    t.ok(Array.isArray(deleteGVKs) && deleteGVKs.some((g) => g.group === group), `${group} DeleteOptions listed`);
  }
  const props = dep.properties as Record<string, Record<string, unknown>>;
  t.same(props.metadata, {
    description: 'Standard object metadata.',
    allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }],
    default: {},
  });
  const json = JSON.stringify(components);
  t.notMatch(json, /x-protobuf|x-go-|x-k8s-/);
  t.match(json, /x-kubernetes-patch-merge-key/);
  const meta = components['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'] as { properties: Record<string, unknown> };
  t.same(meta.properties.labels, { description: 'Key/value pairs used to organize and select objects.', type: 'object', additionalProperties: { type: 'string', default: '' } });
  t.same(components['io.k8s.apimachinery.pkg.apis.meta.v1.Time'], {
    description: 'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.',
    type: 'string',
    format: 'date-time',
  });
  t.same((components['io.k8s.api.apps.v1.DeploymentSpec'] as { required: string[] }).required, ['selector', 'template']);
  t.same(components['io.k8s.apimachinery.pkg.util.intstr.IntOrString'], {
    description: 'IntOrString is a type that can hold an int32 or a string.',
    type: 'string',
    format: 'int-or-string',
    'x-kubernetes-int-or-string': true,
  });
  const all = openAPIComponentSchemas(newBuiltinScheme().schemaFor({ group: '', version: 'v1', kind: 'APIResourceList' }));
  const res = all['io.k8s.apimachinery.pkg.apis.meta.v1.APIResource'] as { properties: Record<string, unknown> };
  t.same(res.properties.verbs, { description: 'Supported verbs.', type: 'array', items: { type: 'string', default: '' } });
  const secret = openAPIComponentSchemas(newBuiltinScheme().schemaFor({ group: '', version: 'v1', kind: 'Secret' }));
  t.same((secret['io.k8s.api.core.v1.Secret'] as { properties: Record<string, unknown> }).properties.data, {
    description: 'Secret data, base64 in JSON.',
    type: 'object',
    additionalProperties: { type: 'string', format: 'byte' },
  });
  const table = openAPIComponentSchemas(newBuiltinScheme().schemaFor({ group: 'meta.k8s.io', version: 'v1', kind: 'Table' }));
  t.ok(table['io.k8s.apimachinery.pkg.runtime.RawExtension']);
  t.ok(openAPIComponentSchemas(newBuiltinScheme().schemaFor({ group: '', version: 'v1', kind: 'ConfigMapList' }))['io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1']);
});

t.test('unknown fields are found in Go path form and pruned', async (t) => {
  const dep = {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'x', labels: { a: 'b' }, bogus: 1 },
    spec: { template: { spec: { containers: [{ name: 'c', foo: true }, { name: 'd' }] } }, strategy: { rollingUpdate: { maxSurge: 1 } } },
    extra: { deep: 1 },
    status: 'not an object',
  };
  const paths = findUnknownFields(DeploymentSchema, dep);
  t.same(paths, ['metadata.bogus', 'spec.template.spec.containers[0].foo', 'extra']);
  t.same(unknownFieldMessages(paths.slice(0, 1)), ['unknown field "metadata.bogus"']);
  t.same(pruneUnknownFields(DeploymentSchema, dep), {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'x', labels: { a: 'b' } },
    spec: { template: { spec: { containers: [{ name: 'c' }, { name: 'd' }] } }, strategy: { rollingUpdate: { maxSurge: 1 } } },
    status: 'not an object',
  });
  t.same(findUnknownFields(DeploymentSchema, { spec: { template: { spec: { containers: 'x' } } } }), []);
  const limits = { spec: { template: { spec: { containers: [{ name: 'c', resources: { limits: { cpu: '1' } } }] } } } };
  t.same(pruneUnknownFields(DeploymentSchema, limits), limits, 'maps of special types are kept');
  t.same(findUnknownFields(ObjectMetaSchema, { managedFields: [{ fieldsV1: { 'f:x': {} } }] }), [], 'FieldsV1 is free-form');
  t.equal(pruneUnknownFields(ObjectMetaSchema, 'x'), 'x');
  t.same(pruneUnknownFields(ObjectMetaSchema, { finalizers: 'x' }), { finalizers: 'x' });
});
