/** Patch mechanisms on their own: RFC 6902, RFC 7386 and strategic merge patch directives. */
import { optionalField, stringList, struct } from '@apiserver/runtime';
import t from 'tap';
import { Type } from 'typebox';
import { applyJSONPatch, decodeJSONPatch, JSONPatchError } from '../../src/patch/json-patch.js';
import { applyMergePatch } from '../../src/patch/merge-patch.js';
import { applyStrategicMergePatch, StrategicMergePatchError } from '../../src/patch/strategic-merge-patch.js';

t.test('JSON patch (RFC 6902)', async (t) => {
  const doc = { a: { b: [1, 2, 3] }, 'x/y': 1, 't~': 2 };
  const cases: [string, unknown[], unknown][] = [
    ['add to object', [{ op: 'add', path: '/c', value: { d: 1 } }], { ...doc, c: { d: 1 } }],
    ['append with -', [{ op: 'add', path: '/a/b/-', value: 4 }], { ...doc, a: { b: [1, 2, 3, 4] } }],
    ['insert at index', [{ op: 'add', path: '/a/b/0', value: 0 }], { ...doc, a: { b: [0, 1, 2, 3] } }],
    ['remove array item', [{ op: 'remove', path: '/a/b/1' }], { ...doc, a: { b: [1, 3] } }],
    ['escaped keys', [{ op: 'remove', path: '/x~1y' }, { op: 'replace', path: '/t~0', value: 3 }], { a: { b: [1, 2, 3] }, 't~': 3 }],
    ['move', [{ op: 'move', from: '/a/b', path: '/b' }], { a: {}, 'x/y': 1, 't~': 2, b: [1, 2, 3] }],
    ['copy', [{ op: 'copy', from: '/a/b/0', path: '/first' }], { ...doc, first: 1 }],
    ['test passes', [{ op: 'test', path: '/a', value: { b: [1, 2, 3] } }], doc],
    ['replace root', [{ op: 'replace', path: '', value: { z: 1 } }], { z: 1 }],
  ];
  for (const [name, ops, want] of cases) t.same(applyJSONPatch(doc, decodeJSONPatch(JSON.stringify(ops))), want, name);
  t.same(doc.a.b, [1, 2, 3], 'input untouched');
  const failing: [string, unknown[]][] = [
    ['bad index', [{ op: 'add', path: '/a/b/9', value: 1 }]],
    ['non-numeric index', [{ op: 'remove', path: '/a/b/x' }]],
    ['missing parent', [{ op: 'add', path: '/q/r', value: 1 }]],
    ['pointer without slash', [{ op: 'add', path: 'a', value: 1 }]],
    ['unknown op', [{ op: 'frobnicate', path: '/a' }]],
    ['remove root', [{ op: 'remove', path: '' }]],
    ['test fails', [{ op: 'test', path: '/a/b/0', value: 9 }]],
  ];
  for (const [name, ops] of failing) {
    t.throws(() => applyJSONPatch(doc, decodeJSONPatch(JSON.stringify(ops))), { name: 'JSONPatchError', stage: 'apply' }, name);
  }
  for (const bad of ['{', '{}', '[1]', '[{"path":"/a"}]']) t.throws(() => decodeJSONPatch(bad), JSONPatchError, bad);
});

t.test('merge patch (RFC 7386)', async (t) => {
  t.same(applyMergePatch({ a: 'b' }, { a: 'c' }), { a: 'c' });
  t.same(applyMergePatch({ a: 'b' }, { b: 'c' }), { a: 'b', b: 'c' });
  t.same(applyMergePatch({ a: 'b' }, { a: null }), {});
  t.same(applyMergePatch({ a: ['b'] }, { a: 'c' }), { a: 'c' });
  t.same(applyMergePatch({ a: { b: 'c' } }, { a: { b: 'd', c: null } }), { a: { b: 'd' } });
  t.same(applyMergePatch({ a: 'b' }, ['c']), ['c']);
  t.same(applyMergePatch('x', { a: { b: null } }), { a: {} });
});

const Item = struct('test.Item', 'item', { name: optionalField(1, Type.String(), 'key'), value: optionalField(2, Type.String(), 'v') });
const Root = struct('test.Root', 'root', {
  items: optionalField(1, Type.Array(Item), 'merged by name', { patchStrategy: 'merge', patchMergeKey: 'name' }),
  finalizers: optionalField(2, stringList(), 'merged as a set', { patchStrategy: 'merge' }),
  atomic: optionalField(3, stringList(), 'replaced'),
  strategy: optionalField(4, struct('test.Strategy', 's', { type: optionalField(1, Type.String(), 't'), rolling: optionalField(2, Type.String(), 'r') }), 'retain keys', { patchStrategy: 'retainKeys' }),
  labels: optionalField(5, Type.Record(Type.String(), Type.String()), 'map'),
});

