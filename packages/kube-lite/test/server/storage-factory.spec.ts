import { Cacher } from '@apiserver/storage';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { StorageFactory } from '../../src/server/storage-factory.js';

const configmaps = { group: '', resource: 'configmaps' };
const secrets = { group: '', resource: 'secrets' };
const deployments = { group: 'apps', resource: 'deployments' };

t.test('watch cache sizes: 0 leaves the resource undecorated, a size bounds its Cacher history', async (t) => {
  const factory = await StorageFactory.open({ type: 'memory', watchCacheSizes: new Map([['configmaps', 0], ['deployments.apps', 500]]) });
  t.teardown(() => factory.close());
  t.same(factory.configFor(configmaps), { resourcePrefix: '/configmaps', watchCache: undefined, etcdServers: undefined });
  t.same(factory.configFor(deployments), { resourcePrefix: '/deployments', watchCache: { historyCapacity: 500 }, etcdServers: undefined });
  t.same(factory.configFor(secrets).watchCache, {}, 'unlisted resources keep the default Cacher');
  t.notOk(factory.getRESTOptions(configmaps).storage instanceof Cacher, 'configmaps storage is not a Cacher');
  t.ok(factory.getRESTOptions(deployments).storage instanceof Cacher);
  t.ok(factory.getRESTOptions(secrets).storage instanceof Cacher);
  t.same(factory.watchCachedResources(), ['deployments.apps', 'secrets']);
});

t.test('--watch-cache=false wins over sizes', async (t) => {
  const factory = await StorageFactory.open({ type: 'memory', watchCache: false, watchCacheSizes: new Map([['secrets', 10]]) });
  t.teardown(() => factory.close());
  t.notOk(factory.getRESTOptions(secrets).storage instanceof Cacher);
  t.same(factory.watchCachedResources(), []);
});

t.test('etcd servers overrides need the etcd3 backend', async (t) => {
  await t.rejects(
    StorageFactory.open({ type: 'memory', etcdServersOverrides: [{ resource: { group: '', resource: 'events' }, servers: ['http://127.0.0.1:1'] }] }),
    /--etcd-servers-overrides applies to --storage-backend=etcd3 only/,
  );
});

t.test('a server with --watch-cache-sizes=configmaps#0 serves configmaps from undecorated storage', async (t) => {
  const kl = await startKubeLite({ watchCacheSizes: ['configmaps#0'] });
  t.teardown(() => kl.stop());
  const cached = kl.server.storageFactory.watchCachedResources();
  t.notOk(cached.includes('configmaps'), 'configmaps has no watch cache');
  t.ok(cached.includes('secrets') && cached.includes('deployments.apps'), 'other resources keep theirs');
  const ns = `${kl.url}/api/v1/namespaces/default/configmaps`;
  const created = await fetch(ns, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } }) });
  t.equal(created.status, 201);
  const list = (await (await fetch(ns)).json()) as { items: Array<{ metadata: { name: string } }> };
  t.same(list.items.map((i) => i.metadata.name), ['c'], 'reads go straight to storage');
});
