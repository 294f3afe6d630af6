import t from 'tap';
import { type TSchema, Type } from 'typebox';
import { Memory } from 'typebox/system';
import { ObjectMetaSchema } from '../../src/apis/meta/v1/object-meta.js';
import { annotatedCopy } from '../../src/schema/annotated-copy.js';
import { typeMetaProperties } from '../../src/schema/define.js';
import { X_GO_OMIT, X_PROTOBUF_FIELD } from '../../src/schema/extensions.js';

/** Every own property (symbols too) with its attributes, in order. */
function ownProperties(value: object): [PropertyKey, PropertyDescriptor | undefined][] {
  return Reflect.ownKeys(value).map((key) => [key, Object.getOwnPropertyDescriptor(value, key)]);
}

const schemas: Record<string, TSchema> = {
  string: Type.String(),
  'string with a description': Type.String({ description: 'was there first' }),
  optional: Type.Optional(Type.Integer({ format: 'int32' })),
  array: Type.Array(Type.String()),
  record: Type.Record(Type.String(), Type.String()),
  object: ObjectMetaSchema,
  'symbol key': Object.assign(Type.String(), { [Symbol.for('test')]: 1 }),
  'hidden, read-only and accessor properties': Object.defineProperties(Type.String({ description: 'was there first' }), {
    hidden: { value: 'h', enumerable: false, writable: true, configurable: true },
    readOnly: { value: 'r', enumerable: true, writable: false, configurable: true },
    fixed: { value: 'f', enumerable: true, writable: true, configurable: false },
    computed: { get: () => 'c', enumerable: true, configurable: true },
    '7': { value: 'integer key', enumerable: true, writable: true, configurable: true },
  }),
};

const annotationSets: Record<string, Record<string, unknown>> = {
  none: {},
  'description only': { description: 'New.' },
  'protobuf and omit': { description: 'New.', [X_PROTOBUF_FIELD]: 7, [X_GO_OMIT]: 'nil', 'x-kubernetes-list-type': 'set' },
  'format, replacing the schema own': { format: 'byte', description: 'New.' },
};

t.test('annotatedCopy gives what typebox Memory.Update gives: same own properties, attributes and order', async (t) => {
  for (const [schemaName, schema] of Object.entries(schemas)) {
    for (const [setName, annotations] of Object.entries(annotationSets)) {
      for (const optional of [false, true]) {
        const expected = Memory.Update(schema, optional ? { '~optional': true } : {}, annotations);
        const got = annotatedCopy(schema, optional, annotations);
        t.same(ownProperties(got), ownProperties(expected), `${schemaName}, ${setName}, optional=${optional}`);
        t.equal(JSON.stringify(got), JSON.stringify(expected), `${schemaName}, ${setName}, optional=${optional}: JSON`);
        t.not(got, schema, 'a copy');
      }
    }
  }
});

t.test('annotatedCopy leaves the schema as it was', async (t) => {
  const schema = Type.String({ description: 'Kept.' });
  const before = ownProperties(schema);
  annotatedCopy(schema, true, { description: 'New.', [X_PROTOBUF_FIELD]: 1 });
  t.same(ownProperties(schema), before);
});

t.test('typeMetaProperties gives what Type.Optional(Type.String(…)) gives, fresh for each kind', async (t) => {
  const expected = {
    kind: Type.Optional(Type.String({ description: 'Kind is a string value representing the REST resource this object represents.' })),
    apiVersion: Type.Optional(Type.String({ description: 'APIVersion defines the versioned schema of this representation of an object.' })),
  };
  const got = typeMetaProperties();
  t.same(Object.keys(got), ['kind', 'apiVersion'], 'kind first, as Go marshals TypeMeta');
  t.same(ownProperties(got.kind), ownProperties(expected.kind), 'kind: same own properties, attributes and order');
  t.same(ownProperties(got.apiVersion), ownProperties(expected.apiVersion), 'apiVersion: same own properties, attributes and order');
  t.equal(JSON.stringify(got), JSON.stringify(expected), 'same JSON');
  const again = typeMetaProperties();
  t.not(again.kind, got.kind, 'kind: a new schema per call');
  t.not(again.apiVersion, got.apiVersion, 'apiVersion: a new schema per call');
});
