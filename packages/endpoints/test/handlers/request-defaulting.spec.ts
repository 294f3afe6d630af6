/**
 * Request bodies are defaulted by the scheme where upstream's defaulting codec defaults them: after decoding a
 * POST or PUT body, after applying a patch and after an apply, so managedFields record the defaulted fields for
 * the writing manager (not for an applier) and mutating admission sees them.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdmissionChain, type Attributes, type MutationInterface, type Operation } from '@apiserver/registry';
import { Container } from '@apiserver/restful';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { MemoryRest } from '../fixtures/memory-rest.js';

/** Records what mutating admission saw of `data.mode`. */
class ModeWatcher implements MutationInterface {
  readonly seen: string[] = [];
  handles(op: Operation): boolean {
    return op !== 'DELETE';
  }
  admit(_ctx: unknown, a: Attributes): void {
    this.seen.push(`${a.operation}:${String((a.object?.data as Record<string, unknown> | undefined)?.mode)}`);
  }
}

type Reply = { status: number; json: Record<string, unknown> };

t.test('bodies, patches and applies are defaulted before managedFields and admission', async (t) => {
  const scheme = newBuiltinScheme();
  // A made-up default for the test: ConfigMaps without `data.mode` get `data.mode: auto`.
  scheme.addDefaultingFunc({ group: '', version: 'v1', kind: 'ConfigMap' }, (obj) => {
    const data = (obj.data ??= {}) as Record<string, unknown>;
    data.mode ??= 'auto';
  });
  const watcher = new ModeWatcher();
  const container = new Container();
  const configmaps = new MemoryRest({ kind: 'ConfigMap', apiVersion: 'v1', resource: 'configmaps', singular: 'configmap', namespaced: true, allowCreateOnUpdate: true });
  new APIGroupVersion({ root: '/api', groupVersion: { group: '', version: 'v1' }, storage: { configmaps }, scheme, admission: new AdmissionChain([watcher]) }).installREST(
    container,
  );
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.address() as AddressInfo;
  const call = (method: string, path: string, body: string, ct = 'application/json') =>
    new Promise<Reply>((resolve, reject) => {
      const headers = { 'Content-Type': ct, 'Content-Length': String(Buffer.byteLength(body)) };
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const fieldsOf = (r: Reply, manager: string) =>
    ((r.json.metadata as { managedFields?: Array<Record<string, unknown>> }).managedFields ?? []).find((e) => e.manager === manager)?.fieldsV1;
  const base = '/api/v1/namespaces/a/configmaps';

  const created = await call('POST', `${base}?fieldManager=maker`, JSON.stringify({ metadata: { name: 'c' }, data: { k: 'v' } }));
  t.equal(created.status, 201);
  t.same(created.json.data, { k: 'v', mode: 'auto' }, 'the created object is defaulted');
  t.same(fieldsOf(created, 'maker'), { 'f:data': { '.': {}, 'f:k': {}, 'f:mode': {} } }, 'the creating manager owns the default');

  const put = await call('PUT', `${base}/c?fieldManager=editor`, JSON.stringify({ metadata: { name: 'c' }, data: { k: 'w' } }));
  t.equal(put.status, 200);
  t.same(put.json.data, { k: 'w', mode: 'auto' }, 'a PUT body without the field is defaulted again');
  t.same(fieldsOf(put, 'editor'), { 'f:data': { 'f:k': {} } }, 'the default is no change for the updater');

  const merged = await call('PATCH', `${base}/c?fieldManager=patcher`, JSON.stringify({ data: { mode: null, k: 'x' } }), 'application/merge-patch+json');
  t.equal(merged.status, 200);
  t.same(merged.json.data, { k: 'x', mode: 'auto' }, 'a patch removing the field gets the default back');

  const applied = await call('PATCH', `${base}/n?fieldManager=applier`, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n' }, data: { k: 'v' } }), 'application/apply-patch+yaml');
  t.equal(applied.status, 201);
  t.same(applied.json.data, { k: 'v', mode: 'auto' }, 'an applied object is defaulted');
  t.same(fieldsOf(applied, 'applier'), { 'f:data': { 'f:k': {} } }, 'the applier owns only what it applied');

  t.same(watcher.seen, ['CREATE:auto', 'UPDATE:auto', 'UPDATE:auto', 'CREATE:auto'], 'mutating admission saw every object defaulted');
});
