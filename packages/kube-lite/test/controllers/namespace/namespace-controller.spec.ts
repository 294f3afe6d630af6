import type { ApiList, ApiObject, RequestContext, Storage } from '@apiserver/registry';
import { exists } from '../../../src/controllers/object-updates.js';
import t, { type Test } from 'tap';
import { conditionsOf, NamespaceConditionUpdater, sameConditions } from '../../../src/controllers/namespace/deletion-conditions.js';
import { NamespaceController, type NamespaceControllerOptions } from '../../../src/controllers/namespace/namespace-controller.js';
import { NamespacedResourcesDeleter, ResourcesRemainingError } from '../../../src/controllers/namespace/namespaced-resources-deleter.js';
import { RetryQueue } from '../../../src/controllers/retry-queue.js';
import { newConfigMapStore } from '../../../src/registry/core/configmap/storage.js';
import { newNamespaceREST } from '../../../src/registry/core/namespace/storage.js';
import { newSecretStore } from '../../../src/registry/core/secret/storage.js';
import { ctxIn, memoryGetter, mutated } from '../../registry/core/core-fixtures.js';
import { until } from '../until.js';

const cm = (name: string, extra: Partial<ApiObject['metadata']> = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...extra },
  data: { a: '1' },
});


function setup(t: Test) {
  const getter = memoryGetter(t);
  return { ns: newNamespaceREST(getter), configmaps: newConfigMapStore(getter), secrets: newSecretStore(getter) };
}

t.test('delete ns: 200 Terminating, then content and namespace gone', async (t) => {
  const { ns, configmaps, secrets } = setup(t);
  const errors: unknown[] = [];
  const processed: string[] = [];
  const controller = new NamespaceController({
    namespaces: ns.namespaces,
    finalize: ns.finalize,
    status: ns.status,
    resources: () => [
      { resource: { group: '', resource: 'configmaps' }, storage: configmaps },
      { resource: { group: '', resource: 'secrets' }, storage: secrets },
    ],
    onError: (err) => errors.push(err),
    onProcessed: (name, outcome) => processed.push(`${name}:${outcome}`),
  });
  const abort = new AbortController();
  controller.start(abort.signal);
  controller.start(abort.signal);
  t.teardown(() => controller.stop());
  await ns.namespaces.create({}, { metadata: { name: 'team' } });
  await ns.namespaces.create({}, { metadata: { name: 'keep' } });
  for (const name of ['a', 'b', 'c']) await configmaps.create(ctxIn('team'), cm(name));
  await configmaps.create(ctxIn('keep'), cm('stays'));
  await secrets.create(ctxIn('team'), { metadata: { name: 's' }, stringData: { x: 'y' } });

  const res = await ns.namespaces.delete({}, 'team', undefined, { propagationPolicy: 'Foreground' });
  t.equal(res.deleted, false);
  t.match(res.object, { metadata: { name: 'team', finalizers: ['foregroundDeletion'] }, status: { phase: 'Terminating' } });
  await until(t, 'namespace gone', async () => !(await exists(() => ns.namespaces.get({}, 'team'))));
  t.same((await configmaps.list(ctxIn('team'), {})).items, []);
  t.same((await secrets.list(ctxIn('team'), {})).items, []);
  t.equal((await configmaps.list(ctxIn('keep'), {})).items.length, 1, 'other namespaces untouched');
  t.equal((await ns.namespaces.get({}, 'keep')).metadata.name, 'keep');
  t.ok(processed.includes('team:finalized'));
  abort.abort();
  await controller.stop();
  await controller.stop();
  t.same(errors, []);
});

