import {
  type ApiObject,
  capabilitiesOf,
  defaultUpdatedObjectInfo,
  isGroupVersionKindProvider,
  type Storage,
  Store,
  validateStorageForInstall,
} from '@apiserver/registry';
import t, { type Test } from 'tap';
import { scaleFromWorkload } from '../../../src/registry/apps/scale/scale-rest.js';
import { newDeploymentStorage } from '../../../src/registry/apps/deployment/storage.js';
import { newReplicaSetStorage } from '../../../src/registry/apps/replicaset/storage.js';
import { selectorString } from '../../../src/registry/apps/replicaset/workload-validation.js';
import { validateLabelSelector } from '../../../src/registry/label-selector-validation.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { ScaleREST, StatusREST } from '@apiserver/registry';
import { newPodStorage } from '../../../src/registry/core/pod/storage.js';
import { newServiceStorage } from '../../../src/registry/core/service/storage.js';
import { newLeaseStorage } from '../../../src/registry/coordination/lease/storage.js';
import { newPath } from '@apiserver/runtime';
import { causesOf, ctxIn, fieldErrorStrings, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const template = (labels: Rec = { app: 'web' }, spec: Rec = {}) => ({
  metadata: { labels },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }, { name: 'side', image: 'busybox' }], ...spec },
});
const workload = (kind: 'Deployment' | 'ReplicaSet', name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'apps/v1',
  kind,
  metadata: { name },
  spec: { selector: { matchLabels: { app: 'web' } }, template: template(), ...spec },
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

interface Workloads {
  store: Store;
  status: StatusREST;
  scale: ScaleREST;
}

function storageOf(t: Test, map: Record<string, unknown>, resource: string): Workloads {
  const store = map[resource];
  const status = map[`${resource}/status`];
  const scale = map[`${resource}/scale`];
  if (!(store instanceof Store) || !(status instanceof StatusREST) || !(scale instanceof ScaleREST)) throw new TypeError('unexpected storage');
  t.same(Object.keys(map), [resource, `${resource}/status`, `${resource}/scale`]);
  return { store, status, scale };
}

t.test('label selector helpers', async (t) => {
  t.equal(selectorString({ matchLabels: { b: '2', a: '1' } }), 'a=1,b=2');
  t.equal(selectorString({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['x', 'y'] }] }), 'tier in (x,y)');
  t.equal(selectorString({ matchExpressions: [{ key: 'k', operator: 'Bogus' }] }), undefined);
  t.equal(selectorString('app=web'), undefined);
  t.same(
    fieldErrorStrings(
      validateLabelSelector(
        {
          matchExpressions: [
            { key: 'a', operator: 'In' },
            { key: 'b', operator: 'Exists', values: ['x'] },
            { key: 'c', operator: 'Near' },
            { key: 'bad key', operator: 'DoesNotExist' },
          ],
        },
        newPath('spec', 'selector'),
      ),
    ),
    [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'spec.selector.matchExpressions[2].operator: Invalid value: "Near": not a valid selector operator',
      "spec.selector.matchExpressions[3].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ],
  );
});

