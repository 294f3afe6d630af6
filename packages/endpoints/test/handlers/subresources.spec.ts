/** GetterWithOptions (+ subpath), Connecter, NamedCreater and the restful bridge, through real HTTP. */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiObject, Connecter, GetterWithOptions, NamedCreater, OptionsSpec, RequestContext, ResourceStreamer, Responder, Storage } from '@apiserver/registry';
import { Container } from '@apiserver/restful';
import { CodecFactory, newBadRequest } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { statusServiceErrorHandler } from '../../src/service-error-handler.js';
import { MemoryRest } from '../fixtures/memory-rest.js';

class LogREST implements Storage, GetterWithOptions {
  newObject(): ApiObject {
    return { kind: 'ConfigMap', apiVersion: 'v1', metadata: {} };
  }
  destroy(): void {}
  newGetOptions(): OptionsSpec {
    return { newOptions: () => ({ container: '', follow: false, tailLines: 0, path: '' }), subpath: true, subpathKey: 'path', optional: ['tailLines'] };
  }
  async get(ctx: RequestContext, name: string, options: Record<string, unknown>): Promise<ApiObject> {
    return { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name, namespace: ctx.namespace ?? '' }, data: Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)])) };
  }
}

/** Streams `lines` lines (none: nothing to stream; `fail`: the stream cannot open) as `type`. */
class StreamREST implements Storage, GetterWithOptions {
  readonly seen: string[] = [];
  newObject(): ApiObject {
    return { kind: 'ConfigMap', apiVersion: 'v1', metadata: {} };
  }
  destroy(): void {}
  newGetOptions(): OptionsSpec {
    return { newOptions: () => ({ lines: 0, fail: false, type: '' }), subpath: false, subpathKey: '', optional: ['lines'] };
  }
  async get(_ctx: RequestContext, _name: string, options: Record<string, unknown>): Promise<ResourceStreamer> {
    return {
      inputStream: async (_ctx, apiVersion, accept) => {
        this.seen.push(`${apiVersion} ${accept}`);
        if (options.fail === true) throw newBadRequest('cannot stream');
        const lines = options.lines;
        if (typeof lines !== 'number') return { flush: false, contentType: 'text/plain' };
        const count = lines;
        async function* produce() {
          for (let i = 0; i < count; i++) yield Buffer.from(`line ${i}\n`);
        }
        return { stream: produce(), flush: true, contentType: String(options.type) };
      },
    };
  }
}

class ProxyREST implements Storage, Connecter {
  newObject(): ApiObject {
    return { kind: 'ConfigMap', metadata: {} };
  }
  destroy(): void {}
  newConnectOptions(): OptionsSpec {
    return { newOptions: () => ({ path: '', port: 0 }), subpath: true, subpathKey: 'path' };
  }
  connectMethods(): string[] {
    return ['GET', 'POST'];
  }
  async connect(_ctx: RequestContext, id: string, options: Record<string, unknown>, responder: Responder) {
    if (options.port === 13) throw newBadRequest('unlucky port');
    if (options.port === 7) {
      return () => responder.object(200, { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: id } });
    }
    if (options.port === 8) return () => responder.error(newBadRequest('responder error'));
    return (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`proxied ${id} ${String(options.path)} ${String(options.port)}`);
    };
  }
}

class EvictionREST implements Storage, NamedCreater {
  readonly seen: string[] = [];
  newObject(): ApiObject {
    return { kind: 'ConfigMap', apiVersion: 'v1', metadata: {} };
  }
  destroy(): void {}
  async createNamed(_ctx: RequestContext, name: string, obj: ApiObject): Promise<ApiObject> {
    this.seen.push(`${name}:${obj.metadata.uid ?? ''}`);
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } as unknown as ApiObject;
  }
  preserveRequestObjectMetaSystemFieldsOnSubresourceCreate(): boolean {
    return true;
  }
}