t.test('terminating namespaces found by the initial list; content with finalizers keeps it, then conditions', async (t) => {
  const { ns, configmaps } = setup(t);
  await ns.namespaces.create({}, { metadata: { name: 'held' } });
  await configmaps.create(ctxIn('held'), cm('pinned', { finalizers: ['example.com/hold'] }));
  await configmaps.create(ctxIn('held'), cm('free'));
  await ns.namespaces.delete({}, 'held');
  const errors: unknown[] = [];
  const controller = new NamespaceController({
    namespaces: ns.namespaces,
    finalize: ns.finalize,
    status: ns.status,
    resources: [{ resource: { group: '', resource: 'configmaps' }, storage: configmaps }],
    retry: { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 1000 },
    onError: (err) => errors.push(err),
  });
  controller.start();
  t.teardown(() => controller.stop());
  await until(t, 'remaining-content conditions', async () =>
    conditionsOf(await ns.namespaces.get({}, 'held')).some((c) => c.type === 'NamespaceContentRemaining' && c.status === 'True'),
  );
  const held = await ns.namespaces.get({}, 'held');
  const byType = Object.fromEntries(conditionsOf(held).map((c) => [c.type, c]));
  t.match(byType.NamespaceContentRemaining, { status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: configmaps has 1 resource instances' });
  t.match(byType.NamespaceFinalizersRemaining, {
    status: 'True',
    reason: 'SomeFinalizersRemain',
    message: 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances',
  });
  t.match(byType.NamespaceDeletionDiscoveryFailure, { status: 'False', reason: 'ResourcesDiscovered' });
  t.ok(errors.some((e) => e instanceof ResourcesRemainingError));
  // Releasing the finalizer lets a retry finish the job.
  await configmaps.update(ctxIn('held'), 'pinned', mutated((o) => { o.metadata.finalizers = []; }), undefined, undefined, false, {});
  await until(t, 'namespace gone', async () => !(await exists(() => ns.namespaces.get({}, 'held'))));
  await controller.stop();
});

t.test('deleter: list + delete fallback, failing resources, not terminating, not found', async (t) => {
  const { ns, configmaps } = setup(t);
  const listAndDelete: Storage & Record<string, unknown> = {
    newObject: () => configmaps.newObject(),
    destroy: () => undefined,
    newList: () => configmaps.newList(),
    list: (ctx: RequestContext) => configmaps.list(ctx, {}),
    convertToTable: configmaps.convertToTable.bind(configmaps),
    delete: (ctx: RequestContext, name: string) => configmaps.delete(ctx, name, undefined, {}),
  };
  const broken: Storage & Record<string, unknown> = {
    newObject: () => configmaps.newObject(),
    destroy: () => undefined,
    deleteCollection: (): Promise<ApiList> => Promise.reject(new Error('backend down')),
  };
  const opaque: Storage = { newObject: () => configmaps.newObject(), destroy: () => undefined };
  const deleter = new NamespacedResourcesDeleter({
    namespaces: ns.namespaces,
    finalize: ns.finalize,
    status: ns.status,
    resources: [
      { resource: { group: '', resource: 'configmaps' }, storage: listAndDelete },
      { resource: { group: 'example.com', resource: 'widgets' }, storage: broken },
      { resource: { group: '', resource: 'opaque' }, storage: opaque },
    ],
    clock: () => Date.parse('2026-01-01T00:00:00Z'),
  });
  t.equal(await deleter.delete('missing'), 'not-found');
  await ns.namespaces.create({}, { metadata: { name: 'live' } });
  t.equal(await deleter.delete('live'), 'not-terminating');
  await ns.namespaces.create({}, { metadata: { name: 'x' } });
  await configmaps.create(ctxIn('x'), cm('one'));
  await ns.namespaces.delete({}, 'x');
  // A namespace restored without its phase gets Terminating back.
  await ns.status.update({}, 'x', mutated((o) => { o.status = { phase: 'Terminating' }; }), undefined, undefined, false);
  const err = await deleter.delete('x').catch((e: unknown) => e);
  t.ok(err instanceof ResourcesRemainingError && err.remaining === 1, 'the failed resource counts as remaining');
  t.same((await configmaps.list(ctxIn('x'), {})).items, [], 'list + delete removed the configmap');
  const failure = conditionsOf(await ns.namespaces.get({}, 'x')).find((c) => c.type === 'NamespaceDeletionContentFailure');
  t.match(failure, {
    status: 'True',
    reason: 'ContentDeletionFailed',
    message: 'Failed to delete all resource types: widgets.example.com: backend down',
    lastTransitionTime: '2026-01-01T00:00:00Z',
  });
  const noStatus = new NamespacedResourcesDeleter({ namespaces: ns.namespaces, finalize: ns.finalize, resources: [] });
  t.equal(await noStatus.delete('x'), 'finalized');
  t.notOk(await exists(() => ns.namespaces.get({}, 'x')));
});

t.test('namespace without the kubernetes finalizer is released directly; GC finalizers dropped', async (t) => {
  const { ns } = setup(t);
  await ns.namespaces.create({}, { metadata: { name: 'g' } });
  await ns.namespaces.delete({}, 'g', undefined, { orphanDependents: true });
  await ns.finalize.update({}, 'g', mutated((o) => { o.spec = { finalizers: [] }; }), undefined, undefined, false);
  t.same((await ns.namespaces.get({}, 'g')).metadata.finalizers, ['orphan']);
  const deleter = new NamespacedResourcesDeleter({ namespaces: ns.namespaces, finalize: ns.finalize, resources: [] });
  t.equal(await deleter.delete('g'), 'finalized');
  t.notOk(await exists(() => ns.namespaces.get({}, 'g')));
  await ns.namespaces.create({}, { metadata: { name: 'other', finalizers: ['example.com/keep'] }, spec: { finalizers: ['example.com/own'] } });
  await ns.namespaces.delete({}, 'other');
  t.equal(await deleter.delete('other'), 'finalized');
  t.same((await ns.namespaces.get({}, 'other')).spec, { finalizers: ['example.com/own'] }, 'other spec finalizers keep it');
});

t.test('condition updater and comparison', async (t) => {
  const u = new NamespaceConditionUpdater();
  const first = u.conditions([], () => 0);
  t.equal(first.length, 5);
  t.ok(first.every((c) => c.status === 'False' && c.lastTransitionTime === '1970-01-01T00:00:00Z'));
  const again = u.conditions(first, () => 5000);
  t.ok(sameConditions(first, again));
  t.equal(again[0]?.lastTransitionTime, '1970-01-01T00:00:00Z', 'unchanged status keeps its transition time');
  u.add('NamespaceContentRemaining', 'pods has 2 resource instances');
  const changed = u.conditions(again, () => 5000);
  t.notOk(sameConditions(again, changed));
  t.equal(changed[3]?.lastTransitionTime, '1970-01-01T00:00:05Z');
  t.notOk(sameConditions(changed, changed.slice(1)));
  t.same(conditionsOf({ status: { conditions: [{ type: 'A', status: 'True' }, 'junk'] } }), [{ type: 'A', status: 'True' }]);
  t.same(conditionsOf(undefined), []);
});

t.test('RetryQueue: dedupe, backoff, drop after maxAttempts, close', async (t) => {
  const seen: string[] = [];
  const failures: Array<[string, boolean]> = [];
  let failLeft = 2;
  const q = new RetryQueue(
    async (key) => {
      seen.push(key);
      if (key === 'flaky' && failLeft-- > 0) throw new Error('flaky');
      if (key === 'bad') throw new Error('always');
    },
    (key, _err, dropped) => failures.push([key, dropped]),
    { initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 },
  );
  q.add('a');
  q.add('b');
  q.add('b');
  q.add('flaky');
  q.add('b');
  q.add('bad');
  await until(t, 'retries settle', async () => failures.filter(([k]) => k === 'bad').length === 3 && seen.filter((k) => k === 'flaky').length === 3);
  await q.drained();
  t.equal(seen.filter((k) => k === 'b').length, 1, 'a queued key is queued once');
  t.same(failures.filter(([k]) => k === 'bad'), [['bad', false], ['bad', false], ['bad', true]]);
  q.add('bad');
  await q.close();
  q.add('after-close');
  await q.drained();
  t.notOk(seen.includes('after-close'));
});

/** A promise that settles after `depth` microtask hops. */
function hops(depth: number): Promise<void> {
  let p = Promise.resolve();
  for (let i = 0; i < depth; i++) p = p.then(() => undefined);
  return p;
}

t.test('RetryQueue: a key added as the worker finishes is still processed', async (t) => {
  // The second key is added a few microtasks after the first is processed, on a fresh queue per delay: one of the
  // delays lands after the worker found nothing pending and before its promise settled.
  const runs = [0, 1, 2, 3, 4, 5, 6, 7].map((depth) => {
    const seen: string[] = [];
    const q: RetryQueue = new RetryQueue(
      async (key) => {
        seen.push(key);
        if (key === 'first') void hops(depth).then(() => q.add('second'));
      },
      () => undefined,
    );
    q.add('first');
    return { q, seen };
  });
  await until(t, 'the second key processed at every delay', async () => runs.every((r) => r.seen.includes('second')), 1000);
  t.same(
    runs.map((r) => r.seen),
    runs.map(() => ['first', 'second']),
  );
  for (const { q } of runs) await q.drained();
});

t.test('controller survives list errors and stops on an aborted signal', async (t) => {
  const { ns } = setup(t);
  let calls = 0;
  const errors: unknown[] = [];
  const real = ns.namespaces;
  const flaky: NamespaceControllerOptions['namespaces'] = {
    newObject: () => real.newObject(),
    newList: () => real.newList(),
    convertToTable: (ctx, obj, opts) => real.convertToTable(ctx, obj, opts),
    get: (ctx, name, opts) => real.get(ctx, name, opts),
    watch: (ctx, opts) => real.watch(ctx, opts),
    update: (...args) => real.update(...args),
    delete: (...args) => real.delete(...args),
    list: async (ctx, opts) => {
      calls += 1;
      if (calls <= 2) throw new Error('list failed');
      return real.list(ctx, opts);
    },
  };
  const controller = new NamespaceController({
    namespaces: flaky,
    finalize: ns.finalize,
    resources: [],
    retry: { initialDelayMs: 5, maxDelayMs: 10 },
    resyncIntervalMs: 30,
    onError: (err) => errors.push(err),
  });
  controller.start();
  await until(t, 'a few resyncs', async () => calls >= 4);
  await controller.stop();
  t.equal(errors.length, 2);
  const aborted = new AbortController();
  aborted.abort();
  const idle = new NamespaceController({ namespaces: ns.namespaces, finalize: ns.finalize, resources: [] });
  idle.start(aborted.signal);
  idle.enqueue('nothing');
  await idle.stop();
  t.pass('stopped');
});