t.test('deployments: defaults, generation, printer', async (t) => {
  const { store, status } = storageOf(t, newDeploymentStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'deployments');
  t.same(store.shortNames(), ['deploy']);
  t.same(store.categories(), ['all']);
  t.equal(store.getSingularName(), 'deployment');
  const created = await store.create(ctx, { ...workload('Deployment', 'web'), status: { replicas: 9 } });
  t.match(specOf(created), {
    replicas: 1,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
    template: { spec: { restartPolicy: 'Always', containers: [{ imagePullPolicy: 'IfNotPresent' }, { imagePullPolicy: 'Always' }] } },
  });
  t.same(created.status, {});
  t.equal(created.metadata.generation, 1);
  const scaled = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { replicas: 3 })));
  t.equal(scaled.metadata.generation, 2);
  const annotated = await update(store, ctx, 'web', mutated((o) => Object.assign(o.metadata, { annotations: { note: 'x' } })));
  t.equal(annotated.metadata.generation, 3, 'annotation changes bump deployments');
  const labelled = await update(store, ctx, 'web', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(labelled.metadata.generation, 3);

  const newStatus = { replicas: 3, updatedReplicas: 3, readyReplicas: 2, availableReplicas: 2, observedGeneration: 3 };
  const { object: withStatus } = await status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: newStatus, spec: {} })), undefined, undefined, false);
  t.same(withStatus.status, newStatus);
  t.equal(specOf(withStatus).replicas, 3, 'status updates keep the spec');
  t.equal(withStatus.metadata.generation, 3);
  const badStatus = await statusErrorOf(
    t,
    status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: { replicas: 1, readyReplicas: 2, availableReplicas: 3, updatedReplicas: -1 } })), undefined, undefined, false),
  );
  t.same(causesOf(badStatus), [
    'status.updatedReplicas: Invalid value: -1: must be greater than or equal to 0',
    'status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas',
  ]);
  const kept = await update(store, ctx, 'web', mutated((o) => Object.assign(o, { status: {} })));
  t.same(kept.status, newStatus, 'spec updates keep the status');

  const table = await store.convertToTable(ctx, { ...kept, metadata: { ...kept.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Ready', 'string', 0],
      ['Up-to-date', 'string', 0],
      ['Available', 'string', 0],
      ['Age', 'string', 0],
      ['Containers', 'string', 1],
      ['Images', 'string', 1],
      ['Selector', 'string', 1],
    ],
  );
  t.same(table.rows[0]?.cells, ['web', '2/3', 3, 2, '2m', 'nginx,side', 'nginx:1.25,busybox', 'app=web']);
  const invalidSelector = await store.convertToTable(ctx, { ...kept, spec: { ...specOf(kept), selector: { matchExpressions: [{ key: 'a', operator: 'X' }] } } });
  t.equal(invalidSelector.rows[0]?.cells[7], '<invalid>');
});

t.test('deployments: validation', async (t) => {
  const { store } = storageOf(t, newDeploymentStorage(memoryGetter(t)), 'deployments');
  const cases: Array<[string, Rec, string[]]> = [
    ['noselector', { selector: undefined }, ['spec.selector: Required value']],
    ['emptyselector', { selector: {} }, ['spec.selector: Invalid value: {}: empty selector is invalid for deployment']],
    [
      'mismatch',
      { template: template({ app: 'other' }) },
      ['spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`'],
    ],
    ['replicas', { replicas: -1 }, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['restart', { template: template(undefined, { restartPolicy: 'Never' }) }, ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
    ['deadline', { template: template(undefined, { activeDeadlineSeconds: 5 }) }, ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported']],
    ['podspec', { template: template(undefined, { containers: [{ name: 'A', image: 'x' }] }) }, ['spec.template.spec.containers[0].name: Invalid value: "A"']],
    [
      'notemplate',
      { template: undefined },
      ['spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`', 'spec.template.spec.containers: Required value'],
    ],
    ['strategy', { strategy: { type: 'Blue' } }, ['spec.strategy.type: Unsupported value: "Blue": supported values: "Recreate", "RollingUpdate"']],
    ['recreate', { strategy: { type: 'Recreate', rollingUpdate: {} } }, ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]],
    ['zero', { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: '0%' } } }, ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "0%": may not be 0 when `maxSurge` is 0']],
    [
      'percent',
      { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 'lots', maxUnavailable: '150%' } } },
      ['spec.strategy.rollingUpdate.maxSurge: Invalid value: "lots": a valid percent string', 'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%'],
    ],
    ['negsurge', { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: -1 } } }, ['spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0']],
    ['progress', { minReadySeconds: 700 }, ['spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds']],
    ['rollback', { rollbackTo: { revision: '2' } }, ['spec.rollbackTo: Forbidden: not supported']],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, workload('Deployment', name, spec)));
    t.equal(err.status.code, 422, name);
    const got = causesOf(err);
    t.equal(got.length, want.length, `${name}: ${got.join(' | ')}`);
    for (const [i, w] of want.entries()) t.ok(got[i]?.startsWith(w), `${name}: ${got[i] ?? ''} starts with ${w}`);
  }
  await store.create(ctx, workload('Deployment', 'web'));
  const immutable = await statusErrorOf(
    t,
    update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { selector: { matchLabels: { app: 'web', tier: 'x' } }, template: template({ app: 'web', tier: 'x' }) }))),
  );
  t.same(causesOf(immutable), ['spec.selector: Invalid value: {"matchLabels":{"app":"web","tier":"x"}}: field is immutable']);
});

