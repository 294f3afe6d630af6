/** Admission through the handlers: mutating in the handler, validating via the storage callbacks. */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdmissionChain, type Attributes, type MutationInterface, newAdmissionForbidden, type Operation, type ValidationInterface } from '@apiserver/registry';
import { Container } from '@apiserver/restful';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { MemoryRest } from '../fixtures/memory-rest.js';

class Labeler implements MutationInterface {
  readonly seen: string[] = [];
  handles(op: Operation): boolean {
    return op !== 'DELETE';
  }
  admit(_ctx: unknown, a: Attributes): void {
    this.seen.push(`${a.operation}:${a.name}:${a.oldObject === undefined ? 'new' : 'old'}`);
    if (a.object !== undefined) a.object.metadata.labels = { ...(a.object.metadata.labels ?? {}), admitted: 'yes' };
  }
}

class Denier implements ValidationInterface {
  readonly seen: string[] = [];
  handles(): boolean {
    return true;
  }
  validate(_ctx: unknown, a: Attributes): void {
    this.seen.push(`${a.operation}:${a.name}`);
    const data = (a.object?.data ?? a.oldObject?.data ?? {}) as Record<string, string>;
    if (data.deny === 'true') {
      throw newAdmissionForbidden(a, new Error('denied by policy'));
    }
  }
}

t.test('admission', async (t) => {
  const labeler = new Labeler();
  const denier = new Denier();
  const container = new Container();
  const configmaps = new MemoryRest({ kind: 'ConfigMap', apiVersion: 'v1', resource: 'configmaps', singular: 'configmap', namespaced: true, allowCreateOnUpdate: true });
  new APIGroupVersion({
    root: '/api',
    groupVersion: { group: '', version: 'v1' },
    storage: { configmaps },
    scheme: newBuiltinScheme(),
    admission: new AdmissionChain([labeler, denier]),
  }).installREST(container);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.address() as AddressInfo;
  const call = (method: string, path: string, body?: string, ct = 'application/json') =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const headers = body === undefined ? {} : { 'Content-Type': ct, 'Content-Length': String(Buffer.byteLength(body)) };
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const base = '/api/v1/namespaces/a/configmaps';
  const created = await call('POST', base, JSON.stringify({ metadata: { name: 'x' }, data: { k: 'v' } }));
  t.equal(created.status, 201);
  t.match(created.json, { metadata: { labels: { admitted: 'yes' } } }, 'mutating admission ran before create');
  const denied = await call('POST', base, JSON.stringify({ metadata: { name: 'd' }, data: { deny: 'true' } }));
  t.equal(denied.status, 403);
  t.match(denied.json, { reason: 'Forbidden', message: /denied by policy/ });
  t.equal(configmaps.size, 1, 'denied object not stored');
  const updated = await call('PUT', `${base}/x`, JSON.stringify({ metadata: { name: 'x' }, data: { k: 'w' } }));
  t.equal(updated.status, 200);
  t.match(updated.json, { metadata: { labels: { admitted: 'yes' } } });
  const createdByPut = await call('PUT', `${base}/y`, JSON.stringify({ metadata: { name: 'y' } }));
  t.equal(createdByPut.status, 201);
  const patchDenied = await call('PATCH', `${base}/x`, JSON.stringify({ data: { deny: 'true' } }), 'application/merge-patch+json');
  t.equal(patchDenied.status, 403);
  const delDenied = await call('DELETE', `${base}/x`);
  t.equal(delDenied.status, 200, 'x has no deny flag');
  t.same(labeler.seen, ['CREATE:x:new', 'CREATE:d:new', 'UPDATE:x:old', 'CREATE:y:new', 'UPDATE:x:old']);
  t.same(denier.seen, ['CREATE:x', 'CREATE:d', 'UPDATE:x', 'CREATE:y', 'UPDATE:x', 'DELETE:x']);
});
