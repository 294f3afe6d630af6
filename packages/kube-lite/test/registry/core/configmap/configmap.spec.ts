import t from 'tap';
import { newConfigMapStorage, newConfigMapStore } from '../../../../src/registry/core/configmap/storage.js';
import { isConfigMapKey, validateConfigMap } from '../../../../src/registry/core/configmap/validation.js';
import { causesOf, ctxIn, fieldErrorStrings, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:00:30Z');
const cm = (name: string, fields: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, ...fields });

t.test('isConfigMapKey', async (t) => {
  const cases: Array<[string, number]> = [
    ['a', 0],
    ['key.name_1-x', 0],
    ['.hidden', 0],
    ['a b', 1],
    ['', 1],
    ['.', 1],
    ['..', 1],
    ['..x', 1],
    ['a/b', 1],
    ['a'.repeat(254), 1],
  ];
  for (const [key, n] of cases) t.equal(isConfigMapKey(key).length, n, JSON.stringify(key));
  t.same(isConfigMapKey('a b'), [
    "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
  ]);
});

t.test('validateConfigMap: keys, overlap, size', async (t) => {
  t.same(validateConfigMap(cm('ok', { data: { a: 'x' }, binaryData: { b: 'eA==' } })), []);
  t.same(fieldErrorStrings(validateConfigMap(cm('dup', { data: { a: 'x' }, binaryData: { a: 'eA==' } }))), [
    'data[a]: Invalid value: "a": duplicate of key present in binaryData',
  ]);
  t.match(fieldErrorStrings(validateConfigMap(cm('bad', { binaryData: { 'x y': 'eA==' } }))), [/^binaryData\[x y\]: Invalid value/]);
  const big = 'x'.repeat(600 * 1024);
  t.match(fieldErrorStrings(validateConfigMap(cm('big', { data: { a: big, b: big } }))), [/^\[\]: Too long: .*1048576/]);
  const bigBinary = Buffer.alloc(1024 * 1024 + 1).toString('base64');
  t.equal(validateConfigMap(cm('bigbin', { binaryData: { a: bigBinary } })).length, 1);
});

t.test('configmaps Store: create, printer, immutable updates', async (t) => {
  const getter = memoryGetter(t);
  const map = newConfigMapStorage(getter);
  t.same(Object.keys(map), ['configmaps']);
  const store = newConfigMapStore(getter, { now: () => NOW });
  t.same(store.shortNames(), ['cm']);
  t.same(store.categories(), []);
  t.equal(store.namespaceScoped(), true);
  t.equal(store.getSingularName(), 'configmap');
  const ctx = ctxIn('default');
  const created = await store.create(ctx, cm('one', { data: { a: '1', b: '2' }, binaryData: { c: 'eA==' } }));
  t.equal(created.metadata.namespace, 'default');

  const table = await store.convertToTable(ctx, { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type, c.format, c.priority]),
    [
      ['Name', 'string', 'name', 0],
      ['Data', 'string', '', 0],
      ['Age', 'string', '', 0],
    ],
  );
  t.match(table.columnDefinitions[1]?.description, /^Data contains the configuration data/);
  t.same(table.rows[0]?.cells, ['one', 3, '30s']);

  const bad = await statusErrorOf(t, store.create(ctx, cm('Bad_Name', { data: { 'a b': 'x' } })));
  t.equal(bad.status.code, 422);
  t.equal(bad.status.reason, 'Invalid');
  t.match(bad.message, /^ConfigMap "Bad_Name" is invalid: /);
  t.equal(causesOf(bad).length, 2);

  await store.create(ctx, cm('frozen', { data: { a: '1' }, immutable: true }));
  const changeData = await statusErrorOf(t, update(store, ctx, 'frozen', mutated((o) => { o.data = { a: '2' }; })));
  t.equal(changeData.status.code, 422);
  t.same(causesOf(changeData), ['data: Forbidden: field is immutable when `immutable` is set']);
  const unfreeze = await statusErrorOf(t, update(store, ctx, 'frozen', mutated((o) => { delete o.immutable; })));
  t.same(causesOf(unfreeze), ['immutable: Forbidden: field is immutable when `immutable` is set']);
  const labelled = await update(store, ctx, 'frozen', mutated((o) => { o.metadata.labels = { a: 'b' }; }));
  t.same(labelled.metadata.labels, { a: 'b' });
  const thawed = await update(store, ctx, 'one', mutated((o) => { o.data = {}; o.immutable = true; }));
  t.equal(thawed.immutable, true);
});
