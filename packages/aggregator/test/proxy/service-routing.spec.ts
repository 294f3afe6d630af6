import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import { registryServiceGetter } from '../../src/index.js';
import { startSampleAPIServer } from '../sample-apiserver/server.js';
import { apiService, eventually, fetchText, json, post, startAggregator } from '../fixtures.js';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';

function store(backend: MemoryBackend, kind: string, resource: string): Store {
  const strategy = new GenericStrategy({ namespaceScoped: true });
  return new Store({
    newObject: () => ({ apiVersion: 'v1', kind, metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: `${kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource },
    singularQualifiedResource: { group: '', resource: kind.toLowerCase() },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: `/${resource}`,
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
}

t.test('default resolver: the Service port and its Endpoints, read from registry stores', async (t) => {
  const sample = await startSampleAPIServer();
  const backend = new MemoryBackend();
  const services = store(backend, 'Service', 'services');
  const endpoints = store(backend, 'Endpoints', 'endpoints');
  const f = await startAggregator({ autoRegister: false, serviceResolver: undefined, services: registryServiceGetter(services, endpoints), serviceScheme: 'http' });
  t.teardown(async () => {
    await f.stop();
    await sample.stop();
    backend.close();
  });
  const reason = async (): Promise<string | undefined> => {
    const obj = json(await fetchText(`${f.url}${APISERVICES}/v1alpha1.wardle.example.com`)) as { status?: { conditions?: Array<{ reason?: string }> } };
    return obj.status?.conditions?.[0]?.reason;
  };
  await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }));
  t.ok(await eventually(async () => (await reason()) === 'ServiceNotFound'));
  const ctx = { namespace: 'default' };
  await services.create(ctx, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'api' }, spec: { ports: [{ name: 'https', port: 443, targetPort: 9443 }] } });
  t.ok(await eventually(async () => (await reason()) === 'EndpointsNotFound'));
  const port = Number(new URL(sample.url).port);
  await endpoints.create(ctx, {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'api' },
    subsets: [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port }] }],
  });
  t.ok(await eventually(async () => (await reason()) === 'Passed'));
  const list = await fetchText(`${f.url}/apis/wardle.example.com/v1alpha1/namespaces/default/flunders`);
  t.equal(list.status, 200, list.body);
  t.match(json(list), { kind: 'FlunderList' });
  await endpoints.delete(ctx, 'api');
  t.ok(await eventually(async () => (await reason()) === 'EndpointsNotFound'));
  t.equal((await fetchText(`${f.url}/apis/wardle.example.com/v1alpha1/namespaces/default/flunders`)).status, 503);
});
