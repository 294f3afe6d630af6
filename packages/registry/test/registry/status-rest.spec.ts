import t, { type Test } from 'tap';
import { StatusREST } from '../../src/registry/status-rest.js';
import { MemoryBackend } from '@apiserver/storage-memory';
import type { ApiObject } from '../../src/rest/types.js';
import type { StoreOptions } from '../../src/registry/store-options.js';
import { Store } from '../../src/registry/store.js';
import { GenericStrategy } from '../../src/registry/strategies.js';
import { StatusStrategy } from '../../src/registry/status-strategy.js';
import { nsCtx, statusOf, widget } from '../fixtures.js';
import type { UpdatedObjectInfo } from '../../src/rest/rest.js';

function stores(t: Test): { store: Store; status: StatusREST } {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const strategy = new GenericStrategy({ namespaceScoped: true, statusField: 'status', trackGeneration: true });
  const options: StoreOptions = {
    newObject: () => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} }),
    newList: () => ({ apiVersion: 'example.com/v1', kind: 'WidgetList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: 'example.com', resource: 'widgets' },
    singularQualifiedResource: { group: 'example.com', resource: 'widget' },
    storage: backend.storage<ApiObject>(),
    strategies: { create: strategy, update: strategy, delete: strategy },
  };
  return { store: new Store(options), status: new StatusREST(options, new StatusStrategy(strategy)) };
}

const replace = (obj: ApiObject): UpdatedObjectInfo => ({ preconditions: () => undefined, updatedObject: () => Promise.resolve(obj) });

t.test('status: whole object on GET, only status changes on update, never creates', async (t) => {
  const { store, status } = stores(t);
  t.same(status.newObject(), { apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} });
  t.equal(status.namespaceScoped(), true);
  status.destroy();
  const created = await store.create(nsCtx(), widget('w1'));
  t.same(await status.get(nsCtx(), 'w1'), created, 'GET reads the whole object');
  const { object } = await status.update(nsCtx(), 'w1', replace({ ...created, spec: { size: 9 }, status: { ready: true } }), undefined, undefined, false);
  t.same(object.spec, { size: 1 }, 'spec changes are dropped');
  t.same(object.status, { ready: true }, 'status changes are kept');
  t.equal(object.metadata.generation, 1, 'a status update does not bump the generation');
  const missing = await statusOf(t, status.update(nsCtx(), 'nope', replace(widget('nope')), undefined, undefined, true));
  t.equal(missing.code, 404, 'forceAllowCreate is ignored: status never creates');
  const table = await status.convertToTable(nsCtx(), object);
  t.equal(table.rows?.length, 1, 'prints like the main resource');
});

t.test('status over an existing store (one with its own write steps) and a missing status strategy', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const strategy = new GenericStrategy({ namespaceScoped: true, statusField: 'status' });
  const options: StoreOptions = {
    newObject: () => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} }),
    newList: () => ({ apiVersion: 'example.com/v1', kind: 'WidgetList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: 'example.com', resource: 'widgets' },
    singularQualifiedResource: { group: 'example.com', resource: 'widget' },
    storage: backend.storage<ApiObject>(),
    strategies: { create: strategy, update: strategy, delete: strategy },
  };
  const main = new Store(options);
  const seen: string[] = [];
  class CountingStore extends Store {
    override update(...args: Parameters<Store['update']>): ReturnType<Store['update']> {
      seen.push(args[1]);
      return super.update(...args);
    }
  }
  const status = new StatusREST(new CountingStore({ ...options, strategies: { ...options.strategies, update: new StatusStrategy(strategy) } }));
  const created = await main.create(nsCtx(), widget('w2'));
  const { object } = await status.update(nsCtx(), 'w2', replace({ ...created, spec: { size: 5 }, status: { ok: 1 } }), undefined, undefined, false);
  t.same([object.spec, object.status], [{ size: 1 }, { ok: 1 }], 'the given store writes the status only');
  t.same(seen, ['w2'], "the store's own update ran");
  t.throws(() => new StatusREST(options, undefined as unknown as StatusStrategy), TypeError, 'options without a status strategy are refused');
});
