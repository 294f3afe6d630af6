import t from 'tap';
import { newStructural, validateCustomResource, validateCustomResourceUpdate } from '../src/index.js';

const schema = newStructural({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['size'],
      properties: {
        name: { type: 'string', maxLength: 3 },
        size: { type: 'integer', minimum: 1 },
        tags: { type: 'array', items: { type: 'string', maxLength: 2 } },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer', maximum: 100 } } },
        },
        labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 2 } },
      },
    },
  },
});
const update = (obj: unknown, old: unknown) => validateCustomResourceUpdate(schema, obj, old).map(String);

t.test('an unchanged invalid field is ratcheted; a changed one is not', async (t) => {
  const old = { spec: { name: 'toolong', size: 0 } };
  t.same(validateCustomResource(schema, old).map(String).length, 2, 'both fields break the schema');
  t.same(update({ spec: { name: 'toolong', size: 0, tags: ['a'] } }, old), [], 'an update that leaves them as they were');
  t.same(update({ spec: { name: 'toolonger', size: 0 } }, old), ['spec.name: Too long: may not be more than 3 bytes']);
  t.same(update({ spec: { name: 'toolong', size: -1 } }, old), ['spec.size: Invalid value: -1: spec.size in body should be greater than or equal to 1']);
});

t.test('a required field missing before stays allowed only while its object is unchanged', async (t) => {
  t.same(update({ spec: {} }, { spec: {} }), []);
  t.same(update({ spec: { name: 'a' } }, { spec: {} }), ['spec.size: Required value']);
});

t.test('map list items correlate by key, other list items through their list only', async (t) => {
  const old = { spec: { size: 1, ports: [{ name: 'a', port: 500 }, { name: 'b', port: 1 }], tags: ['abc'] } };
  t.same(update({ spec: { size: 1, ports: [{ name: 'b', port: 2 }, { name: 'a', port: 500 }], tags: ['abc'] } }, old), [], 'reordered, the invalid item is unchanged');
  t.same(update({ spec: { size: 1, ports: [{ name: 'c', port: 500 }], tags: ['abc'] } }, old), [
    'spec.ports[0].port: Invalid value: 500: spec.ports[0].port in body should be less than or equal to 100',
  ]);
  t.same(update({ spec: { size: 1, ports: old.spec.ports, tags: ['abc', 'd'] } }, old), ['spec.tags[0]: Too long: may not be more than 2 bytes'], 'an atomic list that changed is checked whole');
});

t.test('additionalProperties values correlate by key', async (t) => {
  const old = { spec: { size: 1, labels: { x: 'long' } } };
  t.same(update({ spec: { size: 1, labels: { x: 'long', y: 'ok' } } }, old), []);
  t.same(update({ spec: { size: 1, labels: { x: 'longer' } } }, old), ['spec.labels.x: Too long: may not be more than 2 bytes']);
});
