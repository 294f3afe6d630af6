import t from 'tap';
import { celTypeName, type JSONSchemaProps, newStructural, schemaCelType, toCelValue } from '../../src/index.js';

const typeOf = (props: JSONSchemaProps, root = false) => celTypeName(schemaCelType(newStructural(props), root));

t.test('scalars, lists, maps and dyn', async (t) => {
  t.equal(typeOf({ type: 'integer' }), 'int');
  t.equal(typeOf({ type: 'number' }), 'double');
  t.equal(typeOf({ type: 'boolean' }), 'bool');
  t.equal(typeOf({ type: 'string' }), 'string');
  t.equal(typeOf({ type: 'string', format: 'byte' }), 'bytes');
  t.equal(typeOf({ type: 'string', format: 'date-time' }), 'google.protobuf.Timestamp');
  t.equal(typeOf({ type: 'string', format: 'duration' }), 'google.protobuf.Duration');
  t.equal(typeOf({ type: 'array', items: { type: 'string' } }), 'list(string)');
  t.equal(typeOf({ type: 'object', additionalProperties: { type: 'integer' } }), 'map(string, int)');
  t.equal(typeOf({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] }), 'dyn');
  t.equal(typeOf({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }), 'object', 'unknown fields are not exposed (upstream SchemaDeclType)');
});

t.test('objects: properties as fields; resource roots get apiVersion, kind and a restricted metadata', async (t) => {
  const plain = schemaCelType(newStructural({ type: 'object', properties: { a: { type: 'string' } } }));
  t.same(plain.kind === 'object' ? [...plain.fields.keys()] : [], ['a']);
  const root = schemaCelType(newStructural({ type: 'object', properties: { spec: { type: 'object' } } }), true);
  t.same(root.kind === 'object' ? [...root.fields.keys()] : [], ['spec', 'apiVersion', 'kind', 'metadata']);
  const meta = root.kind === 'object' ? root.fields.get('metadata') : undefined;
  t.same(meta?.kind === 'object' ? [...meta.fields.keys()] : [], ['name', 'generateName']);
  const embedded = newStructural({ type: 'object', properties: { tpl: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } } });
  const tpl = schemaCelType(embedded.properties?.get('tpl') as never, true);
  t.ok(tpl.kind === 'object' && tpl.fields.has('kind'), 'an embedded resource is typed as a resource root');
  const list = schemaCelType(newStructural({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' } } } }));
  t.ok(list.kind === 'list' && list.listType === 'map' && list.mapKeys[0] === 'name');
});

t.test('values: integers as bigint, numbers as double, objects as maps of declared fields', async (t) => {
  const s = newStructural({
    type: 'object',
    properties: {
      n: { type: 'integer' },
      d: { type: 'number' },
      b: { type: 'string', format: 'byte' },
      m: { type: 'object', additionalProperties: { type: 'integer' } },
      free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  });
  const v = toCelValue({ n: 3, d: 3, b: 'aGk=', m: { x: 1 }, free: { i: 2, f: 2.5 }, metadata: { name: 'a', labels: {} } }, schemaCelType(s, true)) as Map<string, unknown>;
  t.equal(v.get('n'), 3n);
  t.equal(v.get('d'), 3);
  t.same([...(v.get('b') as Uint8Array)], [104, 105]);
  t.same([...(v.get('m') as Map<string, unknown>)], [['x', 1n]]);
  t.same([...(v.get('free') as Map<string, unknown>)], [], 'preserved unknown fields are not exposed');
  t.same([...(v.get('metadata') as Map<string, unknown>).keys()], ['name'], 'metadata keeps name and generateName only');
});