t.test('subresources', async (t) => {
  const scheme = newBuiltinScheme();
  const codecs = new CodecFactory(scheme);
  const container = new Container().serviceErrorHandler(statusServiceErrorHandler(codecs));
  const eviction = new EvictionREST();
  const streamer = new StreamREST();
  new APIGroupVersion({
    root: '/api',
    groupVersion: { group: '', version: 'v1' },
    storage: {
      configmaps: new MemoryRest({ kind: 'ConfigMap', apiVersion: 'v1', resource: 'configmaps', singular: 'configmap', namespaced: true }),
      'configmaps/log': new LogREST(),
      'configmaps/proxy': new ProxyREST(),
      'configmaps/stream': streamer,
      'configmaps/eviction': eviction,
    },
    scheme,
  }).installREST(container);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.address() as AddressInfo;
  const call = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; text: string; type?: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), type: res.headers['content-type'] }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const base = '/api/v1/namespaces/ns1/configmaps/c1';

  const log = await call('GET', `${base}/log?container=app&follow=true&tailLines=5`);
  t.equal(log.status, 200);
  t.same(JSON.parse(log.text).data, { container: 'app', follow: 'true', tailLines: '5', path: '' });
  const logPath = await call('GET', `${base}/log/a/b/`);
  t.equal(JSON.parse(logPath.text).data.path, '/a/b/', 'subpath with leading / and trailing / kept');
  const badTail = await call('GET', `${base}/log?tailLines=many`);
  t.equal(badTail.status, 400);
  t.notOk('tailLines' in JSON.parse((await call('GET', `${base}/log`)).text).data, 'an optional option the query does not name is absent (Go nil)');

  const streamed = await call('GET', `${base}/stream?lines=3&type=text/plain`);
  t.same([streamed.status, streamed.type, streamed.text], [200, 'text/plain', 'line 0\nline 1\nline 2\n'], 'a ResourceStreamer is copied');
  t.equal((await call('GET', `${base}/stream?lines=0`)).type, 'application/octet-stream', 'no content type names octet-stream');
  const nothing = await call('GET', `${base}/stream`);
  t.same([nothing.status, nothing.text, nothing.type], [204, '', undefined], 'nothing to stream: 204 No Content');
  const failed = await call('GET', `${base}/stream?fail=true`);
  t.same([failed.status, JSON.parse(failed.text).message], [400, 'cannot stream'], 'an error opening the stream is a Status');
  t.equal(streamer.seen[0], 'v1 ', 'the stream opens for the scope group-version and the Accept header');

  const proxied = await call('GET', `${base}/proxy/x/y?port=80`);
  t.equal(proxied.text, 'proxied c1 /x/y 80');
  const post = await call('POST', `${base}/proxy?port=81`, '{}');
  t.equal(post.text, 'proxied c1  81');
  const dry = await call('GET', `${base}/proxy?dryRun=All`);
  t.equal(dry.status, 400);
  t.match(JSON.parse(dry.text), { message: 'dryRun is not supported' });
  const refused = await call('GET', `${base}/proxy?port=13`);
  t.equal(refused.status, 400);
  const responded = await call('GET', `${base}/proxy?port=7`);
  t.match(JSON.parse(responded.text), { kind: 'ConfigMap', metadata: { name: 'c1' } });
  const responderError = await call('GET', `${base}/proxy?port=8`);
  t.equal(responderError.status, 400);
  const put = await call('PUT', `${base}/proxy`, '{}');
  t.equal(put.status, 405, 'only the connect methods are routed');

  const evicted = await call('POST', `${base}/eviction`, JSON.stringify({ metadata: { name: 'c1', uid: 'keep' } }));
  t.equal(evicted.status, 201);
  t.same(eviction.seen, ['c1:keep'], 'named create with the URL name; system fields preserved');
});

t.test('kinds outside the scheme negotiate JSON/YAML only', async (t) => {
  const scheme = newBuiltinScheme();
  const container = new Container();
  const widgets = new MemoryRest({ kind: 'Widget', apiVersion: 'example.com/v1', resource: 'widgets', group: 'example.com', singular: 'widget', namespaced: true });
  new APIGroupVersion({ root: '/apis', groupVersion: { group: 'example.com', version: 'v1' }, storage: { widgets }, scheme }).installREST(container);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.address() as AddressInfo;
  const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const h = body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: h }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const base = '/apis/example.com/v1/namespaces/a/widgets';
  const created = await call('POST', base, { 'Content-Type': 'application/json', Accept: 'application/vnd.kubernetes.protobuf,application/json' }, JSON.stringify({ metadata: { name: 'w' }, spec: { size: 1 } }));
  t.equal(created.status, 201);
  t.equal(created.type, 'application/json', 'JSON chosen from the second Accept clause');
  t.match(JSON.parse(created.text), { kind: 'Widget', apiVersion: 'example.com/v1', spec: { size: 1 } });
  const pbBody = await call('POST', base, { 'Content-Type': 'application/vnd.kubernetes.protobuf' }, 'k8s\u0000');
  t.equal(pbBody.status, 415);
  const pbOnly = await call('GET', `${base}/w`, { Accept: 'application/vnd.kubernetes.protobuf' });
  t.equal(pbOnly.status, 406);
});
