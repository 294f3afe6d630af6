/**
 * core/v1 persistentvolumeclaims and persistentvolumes through their Stores: defaults, validation with
 * upstream's paths and messages, the claim's immutable spec and storage expansion, status strategies and the
 * printer columns.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newPersistentVolumeStorage } from '../../../../src/registry/core/persistentvolume/storage.js';
import { newPersistentVolumeClaimStorage } from '../../../../src/registry/core/persistentvolumeclaim/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const claim = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
});
const volume = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' }, hostPath: { path: '/data' }, ...spec },
});

async function updateStatus(status: StatusREST, c: ReturnType<typeof ctxIn>, name: string, info: Parameters<StatusREST['update']>[2]): Promise<ApiObject> {
  return (await status.update(c, name, info, undefined, undefined, false)).object;
}

function stores<K extends string>(t: Test, map: Record<string, unknown>, main: K): { store: Store; status: StatusREST } {
  t.same(Object.keys(map), [main, `${main}/status`]);
  const store = map[main];
  const status = map[`${main}/status`];
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store, status };
}

t.test('claims: defaults, printer', async (t) => {
  const { store } = stores(t, newPersistentVolumeClaimStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'persistentvolumeclaims');
  t.same(store.shortNames(), ['pvc']);
  const created = await store.create(ctx, { ...claim('data'), status: { phase: 'Bound' } });
  t.match(created, { spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  const vac = await store.create(ctx, claim('vac', { volumeAttributesClassName: 'gold', storageClassName: 'fast' }));
  t.equal((vac.spec as Rec).volumeAttributesClassName, undefined, 'VolumeAttributesClass is off in 1.32');
  created.metadata.creationTimestamp = '2026-01-01T00:00:00Z';
  const table = await store.convertToTable(ctx, created);
  t.same(
    table.columnDefinitions.map((c) => c.name),
    ['Name', 'Status', 'Volume', 'Capacity', 'Access Modes', 'StorageClass', 'VolumeAttributesClass', 'Age', 'VolumeMode'],
  );
  t.same(table.rows?.[0]?.cells, ['data', 'Pending', '', '', '', '', '<unset>', '2m', 'Filesystem']);
});

t.test('claims: validation', async (t) => {
  const { store } = stores(t, newPersistentVolumeClaimStorage(memoryGetter(t)), 'persistentvolumeclaims');
  const cases: [string, Rec, string[]][] = [
    ['none', { accessModes: [], resources: {} }, ['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value']],
    [
      'modes',
      { accessModes: ['ReadWriteOncePod', 'Sometimes'] },
      [
        'spec.accessModes: Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
        'spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes',
      ],
    ],
    ['zero', { resources: { requests: { storage: '0' } } }, ['spec.resources[storage]: Invalid value: "0": must be greater than zero']],
    ['class', { storageClassName: 'Fast!', volumeMode: 'Raw' }, [
      'spec.storageClassName: Invalid value: "Fast!": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
      'spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"',
    ]],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, claim(name, spec)))), want, name);
});

t.test('claims: immutable spec, volumeName once, expansion of bound claims, status', async (t) => {
  const { store, status } = stores(t, newPersistentVolumeClaimStorage(memoryGetter(t)), 'persistentvolumeclaims');
  await store.create(ctx, claim('data'));
  const bound = await update(store, ctx, 'data', mutated((o) => void ((o.spec as Rec).volumeName = 'pv-1')));
  t.equal((bound.spec as Rec).volumeName, 'pv-1', 'volumeName may be set once');
  const renamed = await statusErrorOf(t, update(store, ctx, 'data', mutated((o) => void ((o.spec as Rec).volumeName = 'pv-2'))));
  t.same(causesOf(renamed), ['spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims']);
  const grownPending = await statusErrorOf(t, update(store, ctx, 'data', mutated((o) => void ((o.spec as Rec).resources = { requests: { storage: '2Gi' } }))));
  t.equal(grownPending.status.code, 422, 'a pending claim cannot grow');
  const st = await updateStatus(status, ctx, 'data', mutated((o) => void (o.status = { phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] })));
  t.match(st, { status: { phase: 'Bound' }, spec: { volumeName: 'pv-1' } });
  const grown = await update(store, ctx, 'data', mutated((o) => void ((o.spec as Rec).resources = { requests: { storage: '2Gi' } })));
  t.match(grown.spec, { resources: { requests: { storage: '2Gi' } } });
  const shrunk = await statusErrorOf(t, update(store, ctx, 'data', mutated((o) => void ((o.spec as Rec).resources = { requests: { storage: '512Mi' } }))));
  t.same(causesOf(shrunk), ['spec.resources.requests.storage: Forbidden: field can not be less than previous value']);
  const badStatus = await statusErrorOf(t, updateStatus(status, ctx, 'data', mutated((o) => void (o.status = { phase: 'Bound', capacity: { storage: '-1' } }))));
  t.same(causesOf(badStatus), ['status.capacity[storage]: Invalid value: "-1": must be greater than or equal to 0']);
});

t.test('volumes: defaults, status time, printer', async (t) => {
  let now = NOW;
  const { store, status } = stores(t, newPersistentVolumeStorage(memoryGetter(t), { printer: { now: () => NOW }, now: () => now }), 'persistentvolumes');
  t.same(store.shortNames(), ['pv']);
  t.equal(store.namespaceScoped(), false);
  const created = await store.create(ctxIn(), volume('pv-1', { claimRef: { namespace: 'default', name: 'data' }, storageClassName: 'manual' }));
  t.match(created, { spec: { persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' }, status: { phase: 'Pending', lastPhaseTransitionTime: '2026-01-01T00:02:00Z' } });
  now += 60_000;
  const available = await updateStatus(status, ctxIn(), 'pv-1', mutated((o) => void ((o.status as Rec).phase = 'Available')));
  t.match(available.status, { phase: 'Available', lastPhaseTransitionTime: '2026-01-01T00:03:00Z' });
  available.metadata.creationTimestamp = '2026-01-01T00:00:00Z';
  const table = await store.convertToTable(ctxIn(), available);
  t.same(
    table.columnDefinitions.map((c) => c.name),
    ['Name', 'Capacity', 'Access Modes', 'Reclaim Policy', 'Status', 'Claim', 'StorageClass', 'VolumeAttributesClass', 'Reason', 'Age', 'VolumeMode'],
  );
  t.same(table.rows?.[0]?.cells, ['pv-1', '5Gi', 'RWO', 'Retain', 'Available', 'default/data', 'manual', '<unset>', '', '2m', 'Filesystem']);
});

t.test('volumes: validation and immutable source', async (t) => {
  const { store } = stores(t, newPersistentVolumeStorage(memoryGetter(t)), 'persistentvolumes');
  const cases: [string, ApiObject, string[]][] = [
    [
      'empty',
      { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'empty' }, spec: {} },
      ['spec.accessModes: Required value', 'spec.capacity: Required value', 'spec.capacity: Unsupported value: {}: supported values: "storage"', 'spec: Required value: must specify a volume type'],
    ],
    ['two', volume('two', { nfs: { server: 'nfs', path: 'share' } }), ['spec.nfs: Forbidden: may not specify more than 1 volume type']],
    ['nfs', volume('nfs', { hostPath: undefined, nfs: { path: 'share' } }), ['spec.nfs.server: Required value', 'spec.nfs.path: Invalid value: "share": must be an absolute path']],
    ['local', volume('local', { hostPath: undefined, local: { path: '/a/../b' } }), ['spec.local.path: Invalid value: "/a/../b": must not contain \'..\'', 'spec.nodeAffinity: Required value: Local volume requires node affinity']],
    ['policy', volume('policy', { persistentVolumeReclaimPolicy: 'Keep', capacity: { storage: '0' } }), [
      'spec.capacity[storage]: Invalid value: "0": must be greater than zero',
      'spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"',
    ]],
  ];
  for (const [name, obj, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctxIn(), obj))), want, name);
  await store.create(ctxIn(), volume('pv-1'));
  const moved = await statusErrorOf(t, update(store, ctxIn(), 'pv-1', mutated((o) => void ((o.spec as Rec).hostPath = { path: '/other' }))));
  t.same(causesOf(moved), ['spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation']);
  const mode = await statusErrorOf(t, update(store, ctxIn(), 'pv-1', mutated((o) => void ((o.spec as Rec).volumeMode = 'Block'))));
  t.same(causesOf(mode), ['volumeMode: Invalid value: "Block": field is immutable']);
  const grown = await update(store, ctxIn(), 'pv-1', mutated((o) => void ((o.spec as Rec).capacity = { storage: '10Gi' })));
  t.match(grown.spec, { capacity: { storage: '10Gi' } });
});
