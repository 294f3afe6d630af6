import { gzipSync, deflateSync } from 'node:zlib';
import t from 'tap';
import { defaultRequestContentType, registerEntityAccessor } from '../src/entity/entity-accessors.js';
import { Request } from '../src/request.js';
import { ServiceError } from '../src/service-error.js';
import { type Send, startServer } from './helpers/http.js';

/** Sends `send` to a server that runs `fn` on a Request and answers with its JSON result (or the error). */
async function withRequest(send: Send, fn: (req: Request) => Promise<unknown> | unknown, maxBodyBytes?: number) {
  const server = await startServer((raw, res) => {
    const req = new Request(raw, { pathParameters: { id: '7' }, maxBodyBytes });
    Promise.resolve()
      .then(() => fn(req))
      .then(
        (value) => res.end(JSON.stringify({ value: value ?? null })),
        (error: unknown) => res.end(JSON.stringify({ error: error instanceof ServiceError ? [error.code, error.message] : String(error) })),
      );
  });
  try {
    return JSON.parse((await server.send(send)).text) as { value?: unknown; error?: unknown };
  } finally {
    await server.close();
  }
}

t.test('parameters (request_test.go)', async (t) => {
  const r = await withRequest({ path: '/x?q=1&q=2&e=&sp=a+b%20c', headers: { 'X-Token': 'abc' } }, (req) => ({
    q: req.queryParameter('q'),
    qs: req.queryParameters('q'),
    missing: req.queryParameter('nope'),
    e: req.queryParameter('e'),
    sp: req.queryParameter('sp'),
    h: req.headerParameter('x-token'),
    H: req.headerParameter('X-Token'),
    nh: req.headerParameter('x-none'),
    id: req.pathParameter('id'),
    params: req.pathParameters(),
    unknown: req.pathParameter('other'),
    route: req.selectedRoute() ?? null,
    routePath: req.selectedRoutePath(),
  }));
  t.same(r.value, { q: '1', qs: ['1', '2'], missing: '', e: '', sp: 'a b c', h: 'abc', H: 'abc', nh: '', id: '7', params: { id: '7' }, unknown: '', route: null, routePath: '' });
  const attr = await withRequest({ path: '/' }, (req) => {
    const before = req.attribute('k') ?? 'none';
    req.setAttribute('k', 'v');
    return [before, req.attribute('k')];
  });
  t.same(attr.value, ['none', 'v'], 'TestSetAttribute');
});