t.test('strategic merge patch', async (t) => {
  const orig = {
    items: [{ name: 'a', value: '1' }, { name: 'b', value: '2' }],
    finalizers: ['x', 'y'],
    atomic: ['p', 'q'],
    strategy: { type: 'Rolling', rolling: '25%' },
    labels: { k: 'v', z: 'w' },
  };
  const cases: [string, unknown, unknown][] = [
    ['merge by key', { items: [{ name: 'b', value: '3' }, { name: 'c', value: '4' }] }, { ...orig, items: [{ name: 'a', value: '1' }, { name: 'b', value: '3' }, { name: 'c', value: '4' }] }],
    ['delete item', { items: [{ name: 'a', $patch: 'delete' }] }, { ...orig, items: [{ name: 'b', value: '2' }] }],
    ['replace list', { items: [{ name: 'z' }, { $patch: 'replace' }] }, { ...orig, items: [{ name: 'z' }] }],
    ['primitive set merge', { finalizers: ['y', 'z'] }, { ...orig, finalizers: ['x', 'y', 'z'] }],
    ['delete from primitive list', { '$deleteFromPrimitiveList/finalizers': ['x'] }, { ...orig, finalizers: ['y'] }],
    ['atomic list replaced', { atomic: ['r'] }, { ...orig, atomic: ['r'] }],
    ['retainKeys', { strategy: { type: 'Recreate', $retainKeys: ['type'] } }, { ...orig, strategy: { type: 'Recreate' } }],
    ['map null deletes', { labels: { z: null, n: 'm' } }, { ...orig, labels: { k: 'v', n: 'm' } }],
    ['map $patch replace', { labels: { $patch: 'replace', only: '1' } }, { ...orig, labels: { only: '1' } }],
    ['map $patch delete', { labels: { $patch: 'delete' } }, { items: orig.items, finalizers: orig.finalizers, atomic: orig.atomic, strategy: orig.strategy }],
    ['set element order', { '$setElementOrder/items': [{ name: 'b' }, { name: 'a' }] }, { ...orig, items: [{ name: 'b', value: '2' }, { name: 'a', value: '1' }] }],
    ['unknown fields merge like maps', { extra: { a: [1] } }, { ...orig, extra: { a: [1] } }],
  ];
  for (const [name, patch, want] of cases) t.same(applyStrategicMergePatch(orig, patch, Root), want, name);
  t.same(applyStrategicMergePatch({ a: [1] }, { a: [2] }, undefined), { a: [2] }, 'no schema: lists replace');
  t.throws(() => applyStrategicMergePatch(orig, [1], Root), StrategicMergePatchError);
  t.throws(() => applyStrategicMergePatch(orig, { labels: { $patch: 'explode' } }, Root), StrategicMergePatchError);
  t.throws(() => applyStrategicMergePatch(orig, { items: ['notanobject'] }, Root), StrategicMergePatchError);
});

t.test('json patch test as evanphx/json-patch v4 runs it', async (t) => {
  const doc = { a: { b: [1, 2], n: null }, c: 'x' };
  const run = (op: Record<string, unknown>) => () => applyJSONPatch(doc, decodeJSONPatch(JSON.stringify([{ op: 'test', ...op }])));
  t.same(run({ path: '/a/missing', value: null })(), doc, 'a missing member passes a test of null');
  t.same(run({ path: '/a/missing' })(), doc, 'and a test without value');
  t.same(run({ path: '/a/n', value: null })(), doc, 'a null member too');
  t.throws(run({ path: '/a/missing', value: 1 }), { message: 'testing value /a/missing failed: test failed' });
  t.throws(run({ path: '/c' }), { message: 'testing value /c failed: test failed' }, 'a present value fails a test without value');
  t.throws(run({ path: '/q/r', value: null }), { message: 'test operation does not apply: is missing path: /q/r: missing value' });
  t.throws(run({ path: '/a/b/5', value: 1 }), { message: "error in test for path: '/a/b/5': Unable to access invalid index: 5: invalid index referenced" });
  t.same(run({ path: '', value: doc })(), doc, 'the whole document');
});
