/** The one error path: statusErrorOf mappings, 504 from the request timeout, 500s never leak stacks. */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiObject, Creater, Getter, RequestContext, RequestInfo, Scoper, SingularNameProvider, Storage } from '@apiserver/registry';
import { Container, ServiceError } from '@apiserver/restful';
import { DecodeError, NotAcceptableError, UnsupportedMediaTypeError } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { APIError, StorageError } from '@apiserver/storage';
import t from 'tap';
import { finishRequest } from '../../src/handlers/finisher.js';
import { statusErrorOf } from '../../src/handlers/status-of.js';
import { APIGroupVersion } from '../../src/group-version.js';

t.test('statusErrorOf', async (t) => {
  const cases: [string, unknown, number, string][] = [
    ['not acceptable', new NotAcceptableError(['application/json']), 406, 'NotAcceptable'],
    ['unsupported media', new UnsupportedMediaTypeError(['application/json']), 415, 'UnsupportedMediaType'],
    ['decode error', new DecodeError('bad'), 400, 'BadRequest'],
    ['storage API error', new APIError(410, 'Expired', 'too old', { causes: [{ type: 'X', message: 'm' }], retryAfterSeconds: 2 }), 410, 'Expired'],
    ['storage conflict', new StorageError('ResourceVersionConflicts', '/k', 5), 409, ''],
    ['service error', new ServiceError(413, 'too big'), 413, ''],
    ['plain error', new Error('boom'), 500, ''],
    ['thrown string', 'oops', 500, ''],
  ];
  for (const [name, err, code, reason] of cases) {
    const s = statusErrorOf(err);
    t.equal(s.code, code, `${name}: code`);
    t.equal(s.reason, reason, `${name}: reason`);
  }
  t.match(statusErrorOf(new APIError(410, 'Expired', 'x', { causes: [{ type: 'X', message: 'm' }], retryAfterSeconds: 2 })).status.details, { causes: [{ reason: 'X', message: 'm' }], retryAfterSeconds: 2 });
  // ErrorToAPIStatus's default case: the message as it is, no reason.
  t.same(statusErrorOf(new Error('boom')).status, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'boom', code: 500 });
  t.equal(statusErrorOf('oops').message, 'oops');
});

t.test('finishRequest', async (t) => {
  t.equal(await finishRequest(1, async () => 5), 5);
  await t.rejects(finishRequest(0.05, () => new Promise(() => undefined)), { code: 504, message: 'Timeout: request did not complete within requested timeout - context deadline exceeded' });
});

class SlowREST implements Storage, Scoper, SingularNameProvider, Creater, Getter {
  info: RequestInfo | undefined;
  newObject(): ApiObject {
    return { kind: 'ConfigMap', apiVersion: 'v1', metadata: {} };
  }
  destroy(): void {}
  namespaceScoped(): boolean {
    return true;
  }
  getSingularName(): string {
    return 'configmap';
  }
  create(): Promise<ApiObject> {
    return new Promise(() => undefined);
  }
  async get(ctx: RequestContext, name: string): Promise<ApiObject> {
    this.info = ctx.requestInfo;
    if (name === 'crash') throw new TypeError('cannot read properties of undefined');
    return { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name } };
  }
}

t.test('timeouts, internal errors and the request info given to storage', async (t) => {
  const storage = new SlowREST();
  const container = new Container();
  new APIGroupVersion({ root: '/api', groupVersion: { group: '', version: 'v1' }, storage: { configmaps: storage }, scheme: newBuiltinScheme(), requestTimeoutSeconds: 0.1 }).installREST(container);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.address() as AddressInfo;
  const call = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: body === undefined ? {} : { 'Content-Length': String(body.length) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const slow = await call('POST', '/api/v1/namespaces/a/configmaps', '{"metadata":{"name":"x"}}');
  t.equal(slow.status, 504);
  t.match(slow.json, { reason: 'Timeout', message: 'Timeout: request did not complete within requested timeout - context deadline exceeded' });
  const crash = await call('GET', '/api/v1/namespaces/a/configmaps/crash');
  t.equal(crash.status, 500);
  t.same(crash.json, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'cannot read properties of undefined',
    code: 500,
  });
  await call('GET', '/api/v1/namespaces/a/configmaps/x');
  t.match(storage.info, { isResourceRequest: true, verb: 'get', apiPrefix: 'api', apiGroup: '', apiVersion: 'v1', namespace: 'a', resource: 'configmaps', name: 'x', parts: ['configmaps', 'x'] });
});