t.test('readEntity (request_test.go, compress_test.go)', async (t) => {
  const json = { 'content-type': 'application/json' };
  const table: ReadonlyArray<{ name: string; send: Send; want: unknown }> = [
    { name: 'TestReadEntityJson', send: { method: 'POST', path: '/', headers: json, body: '{"Value":"42"}' }, want: { value: { Value: '42' } } },
    { name: 'TestReadEntityJsonCharset', send: { method: 'POST', path: '/', headers: { 'content-type': 'application/json; charset=UTF-8' }, body: '{"Value":"42"}' }, want: { value: { Value: '42' } } },
    { name: 'TestReadEntityJsonLong', send: { method: 'POST', path: '/', headers: json, body: '{"Value":4294967295}' }, want: { value: { Value: 4294967295 } } },
    { name: 'TestReadEntityUnkown', send: { method: 'POST', path: '/', headers: { 'content-type': 'application/rubbish' }, body: '{}' }, want: { error: [400, 'Unable to unmarshal content of type:application/rubbish'] } },
    { name: 'no content type', send: { method: 'POST', path: '/', body: '{}' }, want: { error: [400, 'Unable to unmarshal content of type:'] } },
    { name: 'TestGzipDecompressRequestBody', send: { method: 'POST', path: '/', headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync('{"a":1}') }, want: { value: { a: 1 } } },
    { name: 'TestZlibDecompressRequestBody', send: { method: 'POST', path: '/', headers: { ...json, 'content-encoding': 'deflate' }, body: deflateSync('{"a":2}') }, want: { value: { a: 2 } } },
    { name: 'broken gzip', send: { method: 'POST', path: '/', headers: { ...json, 'content-encoding': 'gzip' }, body: 'not gzip' }, want: { error: [400, 'unable to decode the gzip request body: incorrect header check'] } },
    { name: 'over the limit', send: { method: 'POST', path: '/', headers: json, body: 'x'.repeat(200) }, want: { error: [413, 'the request body is larger than 64 bytes'] } },
    { name: 'chunked over the limit', send: { method: 'POST', path: '/', headers: { ...json, 'transfer-encoding': 'chunked' }, body: 'x'.repeat(200) }, want: { error: [413, 'the request body is larger than 64 bytes'] } },
    { name: 'gzip bomb', send: { method: 'POST', path: '/', headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync(' '.repeat(10000)) }, want: { error: [413, 'the request body is larger than 64 bytes'] } },
  ];
  for (const row of table) {
    const r = await withRequest(row.send, async (req) => {
      const v = await req.readEntity();
      t.equal(await req.readEntity().then(() => 'again'), 'again', `${row.name}: body cached`);
      return v;
    }, 64);
    if (row.name === 'TestReadEntityJson') t.pass('read twice');
    t.same(r, row.want, row.name);
  }
  const invalid = await withRequest({ method: 'POST', path: '/', headers: json, body: '{x' }, (req) => req.readEntity());
  t.match(invalid, { error: [400, /JSON/] }, 'invalid JSON → 400');
  defaultRequestContentType('application/json');
  const fallback = await withRequest({ method: 'POST', path: '/', headers: { 'content-type': 'text/x-json' }, body: '[1]' }, (req) => req.readEntity());
  defaultRequestContentType('');
  t.same(fallback, { value: [1] }, 'DefaultRequestContentType');
});

t.test('bodyParameter (TestBodyParameter)', async (t) => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const r = await withRequest({ method: 'POST', path: '/?value1=query', headers: form, body: 'value1=foo&value2=bar' }, async (req) => [
    await req.bodyParameter('value1'),
    await req.bodyParameter('value2'),
    await req.bodyParameter('none'),
  ]);
  t.same(r.value, ['foo', 'bar', '']);
  const get = await withRequest({ path: '/?value1=query' }, (req) => req.bodyParameter('value1'));
  t.same(get.value, '', 'query is ignored');
  registerEntityAccessor('application/x-never', { read: () => 1, write: () => undefined });
  const json = await withRequest({ method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: '{}' }, (req) => req.bodyParameter('a'));
  t.same(json.value, '');
});

t.test('custom accessor reads (TestKeyValueEncoding)', async (t) => {
  registerEntityAccessor('application/kv', {
    read: (_req, body) => Object.fromEntries(body.toString().split('\n').filter(Boolean).map((l) => l.split('='))),
    write: () => undefined,
  });
  const r = await withRequest({ method: 'POST', path: '/', headers: { 'content-type': 'application/kv; charset=UTF-8' }, body: 'Name=Joe\nAge=7\n' }, (req) => req.readEntity());
  t.same(r.value, { Name: 'Joe', Age: '7' });
});

t.test('a body consumed before readEntity reads as empty', async (t) => {
  const r = await withRequest({ method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }, async (req) => {
    for await (const _chunk of req.raw) {
      // drain
    }
    return (await req.body()).length;
  });
  t.same(r.value, 0);
});

t.test('a client aborting mid-body rejects readEntity with a 400, no crash', async (t) => {
  const seen: unknown[] = [];
  const { request: httpRequest } = await import('node:http');
  const server = await startServer((raw, res) => {
    new Request(raw).readEntity().then(
      () => seen.push('resolved'),
      (error: unknown) => {
        seen.push(error instanceof ServiceError ? error.code : String(error));
        res.end();
      },
    );
  });
  t.teardown(() => server.close());
  const req = httpRequest({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/', headers: { 'content-type': 'application/json', 'content-length': '100' } });
  req.on('error', () => undefined);
  req.write('{"partial":');
  await new Promise((r) => setTimeout(r, 50));
  req.destroy();
  for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.same(seen, [400]);
});
