/**
 * End to end on real components: registry Store (with GenericStrategy) on the memory storage backend,
 * NamespaceLifecycle admission, the installer and handlers, over HTTP.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdmissionChain, type ApiObject, GenericStrategy, NamespaceLifecycle, Store } from '@apiserver/registry';
import { Container } from '@apiserver/restful';
import { CodecFactory, jsonWatchFrameReader, type WatchEventFrame } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { statusServiceErrorHandler } from '../../src/service-error-handler.js';

t.test('Store + memory backend + admission', async (t) => {
  const backend = new MemoryBackend();
  const scheme = newBuiltinScheme();
  const codecs = new CodecFactory(scheme);
  const cluster = new GenericStrategy({ namespaceScoped: false });
  const namespaced = new GenericStrategy({ namespaceScoped: true });
  const namespaces = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'NamespaceList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'namespaces' },
    singularQualifiedResource: { group: '', resource: 'namespace' },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: '/namespaces',
    strategies: { create: cluster, update: cluster, delete: cluster },
    shortNames: ['ns'],
  });
  const configmaps = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: '/configmaps',
    strategies: { create: namespaced, update: namespaced, delete: namespaced },
    shortNames: ['cm'],
  });
  const admission = new AdmissionChain([
    new NamespaceLifecycle(async (name) => namespaces.get({}, name).catch(() => undefined)),
  ]);
  const container = new Container().serviceErrorHandler(statusServiceErrorHandler(codecs));
  const installed = new APIGroupVersion({
    root: '/api',
    groupVersion: { group: '', version: 'v1' },
    storage: { namespaces, configmaps },
    scheme,
    codecs,
    admission,
  }).installREST(container);
  t.same(installed.apiResources.map((r) => [r.name, r.verbs.join(',')]), [
    ['configmaps', 'create,delete,deletecollection,get,list,patch,update,watch'],
    ['namespaces', 'create,delete,deletecollection,get,list,patch,update,watch'],
  ]);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    namespaces.destroy();
    configmaps.destroy();
  });
  const { port } = server.address() as AddressInfo;
  const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const h = body === undefined ? headers : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers };
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: h }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const base = '/api/v1/namespaces/team/configmaps';

  const noNs = await call('POST', base, JSON.stringify({ metadata: { name: 'c1' }, data: { a: '1' } }));
  t.equal(noNs.status, 404, 'NamespaceLifecycle: the namespace must exist');
  t.match(noNs.json, { reason: 'NotFound', message: 'namespaces "team" not found' });

  t.equal((await call('POST', '/api/v1/namespaces', JSON.stringify({ metadata: { name: 'team' } }))).status, 201);
  const created = await call('POST', base, JSON.stringify({ metadata: { name: 'c1' }, data: { a: '1' } }));
  t.equal(created.status, 201);
  t.match(created.json, { kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'team', uid: /./, resourceVersion: /^\d+$/ } });
  const generated = await call('POST', base, JSON.stringify({ metadata: { generateName: 'gen-' } }));
  t.match(generated.json, { metadata: { name: /^gen-[a-z0-9]{5}$/ } });
  const dup = await call('POST', base, JSON.stringify({ metadata: { name: 'c1' } }));
  t.equal(dup.status, 409);
  t.match(dup.json, { reason: 'AlreadyExists', message: 'configmaps "c1" already exists' });

  const rv = String((created.json.metadata as Record<string, unknown>).resourceVersion);
  const watchFrames: WatchEventFrame[] = [];
  const watchDone = new Promise<void>((resolve) => {
    const reader = jsonWatchFrameReader();
    const req = httpRequest({ host: '127.0.0.1', port, path: `${base}?watch=true&resourceVersion=${rv}&timeoutSeconds=20` }, (res) => {
      res.on('data', (c: Buffer) => {
        watchFrames.push(...reader.push(c));
        if (watchFrames.some((f) => f.type === 'DELETED')) req.destroy();
      });
      res.on('end', () => resolve());
      res.on('close', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
  });

  const page = await call('GET', `${base}?limit=1`);
  t.equal((page.json.items as unknown[]).length, 1);
  t.ok((page.json.metadata as Record<string, unknown>).continue, 'continue token');
  const next = await call('GET', `${base}?limit=1&continue=${encodeURIComponent(String((page.json.metadata as Record<string, unknown>).continue))}`);
  t.equal((next.json.items as unknown[]).length, 1);

  const patched = await call('PATCH', `${base}/c1`, JSON.stringify({ data: { b: '2' } }), { 'Content-Type': 'application/strategic-merge-patch+json' });
  t.equal(patched.status, 200);
  t.same(patched.json.data, { a: '1', b: '2' });
  const stale = await call('PUT', `${base}/c1`, JSON.stringify({ metadata: { name: 'c1', resourceVersion: rv }, data: {} }));
  t.equal(stale.status, 409);
  t.match(stale.json, { reason: 'Conflict' });
  const deleted = await call('DELETE', `${base}/c1`);
  t.equal(deleted.status, 200);
  t.match(deleted.json, { kind: 'Status', apiVersion: 'v1', status: 'Success', details: { name: 'c1', kind: 'configmaps' } });
  t.notOk('code' in deleted.json, 'the store\'s Status carries no code');
  t.equal((await call('GET', `${base}/c1`)).status, 404);

  await watchDone;
  t.same(watchFrames.map((f) => f.type), ['ADDED', 'MODIFIED', 'DELETED'], 'watch from the create RV sees later events');
  const notFound = await call('DELETE', `${base}/c1`);
  t.match(notFound.json, { reason: 'NotFound', details: { name: 'c1', kind: 'configmaps' } });
});
