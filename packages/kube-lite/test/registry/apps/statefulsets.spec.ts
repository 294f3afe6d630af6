/**
 * apps/v1 statefulsets through their Store: SetDefaults_StatefulSet (1.32 gates), DNS-label names, validation
 * with upstream's paths and messages, the forbidden spec updates, status rules, scale and printer columns.
 */
import { type ApiObject, ScaleREST, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newStatefulSetStorage } from '../../../src/registry/apps/statefulset/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const template = (extra: Rec = {}): Rec => ({ metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:16' }], ...extra } });
const sts = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name },
  spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template(), ...spec },
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

function storageOf(t: Test): { store: Store; status: StatusREST; scale: ScaleREST } {
  const map = newStatefulSetStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['statefulsets', 'statefulsets/status', 'statefulsets/scale']);
  const { statefulsets: store, 'statefulsets/status': status, 'statefulsets/scale': scale } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST) || !(scale instanceof ScaleREST)) throw new TypeError('unexpected storage');
  return { store, status, scale };
}

t.test('create: defaults, status, generation, names', async (t) => {
  const { store } = storageOf(t);
  t.same(store.shortNames(), ['sts']);
  t.same(store.categories(), ['all']);
  const created = await store.create(ctx, sts('db', { volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] }));
  t.match(specOf(created), {
    replicas: 1,
    podManagementPolicy: 'OrderedReady',
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
    persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    revisionHistoryLimit: 10,
    template: { spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' } },
    volumeClaimTemplates: [{ spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }],
  });
  t.equal((specOf(created).updateStrategy as Rec & { rollingUpdate: Rec }).rollingUpdate.maxUnavailable, undefined, 'MaxUnavailableStatefulSet is off in 1.32');
  t.match(created.status, { replicas: 0, availableReplicas: 0 });
  t.equal(created.metadata.generation, 1);
  const dotted = await statusErrorOf(t, store.create(ctx, sts('db.v1')));
  t.match(causesOf(dotted), [/^metadata\.name: Invalid value: "db\.v1": a lowercase RFC 1123 label must consist of/]);
});

t.test('validation: policies, strategy, selector, template, restartPolicy', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['policy', { podManagementPolicy: 'Random' }, ['spec.podManagementPolicy: Invalid value: "Random": must be \'OrderedReady\' or \'Parallel\'']],
    ['ondelete', { updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 1 } } }, ['spec.updateStrategy.rollingUpdate: Invalid value: {"partition":1}: only allowed for updateStrategy \'RollingUpdate\'']],
    ['strategy', { updateStrategy: { type: 'Sometimes' } }, ['spec.updateStrategy: Invalid value: {"type":"Sometimes"}: must be \'RollingUpdate\' or \'OnDelete\'']],
    [
      'rolling',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1, maxUnavailable: 0 } } },
      ['spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0', 'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0'],
    ],
    ['retention', { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Keep' } }, ['spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"']],
    ['counts', { replicas: -1, minReadySeconds: -2, ordinals: { start: -3 } }, [
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0',
      'spec.ordinals.start: Invalid value: -3: must be greater than or equal to 0',
    ]],
    ['empty', { selector: {} }, ['spec.selector: Invalid value: {}: empty selector is invalid for statefulset']],
    ['mismatch', { selector: { matchLabels: { app: 'web' } } }, ['spec.template.metadata.labels: Invalid value: {"app":"db"}: `selector` does not match template `labels`']],
    [
      'restart',
      { template: template({ restartPolicy: 'Never', activeDeadlineSeconds: 5 }) },
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"', 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported'],
    ],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, sts(name, spec)));
    t.same(causesOf(err), want, name);
  }
});

t.test('update: mutable fields only, generation, status, scale, printer', async (t) => {
  const { store, status, scale } = storageOf(t);
  await store.create(ctx, sts('db'));
  const scaled = await update(store, ctx, 'db', mutated((o) => Object.assign(specOf(o), { replicas: 3, minReadySeconds: 5 })));
  t.equal(scaled.metadata.generation, 2);
  const forbidden = await statusErrorOf(t, update(store, ctx, 'db', mutated((o) => Object.assign(specOf(o), { serviceName: 'other' }))));
  t.same(causesOf(forbidden), [
    "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
  ]);
  const bad = await statusErrorOf(
    t,
    status.update(ctx, 'db', mutated((o) => Object.assign(o, { status: { replicas: 1, readyReplicas: 2, availableReplicas: 3, currentReplicas: -1 } })), undefined, undefined, false),
  );
  t.same(causesOf(bad), [
    'status.currentReplicas: Invalid value: -1: must be greater than or equal to 0',
    'status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than status.readyReplicas',
  ]);
  await status.update(ctx, 'db', mutated((o) => Object.assign(o, { status: { replicas: 3, readyReplicas: 2, collisionCount: 2 } })), undefined, undefined, false);
  const decremented = await statusErrorOf(t, status.update(ctx, 'db', mutated((o) => Object.assign(o, { status: { replicas: 3, readyReplicas: 2 } })), undefined, undefined, false));
  t.same(causesOf(decremented), ['status.collisionCount: Invalid value: 0: cannot be decremented']);

  const s = await scale.get(ctx, 'db', {});
  t.match(s, { kind: 'Scale', spec: { replicas: 3 }, status: { replicas: 3, selector: 'app=db' } });
  const got = await store.get(ctx, 'db', {});
  const table = await store.convertToTable(ctx, { ...got, metadata: { ...got.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type, c.priority]), [
    ['Name', 'string', 0],
    ['Ready', 'string', 0],
    ['Age', 'string', 0],
    ['Containers', 'string', 1],
    ['Images', 'string', 1],
  ]);
  t.same(table.rows[0]?.cells, ['db', '2/3', '2m', 'db', 'postgres:16']);
});
