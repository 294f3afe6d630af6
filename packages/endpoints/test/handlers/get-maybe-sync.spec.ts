/**
 * GET through a MaybeSyncGetter (a registry Store, answered in the same turn) and through a plain Getter (the same
 * Store without getMaybeSync): the same status, headers and bytes, errors included, over a storage that answers at
 * once and one that waits (a transformer).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiObject, GenericStrategy, isMaybeSyncGetter, type Storage, Store } from '@apiserver/registry';
import { Container } from '@apiserver/restful';
import { CodecFactory } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { PrefixTransformer, type StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import t, { type Test } from 'tap';
import { EncodedObjectCache } from '../../src/handlers/encoded-object-cache.js';
import { APIGroupVersion } from '../../src/group-version.js';
import { statusServiceErrorHandler } from '../../src/service-error-handler.js';

function configmapStore(storage: StorageInterface<ApiObject>): Store {
  const strategy = new GenericStrategy({ namespaceScoped: true });
  return new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage,
    resourcePrefix: '/configmaps',
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
}

/** `store` with every method but getMaybeSync: what a GET handler sees as a plain Getter. */
function withoutMaybeSync(store: Store): Storage {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'getMaybeSync') return undefined;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (target, property) => property !== 'getMaybeSync' && Reflect.has(target, property),
  });
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Serves `storage` under /api/v1; returns a GET function giving status, headers (without Date) and body. */
async function serve(t: Test, storage: Storage, encodedObjects: boolean): Promise<(path: string, accept?: string) => Promise<Answer>> {
  const scheme = newBuiltinScheme();
  const codecs = new CodecFactory(scheme);
  const container = new Container().serviceErrorHandler(statusServiceErrorHandler(codecs));
  new APIGroupVersion({
    root: '/api',
    groupVersion: { group: '', version: 'v1' },
    storage: { configmaps: storage },
    scheme,
    codecs,
    ...(encodedObjects && { encodedObjects: new EncodedObjectCache({ maxBytes: 1 << 20 }) }),
  }).installREST(container);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return (path, accept) =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers: accept === undefined ? {} : { accept } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const { date: _date, ...headers } = res.headers;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      });
      req.on('error', reject);
      req.end();
    });
}

const requests: [string, string | undefined][] = [
  ['/api/v1/namespaces/ns1/configmaps/a', undefined],
  ['/api/v1/namespaces/ns1/configmaps/a', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/a?pretty=true', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/a', 'application/yaml'],
  ['/api/v1/namespaces/ns1/configmaps/a', 'application/vnd.kubernetes.protobuf'],
  ['/api/v1/namespaces/ns1/configmaps/a', 'application/json;as=Table;v=v1;g=meta.k8s.io'],
  ['/api/v1/namespaces/ns1/configmaps/a', 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io'],
  ['/api/v1/namespaces/ns1/configmaps/a?resourceVersion=0', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/missing', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/missing', 'application/yaml'],
  ['/api/v1/namespaces/ns1/configmaps/a?resourceVersion=99999', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/a?resourceVersion=abc', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/a?export=true', 'application/json'],
  ['/api/v1/namespaces/ns1/configmaps/a', 'text/html'],
  ['/api/v1/namespaces/Bad_NS/configmaps/a', 'application/json'],
];

for (const [what, transformer] of [
  ['storage answering at once', undefined],
  ['storage behind a transformer (promises)', new PrefixTransformer('k8s:enc:a:')],
] as const) {
  t.test(`GET via getMaybeSync and via get give the same answers: ${what}`, async (t) => {
    const backend = new MemoryBackend({ compactionIntervalMs: 0 });
    t.teardown(() => backend.close());
    const store = configmapStore(backend.storage<ApiObject>(transformer === undefined ? {} : { transformer }));
    t.ok(isMaybeSyncGetter(store) && !isMaybeSyncGetter(withoutMaybeSync(store)), 'one getter with the capability, one without');
    await store.create({ namespace: 'ns1' }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns1', labels: { app: 'web' } }, data: { k: 'v'.repeat(50) } });
    for (const encodedObjects of [true, false]) {
      const [direct, plain] = [await serve(t, store, encodedObjects), await serve(t, withoutMaybeSync(store), encodedObjects)];
      for (const [path, accept] of requests) {
        const [a, b] = [await direct(path, accept), await plain(path, accept)];
        t.same(a, b, `${path} (${accept ?? 'no Accept'}), encoded object cache ${encodedObjects}: ${a.status}`);
      }
      t.equal((await direct('/api/v1/namespaces/ns1/configmaps/missing', 'application/json')).status, 404);
    }
  });
}