t.test('scale subresource: get, update, patch-like, conflicts, errors', async (t) => {
  const { store, scale } = storageOf(t, newDeploymentStorage(memoryGetter(t)), 'deployments');
  t.ok(isGroupVersionKindProvider(scale));
  t.same(scale.groupVersionKind({ group: 'apps', version: 'v1' }), { group: 'autoscaling', version: 'v1', kind: 'Scale' });
  t.same(scale.newObject(), { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: {} });
  t.equal(scale.namespaceScoped(), true);
  scale.destroy();
  const created = await store.create(ctx, workload('Deployment', 'web', { replicas: 2 }));
  const got = await scale.get(ctx, 'web');
  t.same(got, {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: {
      name: 'web',
      namespace: 'default',
      uid: created.metadata.uid,
      resourceVersion: created.metadata.resourceVersion,
      creationTimestamp: created.metadata.creationTimestamp,
    },
    spec: { replicas: 2 },
    status: { replicas: 0, selector: 'app=web' },
  });
  const put = await scale.update(ctx, 'web', defaultUpdatedObjectInfo({ ...got, spec: { replicas: 5 } }), undefined, undefined, false);
  t.equal(put.created, false);
  t.match(put.object, { kind: 'Scale', spec: { replicas: 5 } });
  t.not(put.object.metadata.resourceVersion, created.metadata.resourceVersion);
  const stored = await store.get(ctx, 'web');
  t.equal(specOf(stored).replicas, 5);
  t.equal(stored.metadata.generation, 2);

  const stale = await statusErrorOf(t, scale.update(ctx, 'web', defaultUpdatedObjectInfo({ ...got, spec: { replicas: 7 } }), undefined, undefined, false));
  t.equal(stale.status.code, 409);
  t.match(stale.message, /the object has been modified/);
  const patched = await scale.update(
    ctx,
    'web',
    defaultUpdatedObjectInfo(undefined, (_c, _o, old) => (old === undefined ? undefined : { ...old, spec: { replicas: 0 } })),
    undefined,
    undefined,
    false,
  );
  t.match(patched.object, { spec: { replicas: 0 } }, 'a merge patch carries the current resourceVersion');
  const unconditional = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web' }, spec: { replicas: 4 } };
  t.match((await scale.update(ctx, 'web', defaultUpdatedObjectInfo(unconditional), undefined, undefined, false)).object, { spec: { replicas: 4 } });
  const negative = await statusErrorOf(t, scale.update(ctx, 'web', defaultUpdatedObjectInfo({ ...unconditional, spec: { replicas: -1 } }), undefined, undefined, false));
  t.equal(negative.status.code, 422);
  t.equal(negative.message, 'Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  const missing = await statusErrorOf(t, scale.get(ctx, 'nope'));
  t.equal(missing.status.code, 404);
  t.equal(missing.message, 'deployments/scale.apps "nope" not found');
  const missingUpdate = await statusErrorOf(t, scale.update(ctx, 'nope', defaultUpdatedObjectInfo(unconditional), undefined, undefined, false));
  t.equal(missingUpdate.status.code, 404);

  const seen: string[] = [];
  await scale.update(
    ctx,
    'web',
    defaultUpdatedObjectInfo({ ...unconditional, spec: { replicas: 1 } }),
    (_c, o) => void seen.push(`create ${String(o.kind)}`),
    (_c, o, old) => void seen.push(`update ${String(o.kind)} ${String(old.kind)}`),
    false,
  );
  t.same(seen, ['update Scale Scale'], 'admission sees Scale objects');
  const broken = await store.create(ctx, workload('Deployment', 'broken'));
  const badSelector = { ...broken, spec: { ...specOf(broken), selector: { matchExpressions: [{ key: 'a', operator: 'Nope' }] } } };
  t.throws(() => scaleFromWorkload(badSelector), { message: 'invalid label selector' });
});

t.test('replicasets: defaults, validation, printer, scale', async (t) => {
  const { store, status, scale } = storageOf(t, newReplicaSetStorage(memoryGetter(t), { printer: { now: () => NOW } }), 'replicasets');
  t.same(store.shortNames(), ['rs']);
  t.same(store.categories(), ['all']);
  t.equal(store.getSingularName(), 'replicaset');
  const created = await store.create(ctx, workload('ReplicaSet', 'web-abc'));
  t.match(specOf(created), { replicas: 1, template: { spec: { dnsPolicy: 'ClusterFirst' } } });
  t.same(created.status, { replicas: 0 });
  t.equal(created.metadata.generation, 1);
  const cases: Array<[string, Rec, string[]]> = [
    ['replicas', { replicas: -2 }, ['spec.replicas: Invalid value: -2: must be greater than or equal to 0']],
    ['minready', { minReadySeconds: -1 }, ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0']],
    ['selector', { selector: { matchLabels: { app: 'other' } } }, ['spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`']],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, workload('ReplicaSet', name, spec)));
    t.same(causesOf(err), want, name);
  }
  const immutable = await statusErrorOf(t, update(store, ctx, 'web-abc', mutated((o) => Object.assign(specOf(o), { selector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] } }))));
  t.match(causesOf(immutable), [/^spec\.selector: Invalid value: .*: field is immutable$/]);

  const { object: withStatus } = await status.update(ctx, 'web-abc', mutated((o) => Object.assign(o, { status: { replicas: 1, readyReplicas: 1, availableReplicas: 1, fullyLabeledReplicas: 1 } })), undefined, undefined, false);
  t.match(withStatus.status, { replicas: 1, readyReplicas: 1 });
  const badStatus = await statusErrorOf(t, status.update(ctx, 'web-abc', mutated((o) => Object.assign(o, { status: { replicas: 1, readyReplicas: 1, availableReplicas: 2 } })), undefined, undefined, false));
  t.same(causesOf(badStatus), ['status.availableReplicas: Invalid value: 2: cannot be greater than status.replicas', 'status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas']);

  const s = await scale.get(ctx, 'web-abc');
  t.match(s, { spec: { replicas: 1 }, status: { replicas: 1, selector: 'app=web' } });
  await scale.update(ctx, 'web-abc', defaultUpdatedObjectInfo({ ...s, spec: { replicas: 3 } }), undefined, undefined, false);
  const after = await store.get(ctx, 'web-abc');
  t.equal(specOf(after).replicas, 3);
  t.equal(after.metadata.generation, 2);
  const missing = await statusErrorOf(t, scale.get(ctx, 'nope'));
  t.equal(missing.message, 'replicasets/scale.apps "nope" not found');

  const table = await store.convertToTable(ctx, { ...after, metadata: { ...after.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Desired', 'integer', 0],
      ['Current', 'integer', 0],
      ['Ready', 'integer', 0],
      ['Age', 'string', 0],
      ['Containers', 'string', 1],
      ['Images', 'string', 1],
      ['Selector', 'string', 1],
    ],
  );
  t.same(table.rows[0]?.cells, ['web-abc', 3, 1, 1, '2m', 'nginx,side', 'nginx:1.25,busybox', 'app=web']);
  t.equal((await status.convertToTable(ctx, after)).rows.length, 1);
  t.equal(status.newObject().kind, 'ReplicaSet');
  t.equal(status.namespaceScoped(), true);
  status.destroy();
});

