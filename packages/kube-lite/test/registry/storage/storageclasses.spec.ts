/**
 * storage.k8s.io/v1 storageclasses through their Store: SetDefaults_StorageClass, upstream's validation with
 * its field paths and messages, the immutable fields and the printer's "(default)" marker.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { newStorageClassStorage } from '../../../src/registry/storage/storageclass/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';
import { NOW, storeOf } from './storage-fixtures.js';

const ctx = ctxIn();
type Rec = Record<string, unknown>;
const sc = (name: string, fields: Rec = {}): ApiObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: 'ebs.csi.aws.com', ...fields });

t.test('create: defaults, short name, cluster scope', async (t) => {
  const store = storeOf(newStorageClassStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'storageclasses');
  t.same(store.shortNames(), ['sc']);
  t.equal(store.getSingularName(), 'storageclass');
  t.notOk(store.namespaceScoped());
  const created = await store.create(ctx, sc('fast', { parameters: { type: 'gp3' } }));
  t.match(created, { reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate', parameters: { type: 'gp3' } });
  t.equal(created.metadata.generation, undefined, 'no generation');
  const kept = await store.create(ctx, sc('slow', { reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' }));
  t.match(kept, { reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' });
});

t.test('validation: provisioner, parameters, policies, topologies', async (t) => {
  const store = storeOf(newStorageClassStorage(memoryGetter(t)), 'storageclasses');
  const cases: [string, Rec, string[]][] = [
    ['noprov', { provisioner: '' }, ['provisioner: Required value']],
    [
      'badprov',
      { provisioner: 'not/a/name' },
      [
        'provisioner: Invalid value: "not/a/name": a qualified name must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\') with an optional DNS subdomain prefix and \'/\' (e.g. \'example.com/MyName\')',
      ],
    ],
    ['emptykey', { parameters: { '': 'x' } }, ['parameters: Invalid value: "": field can not be empty.']],
    ['bigparams', { parameters: { a: 'x'.repeat(256 * 1024) } }, ['parameters: Too long: may not be more than 262144 bytes']],
    ['recycle', { reclaimPolicy: 'Recycle' }, ['reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"']],
    ['mode', { volumeBindingMode: 'Later' }, ['volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"']],
    [
      'topo',
      {
        allowedTopologies: [
          { matchLabelExpressions: [{ key: 'zone', values: ['a', 'a'] }, { key: 'zone', values: ['b'] }] },
          { matchLabelExpressions: [{ key: 'bad key', values: [] }] },
          { matchLabelExpressions: [{ key: 'bad key', values: [] }] },
        ],
      },
      [
        'allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a"',
        'allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "zone"',
        'allowedTopologies[1].matchLabelExpressions[0].values: Required value',
        'allowedTopologies[1].matchLabelExpressions[0].key: Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
        'allowedTopologies[2].matchLabelExpressions[0].values: Required value',
        'allowedTopologies[2].matchLabelExpressions[0].key: Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
        'allowedTopologies[2].matchLabelExpressions: Duplicate value: ""',
      ],
    ],
  ];
  for (const [name, fields, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, sc(name, fields)))), want, name);
  await store.create(ctx, sc('ok', { allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['a', 'b'] }] }] }));
});

t.test('update: provisioner, parameters, reclaimPolicy and volumeBindingMode are immutable', async (t) => {
  const store = storeOf(newStorageClassStorage(memoryGetter(t)), 'storageclasses');
  await store.create(ctx, sc('fast', { parameters: { type: 'gp3' } }));
  const err = await statusErrorOf(
    t,
    update(store, ctx, 'fast', mutated((o) => Object.assign(o, { provisioner: 'other.csi', parameters: { type: 'io2' }, reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' }))),
  );
  t.same(causesOf(err), [
    'parameters: Forbidden: updates to parameters are forbidden.',
    'provisioner: Forbidden: updates to provisioner are forbidden.',
    'reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
    'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable',
  ]);
  const expanded = await update(store, ctx, 'fast', mutated((o) => Object.assign(o, { allowVolumeExpansion: true, mountOptions: ['ro'] })));
  t.equal(expanded.allowVolumeExpansion, true, 'allowVolumeExpansion and mountOptions may change');
});

t.test('printer: columns and the (default) marker', async (t) => {
  const store = storeOf(newStorageClassStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'storageclasses');
  const annotations = { 'storageclass.kubernetes.io/is-default-class': 'true' };
  const created = await store.create(ctx, { ...sc('standard', { allowVolumeExpansion: true }), metadata: { name: 'standard', annotations } });
  const aged = { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable(ctx, aged);
  t.same(
    table.columnDefinitions.map((c) => c.name),
    ['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age'],
  );
  t.same(table.rows[0]?.cells, ['standard (default)', 'ebs.csi.aws.com', 'Delete', 'Immediate', true, '60m']);
  const beta = { ...aged, metadata: { ...aged.metadata, annotations: { 'storageclass.beta.kubernetes.io/is-default-class': 'true' } }, allowVolumeExpansion: undefined };
  t.same((await store.convertToTable(ctx, beta)).rows[0]?.cells.slice(0, 5), ['standard (default)', 'ebs.csi.aws.com', 'Delete', 'Immediate', false]);
  const plain = { ...aged, metadata: { ...aged.metadata, annotations: { 'storageclass.kubernetes.io/is-default-class': 'false' } } };
  t.equal((await store.convertToTable(ctx, plain)).rows[0]?.cells[0], 'standard');
});
