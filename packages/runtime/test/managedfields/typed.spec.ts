/** Typed values: merge (including upstream's list ordering), compare, toFieldSet, removeItems. */
import t from 'tap';
import { compareTyped } from '../../src/managedfields/compare.js';
import { FieldSet } from '../../src/managedfields/field-set.js';
import { setToFieldsV1 } from '../../src/managedfields/fields-v1.js';
import { DEDUCED, type FieldType, type ListType, type MapType, SCALAR } from '../../src/managedfields/field-type.js';
import { mergeValues } from '../../src/managedfields/merge.js';
import { pathString } from '../../src/managedfields/path-element.js';
import { removeItems } from '../../src/managedfields/remove.js';
import { toFieldSet } from '../../src/managedfields/to-field-set.js';

const list = (elementType: FieldType, relationship: ListType['relationship'], keys: string[] = []): ListType => ({ kind: 'list', relationship, keys, keyDefaults: {}, elementType });
const struct = (fields: Record<string, FieldType>, atomic = false): MapType => ({
  kind: 'map',
  atomic,
  elementType: undefined,
  field: (name) => (Object.hasOwn(fields, name) ? { type: fields[name] as FieldType, alwaysPresent: false } : undefined),
});
const map = (elementType: FieldType): MapType => ({ kind: 'map', atomic: false, elementType, field: () => undefined });

const element = struct({ key: SCALAR, id: SCALAR, value: map(SCALAR) });
const root = struct({
  list: list(element, 'associative', ['key', 'id']),
  atomicList: list(SCALAR, 'atomic'),
  setStr: list(SCALAR, 'associative'),
  inner: map(DEDUCED),
  value: DEDUCED,
});

t.test('merge', async (t) => {
  const cases: [unknown, unknown, unknown][] = [
    [{ value: {} }, { value: 1 }, { value: 1 }],
    [{ value: 1 }, { value: {} }, { value: {} }],
    [{ inner: null }, { inner: {} }, { inner: {} }],
    [{ inner: {} }, { inner: null }, { inner: null }],
    [{ inner: { a: 1 } }, { inner: null }, { inner: { a: 1 } }],
    [{ setStr: ['a', 'b', 'c'] }, { setStr: ['a', 'b'] }, { setStr: ['a', 'b', 'c'] }],
    [{ setStr: ['a', 'b'] }, { setStr: ['a', 'b', 'c'] }, { setStr: ['a', 'b', 'c'] }],
    [{ setStr: ['a', 'b', 'c'] }, { setStr: [] }, { setStr: ['a', 'b', 'c'] }],
    [{ atomicList: ['a', 'b', 'c'] }, { atomicList: [] }, { atomicList: [] }],
    [{ atomicList: ['a', 'a', 'a'] }, { atomicList: ['a', 'a'] }, { atomicList: ['a', 'a'] }],
    [{ list: [{ key: 'a', id: 1, value: { a: 'a' } }] }, { list: [{ key: 'a', id: 1, value: { b: 'b' } }] }, { list: [{ key: 'a', id: 1, value: { a: 'a', b: 'b' } }] }],
    [{ list: [{ key: 'a', id: 1 }] }, { list: [{ key: 'a', id: 2 }] }, { list: [{ key: 'a', id: 1 }, { key: 'a', id: 2 }] }],
    [{ list: [{ key: 'b', id: 2 }] }, { list: [{ key: 'a', id: 1 }, { key: 'b', id: 2 }, { key: 'c', id: 3 }] }, { list: [{ key: 'a', id: 1 }, { key: 'b', id: 2 }, { key: 'c', id: 3 }] }],
    [
      { list: [{ key: 'x', id: 0 }, { key: 'a', id: 1 }, { key: 'b', id: 1 }] },
      { list: [{ key: 'b', id: 1 }, { key: 'a', id: 1 }] },
      { list: [{ key: 'x', id: 0 }, { key: 'b', id: 1 }, { key: 'a', id: 1 }] },
    ],
  ];
  for (const [l, r, want] of cases) t.same(mergeValues(l, r, root), want, `${JSON.stringify(l)} + ${JSON.stringify(r)}`);
  t.throws(() => mergeValues({ list: [{ key: 'a' }] }, { list: [{ key: 'a', id: 1 }] }, root), /omits key field "id"/);
});

t.test('toFieldSet and compare', async (t) => {
  const v = { list: [{ key: 'a', id: 1, value: { k: 'v' } }], setStr: ['x'], atomicList: ['y'], inner: {}, value: { deep: 1 } };
  t.same(setToFieldsV1(toFieldSet(v, root)), {
    'f:atomicList': {},
    'f:inner': {},
    'f:list': { 'k:{"id":1,"key":"a"}': { '.': {}, 'f:id': {}, 'f:key': {}, 'f:value': { 'f:k': {} } } },
    'f:setStr': { 'v:"x"': {} },
    'f:value': { 'f:deep': {} },
  }, 'declared fields holding values are not members; deduced objects are granular');
  t.throws(() => toFieldSet({ nope: 1 }, root, { strict: true }), /\.nope: field not declared in schema/);
  t.throws(() => toFieldSet({ setStr: ['a', 'a'] }, root, { strict: true }), /\.setStr: duplicate entries for key \[="a"\]/);
  const c = compareTyped({ setStr: ['a', 'b'], value: 1, list: [{ key: 'a', id: 1 }] }, { setStr: ['b', 'c'], value: 2, inner: { q: 1 } }, root);
  t.same(c.added.paths().map(pathString), ['.inner', '.inner.q', '.setStr[="c"]']);
  t.same(c.modified.paths().map(pathString), ['.value']);
  t.same(c.removed.paths().map(pathString), ['.list', '.list[id=1,key="a"]', '.list[id=1,key="a"].id', '.list[id=1,key="a"].key', '.setStr[="a"]']);
});

t.test('removeItems', async (t) => {
  const v = { setStr: ['a', 'b'], inner: { q: 1, r: 2 }, list: [{ key: 'a', id: 1 }, { key: 'b', id: 2 }] };
  const set = FieldSet.of([{ fieldName: 'setStr' }, { value: 'a' }], [{ fieldName: 'inner' }, { fieldName: 'q' }], [{ fieldName: 'list' }, { key: [{ name: 'id', value: 2 }, { name: 'key', value: 'b' }] }]);
  t.same(removeItems(v, set, root), { setStr: ['b'], inner: { r: 2 }, list: [{ key: 'a', id: 1 }] });
  t.same(removeItems({ setStr: ['a'] }, FieldSet.of([{ fieldName: 'setStr' }, { value: 'a' }]), root), undefined, 'emptied maps and lists disappear');
  t.same(removeItems({ atomicList: ['a'] }, FieldSet.of([{ fieldName: 'atomicList' }]), root), undefined, 'a member is removed whole');
});