const VERB_CAPABILITIES = ['getter', 'getterWithOptions', 'lister', 'creater', 'updater', 'patcher', 'gracefulDeleter', 'watcher'] as const;

t.test('every storage map passes the installer checks', async (t) => {
  const getter = memoryGetter(t);
  const maps: Record<string, Storage>[] = [
    newServiceStorage(getter),
    newPodStorage(getter),
    newDeploymentStorage(getter),
    newReplicaSetStorage(getter),
    newLeaseStorage(getter),
  ];
  const verbs: string[] = [];
  for (const map of maps) {
    const byPath = new Map(Object.entries(map));
    for (const [path, storage] of byPath) {
      const v = validateStorageForInstall(path, storage, byPath);
      t.equal(v.namespaced, true, path);
      const c = capabilitiesOf(storage);
      verbs.push(`${path}: ${VERB_CAPABILITIES.filter((k) => c[k] !== undefined).join(',')}`);
    }
  }
  t.same(verbs, [
    'services: getter,lister,creater,updater,patcher,gracefulDeleter,watcher',
    'services/status: getter,updater,patcher',
    'pods: getter,lister,creater,updater,patcher,gracefulDeleter,watcher',
    'pods/status: getter,updater,patcher',
    'pods/binding: ',
    'pods/eviction: ',
    'pods/ephemeralcontainers: getter,updater,patcher',
    'pods/exec: ',
    'pods/attach: ',
    'pods/portforward: ',
    'pods/log: getterWithOptions',
    'pods/proxy: ',
    'deployments: getter,lister,creater,updater,patcher,gracefulDeleter,watcher',
    'deployments/status: getter,updater,patcher',
    'deployments/scale: getter,updater,patcher',
    'replicasets: getter,lister,creater,updater,patcher,gracefulDeleter,watcher',
    'replicasets/status: getter,updater,patcher',
    'replicasets/scale: getter,updater,patcher',
    'leases: getter,lister,creater,updater,patcher,gracefulDeleter,watcher',
  ]);
});
