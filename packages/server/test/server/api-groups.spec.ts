import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import { APIGroupInfoError } from '../../src/server/api-group-info.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText, json } from '../helpers.js';

function store(backend: MemoryBackend, kind: string, apiVersion: string, group: string, resource: string, namespaced: boolean): Store {
  const strategy = new GenericStrategy({ namespaceScoped: namespaced });
  return new Store({
    newObject: () => ({ apiVersion, kind, metadata: {} }),
    newList: () => ({ apiVersion, kind: `${kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group, resource },
    singularQualifiedResource: { group, resource: kind.toLowerCase() },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: `/${resource}`,
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
}

t.test('API groups installed through the whole chain', async (t) => {
  const backend = new MemoryBackend();
  const scheme = newBuiltinScheme();
  const logs: string[] = [];
  const server = new GenericAPIServer({
    log: (m) => logs.push(m),
    panicLogger: () => undefined,
    watchTerminationGraceMillis: 50,
    shutdownTimeoutMillis: 2000,
  });
  server.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps: store(backend, 'ConfigMap', 'v1', '', 'configmaps', true) } },
    scheme,
  });
  server.installAPIGroup({
    prioritizedVersions: [
      { group: 'apps', version: 'v1' },
      { group: 'apps', version: 'v1beta1' },
    ],
    versionedResourcesStorageMap: {
      v1: new Map([['deployments', store(backend, 'Deployment', 'apps/v1', 'apps', 'deployments', true)]]),
      v1beta1: {},
    },
    scheme,
  });
  t.same(logs, ['Skipping API apps/v1beta1 because it has no resources.']);
  const [url = ''] = await server.listen({ port: 0 });

  const created = await fetchText(`${url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'one' }, data: { a: 'b' } }),
  });
  t.equal(created.status, 201, created.body);
  const got = await fetchText(`${url}/api/v1/namespaces/default/configmaps/one`);
  t.match(json(got), { kind: 'ConfigMap', metadata: { name: 'one', namespace: 'default' }, data: { a: 'b' } });
  const missing = await fetchText(`${url}/api/v1/namespaces/default/configmaps/nope`);
  t.same([missing.status, json(missing).message], [404, 'configmaps "nope" not found']);
  t.match(json(await fetchText(`${url}/api`)), { kind: 'APIVersions', versions: ['v1'] });
  t.match(json(await fetchText(`${url}/apis`)), { kind: 'APIGroupList', groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1' }] }] });
  t.match(json(await fetchText(`${url}/apis/apps`)), { kind: 'APIGroup', name: 'apps', preferredVersion: { groupVersion: 'apps/v1' } });
  t.match(json(await fetchText(`${url}/apis/apps/v1`)), { kind: 'APIResourceList', resources: [{ name: 'deployments' }] });
  const skipped = await fetchText(`${url}/apis/apps/v1beta1`);
  t.same([skipped.status, json(skipped).reason], [404, 'NotFound'], 'a skipped version is not served (the /apis/apps WebService answers)');
  t.equal((await fetchText(`${url}/apis/unknown.io/v1`)).status, 404);
  t.match(json(await fetchText(`${url}/`)).paths, ['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1']);
  const metrics = await fetchText(`${url}/metrics`);
  t.match(metrics.body, 'verb="POST",dry_run="",group="",version="v1",resource="configmaps",subresource="",scope="resource",component="apiserver",code="201"');

  // A watch from the installer does not know the shutdown signal: its stream is ended after the grace period.
  const watch = fetchText(`${url}/api/v1/namespaces/default/configmaps?watch=true`);
  while (server.inFlightRequests < 1) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 50));
  const started = Date.now();
  await server.shutdown();
  t.ok(Date.now() - started < 1500, 'shutdown did not wait for the watch timeout');
  const stream = await watch;
  t.equal(stream.status, 200);
  t.match(JSON.parse(stream.body.split('\n')[0] ?? ''), { type: 'ADDED', object: { metadata: { name: 'one' } } });
});

t.test('API group errors', async (t) => {
  const scheme = newBuiltinScheme();
  const server = new GenericAPIServer({ log: () => undefined });
  t.throws(
    () => server.installLegacyAPIGroup('/core', { prioritizedVersions: [{ group: '', version: 'v1' }], versionedResourcesStorageMap: {}, scheme }),
    new APIGroupInfoError('"/core" is not in the allowed legacy API prefixes: /api'),
  );
  t.throws(
    () => server.installAPIGroup({ prioritizedVersions: [{ group: '', version: 'v1' }], versionedResourcesStorageMap: {}, scheme }),
    new APIGroupInfoError('cannot register handler with an empty group'),
  );
  t.throws(
    () => server.installAPIGroups({ prioritizedVersions: [], versionedResourcesStorageMap: {}, scheme }),
    APIGroupInfoError,
  );
  t.throws(
    () => server.installAPIGroup({ prioritizedVersions: [{ group: 'apps', version: '' }], versionedResourcesStorageMap: {}, scheme }),
    new APIGroupInfoError('cannot register handler with an empty version for group apps'),
  );
  server.installAPIGroup({ prioritizedVersions: [{ group: 'batch', version: 'v1' }], versionedResourcesStorageMap: {}, scheme });
  t.same(server.handler.listedPaths(), ['/api', '/apis', '/healthz', '/livez', '/metrics', '/metrics/slis', '/openapi/v2', '/openapi/v3', '/openapi/v3/', '/readyz', '/version'], 'a group without resources is not listed');
});
