import type { ApiList, ApiObject, RequestContext } from '@apiserver/registry';
import { isNotFound, newInternalError } from '@apiserver/runtime';
import type { Watch, WatchEvent } from '@apiserver/storage';
import t from 'tap';
import { ListWatcher } from '../../../src/controllers/list-watch.js';
import { ServiceAccountsController } from '../../../src/controllers/serviceaccount/serviceaccounts-controller.js';
import { newNamespaceREST } from '../../../src/registry/core/namespace/storage.js';
import { newServiceAccountStore } from '../../../src/registry/core/serviceaccount/storage.js';
import { ctxIn, memoryGetter } from '../../registry/core/core-fixtures.js';
import { until } from '../until.js';


async function hasDefault(sa: ReturnType<typeof newServiceAccountStore>, ns: string): Promise<boolean> {
  return sa.get(ctxIn(ns), 'default').then(
    () => true,
    (err: unknown) => {
      if (isNotFound(err)) return false;
      throw err;
    },
  );
}

t.test('default service account in every active namespace, recreated after deletion', async (t) => {
  const getter = memoryGetter(t);
  const { namespaces } = newNamespaceREST(getter);
  const serviceAccounts = newServiceAccountStore(getter);
  await namespaces.create({}, { metadata: { name: 'early' } });
  await namespaces.create({}, { metadata: { name: 'going' } });
  await namespaces.delete({}, 'going');
  const errors: unknown[] = [];
  const controller = new ServiceAccountsController({ namespaces, serviceAccounts, onError: (e) => errors.push(e), retry: { initialDelayMs: 5 } });
  controller.start();
  controller.start();
  t.teardown(() => controller.stop());
  await until(t, 'default SA in the listed namespace', () => hasDefault(serviceAccounts, 'early'));
  await namespaces.create({}, { metadata: { name: 'late' } });
  await until(t, 'default SA in the watched namespace', () => hasDefault(serviceAccounts, 'late'));
  await serviceAccounts.delete(ctxIn('late'), 'default');
  await until(t, 'default SA recreated', () => hasDefault(serviceAccounts, 'late'));
  t.notOk(await hasDefault(serviceAccounts, 'going'), 'terminating namespaces get none');
  await serviceAccounts.create(ctxIn('early'), { metadata: { name: 'other' } });
  await serviceAccounts.delete(ctxIn('early'), 'other');
  await controller.syncNamespace('missing');
  await controller.stop();
  await controller.stop();
  t.same(errors, []);
});

t.test('sync errors are retried and reported; AlreadyExists is fine; aborted signal', async (t) => {
  const getter = memoryGetter(t);
  const { namespaces } = newNamespaceREST(getter);
  const real = newServiceAccountStore(getter);
  await namespaces.create({}, { metadata: { name: 'a' } });
  let creates = 0;
  const racing = {
    get: (ctx: RequestContext, name: string) => real.get(ctx, name),
    list: (ctx: RequestContext) => real.list(ctx, {}),
    newList: () => real.newList(),
    convertToTable: real.convertToTable.bind(real),
    watch: (ctx: RequestContext) => real.watch(ctx, {}),
    newObject: () => real.newObject(),
    create: async (ctx: RequestContext, obj: ApiObject) => {
      creates += 1;
      if (creates === 1) throw newInternalError('etcd hiccup');
      await real.create(ctx, structuredClone(obj));
      return real.create(ctx, obj);
    },
  };
  const errors: unknown[] = [];
  const controller = new ServiceAccountsController({ namespaces, serviceAccounts: racing, names: ['default'], resyncIntervalMs: 0, onError: (e) => errors.push(e), retry: { initialDelayMs: 5 } });
  controller.start();
  await until(t, 'default created after a retry', () => hasDefault(real, 'a'));
  await controller.stop();
  t.equal(errors.length, 1);
  const aborted = new AbortController();
  aborted.abort();
  const idle = new ServiceAccountsController({ namespaces, serviceAccounts: real });
  idle.start(aborted.signal);
  await idle.stop();
  const broken = new ServiceAccountsController({
    namespaces: { ...racing, get: () => Promise.reject(newInternalError('down')) },
    serviceAccounts: real,
  });
  await t.rejects(broken.syncNamespace('a'), /down/);
});

t.test('ListWatcher: watch ERROR events and failing lists are reported, an expired watch re-lists quietly, bookmarks skipped', async (t) => {
  let lists = 0;
  let watches = 0;
  const seen: string[] = [];
  const errors: string[] = [];
  const status = (code: number, reason: string, message: string) => ({ kind: 'Status' as const, apiVersion: 'v1' as const, status: 'Failure' as const, message, reason, code, metadata: {} });
  // The first watch ends with 410 Expired (as client-go's reflector, re-list without an error), the next with a 500.
  const eventsOf = (n: number): WatchEvent<ApiObject>[] => [
    { type: 'BOOKMARK', object: { metadata: { resourceVersion: '5' } } },
    { type: 'ADDED', object: { metadata: { name: `x${n}` } } },
    { type: 'ERROR', object: n === 1 ? status(410, 'Expired', 'too old resource version: 1 (3)') : status(500, 'InternalError', 'broken') },
  ];
  const source = {
    list: async (): Promise<ApiList> => {
      lists += 1;
      if (lists === 3) throw new Error('list down');
      return { metadata: { resourceVersion: '1' }, items: [{ metadata: { name: `listed-${lists}` } }] };
    },
    watch: async (): Promise<Watch<ApiObject>> => {
      watches += 1;
      const events = eventsOf(watches);
      let i = 0;
      const w: Watch<ApiObject> = {
        stop: () => {
          i = events.length;
        },
        [Symbol.asyncIterator]: () => ({
          next: async (): Promise<IteratorResult<WatchEvent<ApiObject>>> => {
            const value = events[i++];
            return value === undefined ? { done: true, value: undefined } : { done: false, value };
          },
        }),
      };
      return w;
    },
  };
  const abort = new AbortController();
  const lw = new ListWatcher(source, (type, obj) => seen.push(`${type}:${obj.metadata.name}`), {
    retry: { initialDelayMs: 1, maxDelayMs: 2 },
    onError: (err) => errors.push(err instanceof Error ? err.message : String(err)),
  });
  const running = lw.run(abort.signal);
  await until(t, 'four lists', async () => lists >= 4);
  abort.abort();
  await running;
  t.same(seen.slice(0, 4), ['LISTED:listed-1', 'ADDED:x1', 'LISTED:listed-2', 'ADDED:x2'], 'the expired watch was followed by a new list');
  t.same(errors.slice(0, 2), ['watch failed: broken', 'list down'], 'the 410 was not reported; the 500 and the failed list were');
});
