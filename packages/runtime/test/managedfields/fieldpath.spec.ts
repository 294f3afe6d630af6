/** fieldpath: path elements, sets and the FieldsV1 encoding. */
import t from 'tap';
import { FieldSet } from '../../src/managedfields/field-set.js';
import { fieldsV1ToSet, setToFieldsV1 } from '../../src/managedfields/fields-v1.js';
import {
  deserializePathElement,
  type PathElement,
  pathString,
  serializePathElement,
} from '../../src/managedfields/path-element.js';

const f = (fieldName: string): PathElement => ({ fieldName });

t.test('path elements serialize as FieldsV1 keys and back', async (t) => {
  const cases: [PathElement, string, string][] = [
    [f('spec'), 'f:spec', '.spec'],
    [{ key: [{ name: 'containerPort', value: 80 }, { name: 'protocol', value: 'TCP' }] }, 'k:{"containerPort":80,"protocol":"TCP"}', '[containerPort=80,protocol="TCP"]'],
    [{ value: 'example.com/fin' }, 'v:"example.com/fin"', '[="example.com/fin"]'],
    [{ index: 3 }, 'i:3', '[3]'],
  ];
  for (const [pe, key, str] of cases) {
    t.equal(serializePathElement(pe), key);
    t.same(deserializePathElement(key), pe);
    t.equal(pathString([pe]), str);
  }
  t.same(deserializePathElement('k:{"protocol":"TCP","containerPort":80}'), cases[1]?.[0], 'key fields are sorted');
  t.throws(() => deserializePathElement('x:foo'), /unknown path element prefix/);
  t.throws(() => deserializePathElement('k:[1]'), /invalid key path element/);
  t.throws(() => deserializePathElement('i:x'), /invalid index path element/);
  t.equal(pathString([f('spec'), f('containers'), { key: [{ name: 'name', value: 'web' }] }, f('image')]), '.spec.containers[name="web"].image');
});

t.test('set algebra is leaf-wise', async (t) => {
  const a = FieldSet.of([f('a')], [f('b'), f('c')], [f('b'), f('d')]);
  const b = FieldSet.of([f('b'), f('c')], [f('e')]);
  t.same(a.union(b).paths().map(pathString), ['.a', '.e', '.b.c', '.b.d']);
  t.same(a.intersection(b).paths().map(pathString), ['.b.c']);
  t.same(a.difference(b).paths().map(pathString), ['.a', '.b.d']);
  t.ok(a.has([f('b'), f('c')]));
  t.notOk(a.has([f('b')]), 'a node with children only is not a member');
  t.ok(FieldSet.of([f('b')]).difference(a).has([f('b')]), 'difference does not remove a member by its children');
  t.ok(new FieldSet().empty());
  t.ok(a.withPrefix(f('b')).has([f('d')]));
  t.ok(a.equals(FieldSet.of([f('b'), f('d')], [f('a')], [f('b'), f('c')])));
});

t.test('FieldsV1 round trip with "." for members that have children', async (t) => {
  const doc = {
    'f:data': { '.': {}, 'f:a': {}, 'f:b': {} },
    'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
    'f:spec': {
      'f:containers': {
        'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } },
      },
      'f:finalizers': { 'v:"x"': {} },
    },
  };
  const set = fieldsV1ToSet(doc);
  t.ok(set.has([f('data')]));
  t.ok(set.has([f('data'), f('a')]));
  t.notOk(set.has([f('metadata')]));
  t.same(setToFieldsV1(set), doc);
  t.same(JSON.stringify(setToFieldsV1(set)), JSON.stringify(doc), 'key order is path-element order');
  t.throws(() => fieldsV1ToSet({ 'f:a': 1 }), /expected an object/);
  t.throws(() => fieldsV1ToSet([]), /must be a JSON object/);
});

t.test('elements lists members and non-empty children once each, in path-element order, with their FieldsV1 keys', async (t) => {
  const set = FieldSet.of(
    [f('spec'), { value: 'b' }],
    [f('spec'), { value: 'a' }],
    [f('spec'), { value: 10 }],
    [f('spec'), { index: 2 }],
    [f('spec'), { key: [{ name: 'port', value: 80 }] }, f('name')],
    [f('spec'), f('zeta')],
    [f('spec'), f('alpha')],
    [f('spec'), f('alpha'), f('inner')],
    [f('meta')],
  );
  t.same(
    set.elements().map((e) => [e.id, e.member, e.child !== undefined]),
    [
      ['f:meta', true, false],
      ['f:spec', false, true],
    ],
  );
  const spec = set.withPrefix(f('spec'));
  t.same(
    spec.elements().map((e) => [e.id, e.member, e.child !== undefined]),
    [
      ['f:alpha', true, true],
      ['f:zeta', true, false],
      ['k:{"port":80}', false, true],
      ['v:10', true, false],
      ['v:"a"', true, false],
      ['v:"b"', true, false],
      ['i:2', true, false],
    ],
    'field names, keys, values (numbers before strings), indexes; a member with children is listed once',
  );
  t.same(new FieldSet().elements(), []);
  t.same(FieldSet.of([f('a'), f('b')]).difference(FieldSet.of([f('a'), f('b')])).elements(), [], 'an emptied child is not listed');
});

t.test('the FieldsV1 encoding of a large set keeps the sorted order of its keys (issue #19 sorts once per node)', async (t) => {
  const names = Array.from({ length: 2000 }, (_, i) => `example.com/f${i}`);
  const set = FieldSet.of(...names.map((n) => [f('metadata'), f('finalizers'), { value: n }]));
  const doc = setToFieldsV1(set) as { 'f:metadata': { 'f:finalizers': Record<string, unknown> } };
  const keys = Object.keys(doc['f:metadata']['f:finalizers']);
  t.same(keys, [...names].sort().map((n) => `v:${JSON.stringify(n)}`));
  t.ok(fieldsV1ToSet(doc).equals(set), 'decodes back to the same set');
  t.ok(set.has([f('metadata'), f('finalizers'), { value: 'example.com/f7' }]));
  t.notOk(set.has([f('metadata'), f('labels'), { value: 'example.com/f7' }]), 'a path through a missing child');
  t.notOk(set.has([f('metadata')]), 'a node with children only is not a member');
});
