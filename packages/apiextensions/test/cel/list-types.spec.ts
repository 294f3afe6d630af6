// Sets and map lists compare without order and merge on `+`, as upstream's unstructuredSetList and
// unstructuredMapList do; atomic lists keep their order.
import t from 'tap';
import { CELValidator, newStructural } from '../../src/index.js';

const schema = {
  type: 'object',
  properties: {
    tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
    ports: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } },
    },
    plain: { type: 'array', items: { type: 'string' } },
  },
} as const;
const errors = (rule: string, obj: unknown, old?: unknown) =>
  CELValidator.forSchema(newStructural({ type: 'object', properties: { o: { ...schema, 'x-kubernetes-validations': [{ rule }] } } }))
    ?.validate(undefined, { o: obj }, old === undefined ? undefined : { o: old })
    .map(String);
const failed = (rule: string) => [`o: Invalid value: "object": failed rule: ${rule}`];

const before = { tags: ['a', 'b'], ports: [{ name: 'x', port: 1 }, { name: 'y', port: 2 }], plain: ['a', 'b'] };
const reordered = { tags: ['b', 'a'], ports: [{ name: 'y', port: 2 }, { name: 'x', port: 1 }], plain: ['a', 'b'] };

t.test('equality ignores the order of sets and map lists', async (t) => {
  t.same(errors('self.tags == oldSelf.tags', reordered, before), []);
  t.same(errors('self.ports == oldSelf.ports', reordered, before), []);
  t.same(errors('self == oldSelf', reordered, before), [], 'inside an object too: an immutability rule allows a reorder');
  t.same(errors('self.plain == oldSelf.plain', { ...reordered, plain: ['b', 'a'] }, before), failed('self.plain == oldSelf.plain'), 'atomic lists keep their order');
  t.same(errors('self.ports != oldSelf.ports', { ...reordered, ports: [{ name: 'y', port: 2 }, { name: 'x', port: 3 }] }, before), [], 'a value under a key differs');
  t.same(errors('self.tags == oldSelf.tags', { ...reordered, tags: ['a'] }, before), failed('self.tags == oldSelf.tags'), 'sizes differ');
  t.same(errors("['b', 'a'] == self.tags", before), failed("['b', 'a'] == self.tags"), 'the list on the left decides, as upstream');
  t.same(errors("self.tags == ['b', 'a']", before), []);
});

t.test('+ merges sets and map lists', async (t) => {
  t.same(errors("(self.tags + ['a', 'c']).join(',') == 'a,b,c'", before), [], 'a set appends what it does not hold');
  t.same(errors("(self.plain + ['a', 'c']).join(',') == 'a,b,a,c'", before), [], 'an atomic list concatenates');
  const merged = '(self.ports + oldSelf.ports).map(p, p.name + string(p.port)).join(",") == "x1,y7,z3"';
  t.same(errors(merged, before, { ...before, ports: [{ name: 'y', port: 7 }, { name: 'z', port: 3 }] }), [], 'a map list overwrites by key and appends new keys');
  t.same(errors('(self.tags + self.tags) == self.tags', before), [], 'the union of a set is a set');
});
