/**
 * The merge type of custom resources from a structural schema, node by node, as kube-openapi's schemaconv types the
 * OpenAPI the CRD handler publishes for apply.
 */
import { DEDUCED, type FieldType, type ListType, type MapType, SCALAR } from '@apiserver/runtime';
import t from 'tap';
import { customResourceFieldType } from '../../src/index.js';
import { type JSONSchemaProps, newStructural } from '../../src/structural-schema.js';

const typeOf = (spec: JSONSchemaProps): MapType =>
  customResourceFieldType(newStructural({ type: 'object', properties: { spec } })) as MapType;
/** The type of a declared field (fails the test when the field is undeclared). */
function fieldOf(t: MapType, name: string): FieldType {
  const field = t.field(name);
  if (field === undefined) throw new Error(`${name}: not declared`);
  return field.type;
}
const specOf = (spec: JSONSchemaProps): FieldType => fieldOf(typeOf(spec), 'spec');

t.test('no schema: deduced', async (t) => {
  t.equal(customResourceFieldType(undefined), DEDUCED);
});

t.test('the root and embedded resources have apiVersion, kind and metadata as ObjectMeta', async (t) => {
  const root = typeOf({ type: 'object', properties: { inner: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'string' } } } } });
  t.equal(root.field('apiVersion')?.type, SCALAR);
  t.equal(root.field('kind')?.type, SCALAR);
  const meta = root.field('metadata')?.type as MapType;
  const finalizers = meta.field('finalizers')?.type as ListType;
  t.equal(finalizers.relationship, 'associative', 'finalizers: a set');
  const owners = meta.field('ownerReferences')?.type as ListType;
  t.same(owners.keys, ['uid']);
  t.equal(meta.field('name')?.zeroWhenAbsent, undefined, 'no Go zero values in unstructured metadata');
  t.equal(root.elementType, undefined, 'undeclared root fields are refused');
  const inner = fieldOf(fieldOf(root, 'spec') as MapType, 'inner') as MapType;
  t.equal(inner.field('metadata')?.type, meta);
  t.equal(inner.field('spec')?.type, SCALAR);
  t.equal(inner.field('other'), undefined);
});

t.test('objects: undeclared keys by additionalProperties and preserve-unknown-fields', async (t) => {
  const declared = specOf({ type: 'object', properties: { a: { type: 'string' } } }) as MapType;
  t.equal(declared.elementType, undefined);
  t.equal(declared.atomic, false);
  t.equal((specOf({ type: 'object' }) as MapType).elementType, DEDUCED, 'no properties: free-form');
  t.equal((specOf({ type: 'object', additionalProperties: true }) as MapType).elementType, DEDUCED);
  t.equal((specOf({ type: 'object', additionalProperties: { type: 'integer' } }) as MapType).elementType, SCALAR);
  t.equal((specOf({ type: 'object', properties: { a: { type: 'string' } }, 'x-kubernetes-map-type': 'atomic' }) as MapType).atomic, true);
  const preserved = specOf({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { deep: { type: 'object', properties: { a: { type: 'string' } } } } }) as MapType;
  t.equal(preserved.elementType, DEDUCED);
  t.equal((fieldOf(preserved, 'deep') as MapType).elementType, DEDUCED, 'preserve-unknown-fields reaches the nodes below');
});

t.test('lists: atomic unless set or map; map keys with their defaults', async (t) => {
  const item = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, protocol: { type: 'string', default: 'TCP' } } };
  t.equal((specOf({ type: 'array', items: { type: 'string' } }) as ListType).relationship, 'atomic');
  const set = specOf({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } }) as ListType;
  t.same([set.relationship, set.keys, set.elementType], ['associative', [], SCALAR]);
  const map = specOf({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'protocol'], items: item }) as ListType;
  t.same([map.relationship, map.keys, map.keyDefaults], ['associative', ['name', 'protocol'], { protocol: 'TCP' }]);
  const atomic = specOf({ type: 'array', 'x-kubernetes-list-type': 'atomic', items: item }) as ListType;
  t.same([atomic.relationship, atomic.keys], ['atomic', []]);
});

t.test('untyped nodes (int-or-string) are deduced from the value', async (t) => {
  t.equal(specOf({ 'x-kubernetes-int-or-string': true }), DEDUCED);
  t.equal(specOf({ type: 'integer' }), SCALAR);
});
