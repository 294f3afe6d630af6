// The full stack the server benchmarks run (bench/server.mjs, bench/profile-server.mjs): a GenericAPIServer with
// core/v1 configmaps on a MemoryBackend, populated through its own API, and raw HTTP helpers.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A ConfigMap whose data is about 1 KiB, as a client would create it. */
export function configMap(name, namespace) {
  const data = {};
  for (let i = 0; i < 8; i++) data[`key-${i}.properties`] = `setting.${i}=${'v'.repeat(100)}\n`;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels: { app: 'web', tier: 'frontend' } }, data };
}

/** A GenericAPIServer serving core/v1 configmaps from a MemoryBackend, not yet listening. */
export async function newFullServer(baselineRoot) {
  const load = (specifier, file) =>
    import(baselineRoot === undefined ? specifier : pathToFileURL(join(baselineRoot, 'packages', file)).href);
  const [{ GenericAPIServer }, { GenericStrategy, Store }, { newBuiltinScheme }, { MemoryBackend }] = await Promise.all([
    load('@apiserver/server', 'server/dist/index.js'),
    load('@apiserver/registry', 'registry/dist/index.js'),
    load('@apiserver/runtime/apis', 'runtime/dist/apis/index.js'),
    load('@apiserver/storage-memory', 'storage-memory/dist/index.js'),
  ]);
  const backend = new MemoryBackend();
  const strategy = new GenericStrategy({ namespaceScoped: true });
  const configmaps = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage: backend.storage(),
    resourcePrefix: '/configmaps',
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
  const server = new GenericAPIServer({ log: () => undefined });
  server.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps } },
    scheme: newBuiltinScheme(),
  });
  return server;
}

/** One request; resolves with status, headers (raw pairs) and body bytes. */
export function fetchRaw(port, method, path, body) {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Creates the GET object (`default/app-config`) and `listSize` objects in namespace `bulk`, through the server itself. */
export async function populate(port, listSize) {
  const post = async (namespace, name) => {
    const res = await fetchRaw(port, 'POST', `/api/v1/namespaces/${namespace}/configmaps`, JSON.stringify(configMap(name, namespace)));
    if (res.status !== 201) throw new Error(`populate ${namespace}/${name}: ${res.status} ${res.body}`);
  };
  await post('default', 'app-config');
  for (let i = 0; i < listSize; i++) await post('bulk', `app-config-${String(i).padStart(3, '0')}`);
}

/** The response the full stack gives for `path`, as bare node:http will replay it (Date is set by node). */
export async function captured(port, path) {
  const res = await fetchRaw(port, 'GET', path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  const headers = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i];
    if (!['date', 'connection', 'keep-alive'].includes(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]]);
  }
  return { headers, body: res.body.toString('base64') };
}
