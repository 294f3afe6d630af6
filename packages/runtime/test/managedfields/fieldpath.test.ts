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
