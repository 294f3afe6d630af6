import type { ApiObject } from '@apiserver/registry';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import {
  apiServiceAvailableHealthCheck,
  APIServiceCache,
  AUTOMANAGED_LABEL,
  AutoRegisterController,
  DEFAULT_API_VERSION_PRIORITIES,
  groupVersionsOfPaths,
  newAPIServiceStores,
} from '../../src/index.js';
import { eventually, fetchText, startAggregator } from '../fixtures.js';

t.test('groupVersionsOfPaths', async (t) => {
  t.same(groupVersionsOfPaths(['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/apis/x.io/v1beta1', '/healthz', '/apis/a/b/c']), [
    { group: '', version: 'v1' },
    { group: 'apps', version: 'v1' },
    { group: 'x.io', version: 'v1beta1' },
  ]);
});

t.test('auto-registration creates, repairs and removes local APIServices', async (t) => {
  const backend = new MemoryBackend();
  t.teardown(() => backend.close());
  const stores = newAPIServiceStores({ getRESTOptions: () => ({ resourcePrefix: '/apiservices', storage: backend.storage<ApiObject>() }) });
  const cache = new APIServiceCache(stores.apiServices);
  t.teardown(() => cache.stop());
  await cache.start();
  let paths = ['/api/v1', '/apis/apps/v1', '/apis/coordination.k8s.io/v1', '/apis/unlisted.example.com/v1'];
  const controller = new AutoRegisterController({
    store: stores.apiServices,
    apiServices: cache,
    listedPaths: () => paths,
    priorities: DEFAULT_API_VERSION_PRIORITIES,
    intervalMillis: 60_000,
  });
  t.teardown(() => controller.stop());
  await controller.start();
  const names = (): string[] => cache.list().map((s) => s.metadata?.name ?? '');
  t.ok(await eventually(() => names().length === 3));
  t.same(names(), ['v1.', 'v1.apps', 'v1.coordination.k8s.io'], 'group-versions without a priority are not registered');
  t.match(cache.get('v1.apps'), {
    metadata: { labels: { [AUTOMANAGED_LABEL]: 'onstart' } },
    spec: { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 },
  });

  // Someone edits a managed spec: the next sync restores it.
  const apps = (await stores.apiServices.get({}, 'v1.apps')) as ApiObject & { spec: Record<string, unknown> };
  const { defaultUpdatedObjectInfo } = await import('@apiserver/registry');
  await stores.apiServices.update({}, 'v1.apps', defaultUpdatedObjectInfo({ ...apps, spec: { ...apps.spec, versionPriority: 99 } }), undefined, undefined, false);
  t.ok(await eventually(() => cache.get('v1.apps')?.spec?.versionPriority === 99));
  await controller.sync();
  t.ok(await eventually(() => cache.get('v1.apps')?.spec?.versionPriority === 15));

  // The delegate stops serving coordination: its APIService goes; a user's APIService stays.
  await stores.apiServices.create({}, {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: 'v1.mine.example.com' },
    spec: { group: 'mine.example.com', version: 'v1', groupPriorityMinimum: 10, versionPriority: 10 },
  });
  paths = ['/api/v1', '/apis/apps/v1'];
  t.ok(await eventually(() => cache.get('v1.mine.example.com') !== undefined));
  await controller.sync();
  t.ok(await eventually(() => names().join() === 'v1.,v1.apps,v1.mine.example.com'));
});

t.test('autoregister-completion: ready once every registered APIService was seen Available', async (t) => {
  const backend = new MemoryBackend();
  t.teardown(() => backend.close());
  const stores = newAPIServiceStores({ getRESTOptions: () => ({ resourcePrefix: '/apiservices', storage: backend.storage<ApiObject>() }) });
  const cache = new APIServiceCache(stores.apiServices);
  t.teardown(() => cache.stop());
  const check = apiServiceAvailableHealthCheck('autoregister-completion', ['v1.b', 'v1.a'], cache);
  t.throws(() => check.check({} as never), { message: 'missing APIService: [v1.a v1.b]' });

  const f = await startAggregator();
  t.teardown(() => f.stop());
  t.ok(await eventually(async () => (await fetchText(`${f.url}/readyz/autoregister-completion`)).status === 200));
  const verbose = await fetchText(`${f.url}/readyz?verbose`);
  t.match(verbose.body, '[+]autoregister-completion ok');
  // A boot-sequence check upstream: on /healthz and /livez too, listed after the hook that starts registration.
  for (const endpoint of ['healthz', 'livez']) {
    const body = (await fetchText(`${f.url}/${endpoint}?verbose`)).body;
    t.match(body, /\[\+\]poststarthook\/kube-apiserver-autoregistration ok\n\[\+\]autoregister-completion ok\n/, `${endpoint}: after kube-apiserver-autoregistration`);
  }
});
