/**
 * storage.k8s.io/v1 csidrivers, csinodes and csistoragecapacities through their Stores: 1.32's CSIDriver
 * defaults, generation on spec changes, validation and update rules with upstream's paths and messages, printers.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { newCSIDriverStorage } from '../../../src/registry/storage/csidriver/storage.js';
import { newCSINodeStorage } from '../../../src/registry/storage/csinode/storage.js';
import { newCSIStorageCapacityStorage } from '../../../src/registry/storage/csistoragecapacity/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';
import { NOW, storeOf } from './storage-fixtures.js';

const ctx = ctxIn();
type Rec = Record<string, unknown>;
const aged = (o: ApiObject): ApiObject => ({ ...o, metadata: { ...o.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
const driver = (name: string, spec: Rec = {}): ApiObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name }, spec });
const specOf = (o: ApiObject): Rec => o.spec as Rec;

t.test('csidrivers: defaults, generation, validation, immutable fields, printer', async (t) => {
  const store = storeOf(newCSIDriverStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'csidrivers');
  t.notOk(store.namespaceScoped());
  const created = await store.create(ctx, driver('ebs.csi.aws.com'));
  t.same(specOf(created), {
    attachRequired: true,
    podInfoOnMount: false,
    storageCapacity: false,
    fsGroupPolicy: 'ReadWriteOnceWithFSType',
    volumeLifecycleModes: ['Persistent'],
    requiresRepublish: false,
    seLinuxMount: false,
  });
  t.equal(created.metadata.generation, undefined, 'no generation on create');
  const republished = await update(store, ctx, 'ebs.csi.aws.com', mutated((o) => Object.assign(specOf(o), { requiresRepublish: true, tokenRequests: [{ audience: 'a' }] })));
  t.equal(republished.metadata.generation, 1, 'a spec change bumps the generation');
  const relabelled = await update(store, ctx, 'ebs.csi.aws.com', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(relabelled.metadata.generation, 1, 'metadata changes do not');

  const bad = driver('bad', {
    fsGroupPolicy: 'Sometimes',
    volumeLifecycleModes: ['Persistent', 'Forever'],
    tokenRequests: [{ audience: 'x', expirationSeconds: 60 }, { audience: 'x' }, { audience: 'y', expirationSeconds: 2 ** 33 }],
  });
  t.same(causesOf(await statusErrorOf(t, store.create(ctx, bad))), [
    'spec.fsGroupPolicy: Unsupported value: "Sometimes": supported values: "File", "None", "ReadWriteOnceWithFSType"',
    'spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes',
    'spec.tokenRequests[1].audience: Duplicate value: "x"',
    'spec.tokenRequests[2].expirationSeconds: Invalid value: 8589934592: may not specify a duration larger than 2^32 seconds',
    'spec.volumeLifecycleModes: Unsupported value: "Forever": supported values: "Persistent", "Ephemeral"',
  ]);
  const immutable = await statusErrorOf(
    t,
    update(store, ctx, 'ebs.csi.aws.com', mutated((o) => Object.assign(specOf(o), { attachRequired: false, volumeLifecycleModes: ['Ephemeral'], podInfoOnMount: true }))),
  );
  t.same(causesOf(immutable), [
    'spec.attachedRequired: Invalid value: false: field is immutable',
    'spec.volumeLifecycleModes: Invalid value: ["Ephemeral"]: field is immutable',
  ]);

  const table = await store.convertToTable(ctx, aged(republished));
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type]),
    [
      ['Name', 'string'],
      ['AttachRequired', 'boolean'],
      ['PodInfoOnMount', 'boolean'],
      ['StorageCapacity', 'boolean'],
      ['TokenRequests', 'string'],
      ['RequiresRepublish', 'boolean'],
      ['Modes', 'string'],
      ['Age', 'string'],
    ],
  );
  t.same(table.rows[0]?.cells, ['ebs.csi.aws.com', true, false, false, 'a', true, 'Persistent', '60m']);
  const bare = await store.convertToTable(ctx, aged(driver('bare')));
  t.same(bare.rows[0]?.cells, ['bare', true, false, false, '<unset>', false, '<none>', '60m']);
});

const csiNode = (name: string, drivers: Rec[]): ApiObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name }, spec: { drivers } });

t.test('csinodes: validation, immutable drivers, printer', async (t) => {
  const store = storeOf(newCSINodeStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'csinodes');
  t.notOk(store.namespaceScoped());
  const node = await store.create(ctx, csiNode('node-1', [{ name: 'ebs.csi.aws.com', nodeID: 'i-1', topologyKeys: ['topology.ebs.csi.aws.com/zone'], allocatable: { count: 25 } }]));
  const err = await statusErrorOf(
    t,
    store.create(
      ctx,
      csiNode('node-2', [
        { name: 'Bad_Driver', nodeID: '', topologyKeys: ['', 'k', 'k'], allocatable: { count: -1 } },
        { name: 'Bad_Driver', nodeID: 'n'.repeat(257) },
      ]),
    ),
  );
  t.same(causesOf(err), [
    'spec.drivers[0].name: Invalid value: "Bad_Driver": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'spec.drivers[0].nodeID: Required value',
    'spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0',
    'spec.drivers[0]: Required value',
    'spec.drivers[0]: Invalid value: "": name part must be non-empty',
    'spec.drivers[0]: Invalid value: "": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
    'spec.drivers[0]: Duplicate value: "k"',
    'spec.drivers[1].name: Invalid value: "Bad_Driver": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    `spec.drivers[1].nodeID: Invalid value: "${'n'.repeat(257)}": must be 256 characters or less`,
    'spec.drivers[1].name: Duplicate value: "Bad_Driver"',
  ]);
  const changed = await statusErrorOf(t, update(store, ctx, 'node-1', mutated((o) => Object.assign(specOf(o), { drivers: [{ name: 'ebs.csi.aws.com', nodeID: 'i-2' }] }))));
  t.match(causesOf(changed), [/^spec\.drivers: Invalid value: .*: field is immutable$/]);
  const added = await update(store, ctx, 'node-1', mutated((o) => (specOf(o).drivers as Rec[]).push({ name: 'efs.csi.aws.com', nodeID: 'i-1' })));
  const table = await store.convertToTable(ctx, aged(added));
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Drivers', 'Age']);
  t.same(table.rows[0]?.cells, ['node-1', 2, '60m']);
  t.ok(node.metadata.uid);
});

const capacity = (name: string, fields: Rec = {}): ApiObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'CSIStorageCapacity',
  metadata: { name, namespace: 'default' },
  storageClassName: 'fast',
  ...fields,
});

t.test('csistoragecapacities: namespaced, validation, immutable topology and class, printer', async (t) => {
  const store = storeOf(newCSIStorageCapacityStorage(memoryGetter(t)), 'csistoragecapacities');
  t.ok(store.namespaceScoped());
  const nsCtx = ctxIn('default');
  const created = await store.create(nsCtx, capacity('cap', { capacity: '10Gi', nodeTopology: { matchLabels: { zone: 'a' } } }));
  const err = await statusErrorOf(t, store.create(nsCtx, capacity('bad', { storageClassName: 'Not_A_Class', capacity: '-1', nodeTopology: { matchExpressions: [{ key: 'zone', operator: 'In' }] } })));
  t.same(causesOf(err), [
    "nodeTopology.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    'storageClassName: Invalid value: "Not_A_Class": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'capacity: Invalid value: "-1": must be greater than or equal to 0',
  ]);
  const immutable = await statusErrorOf(t, update(store, nsCtx, 'cap', mutated((o) => Object.assign(o, { storageClassName: 'slow', nodeTopology: { matchLabels: { zone: 'b' } } }))));
  t.same(causesOf(immutable), ['nodeTopology: Invalid value: {"matchLabels":{"zone":"b"}}: field is immutable', 'storageClassName: Invalid value: "slow": field is immutable']);
  const resized = await update(store, nsCtx, 'cap', mutated((o) => Object.assign(o, { capacity: '20Gi', maximumVolumeSize: '5Gi' })));
  const table = await store.convertToTable(nsCtx, resized);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'StorageClassName', 'Capacity']);
  t.same(table.rows[0]?.cells, ['cap', 'fast', '20Gi']);
  t.same((await store.convertToTable(nsCtx, { ...created, capacity: undefined })).rows[0]?.cells, ['cap', 'fast', '<unset>']);
});
