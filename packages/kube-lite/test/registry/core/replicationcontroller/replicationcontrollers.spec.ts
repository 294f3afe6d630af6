/**
 * core/v1 replicationcontrollers and podtemplates through their Stores: defaults (selector and labels from the
 * template, replicas 1), validation with upstream's paths and messages, mutable selector, status, scale,
 * field selector and printer columns; pod template generation and columns.
 */
import { type ApiObject, ScaleREST, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newPodTemplateStorage } from '../../../../src/registry/core/podtemplate/storage.js';
import { newReplicationControllerStorage } from '../../../../src/registry/core/replicationcontroller/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, namesSelectedBy, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const template = (labels: Rec = { app: 'web' }, spec: Rec = {}): Rec => ({ metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }], ...spec } });
const rc = (name: string, spec: Rec = {}): ApiObject => ({ apiVersion: 'v1', kind: 'ReplicationController', metadata: { name }, spec: { template: template(), ...spec } });

function storageOf(t: Test): { store: Store; status: StatusREST; scale: ScaleREST } {
  const map = newReplicationControllerStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['replicationcontrollers', 'replicationcontrollers/status', 'replicationcontrollers/scale']);
  const { replicationcontrollers: store, 'replicationcontrollers/status': status, 'replicationcontrollers/scale': scale } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST) || !(scale instanceof ScaleREST)) throw new TypeError('unexpected storage');
  return { store, status, scale };
}

t.test('controllers: defaults, status, generation, printer', async (t) => {
  const { store } = storageOf(t);
  t.same(store.shortNames(), ['rc']);
  t.same(store.categories(), ['all']);
  const created = await store.create(ctx, rc('web'));
  t.match(created, {
    metadata: { labels: { app: 'web' }, generation: 1 },
    spec: { replicas: 1, selector: { app: 'web' }, template: { spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' } } },
    status: { replicas: 0 },
  });
  const labelled = await store.create(ctx, { ...rc('own', { selector: { app: 'web' } }), metadata: { name: 'own', labels: { team: 'a' } } });
  t.same(labelled.metadata.labels, { team: 'a' }, 'labels kept when set');
  created.metadata.creationTimestamp = '2026-01-01T00:00:00Z';
  const table = await store.convertToTable(ctx, created);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
  t.same(table.rows?.[0]?.cells, ['web', 1, 0, 0, '2m', 'web', 'nginx:1.27', 'app=web']);
  const changed = await update(store, ctx, 'web', mutated((o) => void ((o.spec as Rec).template = template({ app: 'web', v: '2' }))));
  t.equal(changed.metadata.generation, 2, 'generation bumped by a template change');
  const reselected = await update(store, ctx, 'web', mutated((o) => void ((o.spec as Rec).selector = { app: 'web', v: '2' })));
  t.same((reselected.spec as Rec).selector, { app: 'web', v: '2' }, 'the selector of a controller may change');
});

t.test('controllers: validation', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['mismatch', { selector: { app: 'db' } }, ['spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`']],
    ['counts', { replicas: -1, minReadySeconds: -2 }, ['spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0', 'spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['notemplate', { template: undefined, selector: { app: 'web' } }, ['spec.template: Required value']],
    ['noselector', { template: template({}) }, ['spec.selector: Required value']],
    [
      'restart',
      { template: template({ app: 'web' }, { restartPolicy: 'Never', activeDeadlineSeconds: 5 }) },
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"', 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported'],
    ],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, rc(name, spec)))), want, name);
});

t.test('controllers: status, scale, field selector', async (t) => {
  const { store, status, scale } = storageOf(t);
  await store.create(ctx, rc('web'));
  await store.create(ctx, rc('idle', { replicas: 0 }));
  const st = await status.update(ctx, 'web', mutated((o) => void (o.status = { replicas: 2, readyReplicas: 1, availableReplicas: 1 })), undefined, undefined, false);
  t.match(st.object.status, { replicas: 2, readyReplicas: 1 });
  const bad = await statusErrorOf(t, status.update(ctx, 'web', mutated((o) => void (o.status = { replicas: 1, readyReplicas: 2, availableReplicas: 3 })), undefined, undefined, false));
  t.same(causesOf(bad), [
    'status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas',
  ]);
  t.same(await namesSelectedBy(store, 'default', 'status.replicas=2'), ['web']);
  const got = await scale.get(ctx, 'web', {});
  t.match(got, { apiVersion: 'autoscaling/v1', kind: 'Scale', spec: { replicas: 1 }, status: { replicas: 2, selector: 'app=web' } });
  const scaled = await scale.update(ctx, 'web', mutated((o) => void ((o.spec as Rec).replicas = 4)), undefined, undefined, false);
  t.match(scaled.object, { spec: { replicas: 4 } });
  t.match(await store.get(ctx, 'web', {}), { spec: { replicas: 4 } });
});

t.test('podtemplates: defaults, generation, validation, printer', async (t) => {
  const map = newPodTemplateStorage(memoryGetter(t), { now: () => NOW });
  const store = map.podtemplates;
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  const created = await store.create(ctx, { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'pt' }, template: template() });
  t.match(created, { metadata: { generation: 1 }, template: { spec: { restartPolicy: 'Always' } } });
  const same = await update(store, ctx, 'pt', mutated(() => undefined));
  t.equal(same.metadata.generation, 1);
  const changed = await update(store, ctx, 'pt', mutated((o) => void (o.template = template({ app: 'web', v: '2' }))));
  t.equal(changed.metadata.generation, 2);
  const bad = await statusErrorOf(t, store.create(ctx, { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'bad' }, template: template({ 'a b': 'c' }) }));
  t.match(causesOf(bad), [/^template\.metadata\.labels: Invalid value: "a b": name part must consist of alphanumeric characters/]);
  const table = await store.convertToTable(ctx, changed);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Containers', 'Images', 'Pod Labels']);
  t.same(table.rows?.[0]?.cells, ['pt', 'web', 'nginx:1.27', 'app=web,v=2']);
});
