import { gunzipSync, inflateSync } from 'node:zlib';
import t from 'tap';
import { Container } from '../src/container.js';
import { ConfigurationError } from '../src/configuration-error.js';
import type { FilterFunction } from '../src/filter-chain.js';
import { setLogger } from '../src/log.js';
import { RouterJSR311 } from '../src/routers/jsr311/router-jsr311.js';
import { ServiceError } from '../src/service-error.js';
import { WebService } from '../src/web-service.js';
import { type Reply, startServer } from './helpers/http.js';
import { FirstRouteRouter } from './fixtures/first-route-router.js';

const logged: string[] = [];

function tracing(name: string): FilterFunction {
  return async (req, resp, chain) => {
    resp.write(`${name}-`);
    await chain.processFilter(req, resp);
  };
}

function usersService(): WebService {
  const ws = new WebService().path('/users').consumes('application/json').produces('application/json');
  ws.route(ws.get('/{id}').to((req, resp) => resp.writeEntity({ id: req.pathParameter('id') })));
  ws.route(ws.put('/{id}').to((_req, resp) => resp.writeHeader(204)));
  ws.route(ws.delete('/{id}').to((_req, resp) => resp.writeHeader(204)));
  ws.route(ws.post('').to((_req, resp) => resp.writeHeader(201)));
  return ws;
}

t.test('routing errors through Container.dispatch (§2.2 bodies, Allow, text/plain)', async (t) => {
  const container = new Container().add(usersService());
  const server = await startServer(container.handler());
  t.teardown(() => server.close());
  const cases: ReadonlyArray<{ name: string; method?: string; path: string; headers?: Record<string, string>; body?: string; status: number; text: string; allow?: string }> = [
    { name: 'found', path: '/users/7', status: 200, text: '{\n "id": "7"\n}' },
    { name: 'no webservice', path: '/nothing/here', status: 404, text: '404: Page Not Found' },
    { name: 'no route path', path: '/users/7/extra', status: 404, text: '404: Page Not Found' },
    { name: 'method not allowed', method: 'PATCH', path: '/users/7', status: 405, text: '405: Method Not Allowed', allow: 'GET, PUT, DELETE' },
    { name: 'not acceptable', path: '/users/7', headers: { accept: 'text/html' }, status: 406, text: '406: Not Acceptable\n\nAvailable representations: application/json' },
    { name: 'unsupported media with body', method: 'PUT', path: '/users/7', headers: { 'content-type': 'text/plain' }, body: 'x', status: 415, text: '415: Unsupported Media Type' },
    { name: 'POST without body nor type', method: 'POST', path: '/users', status: 415, text: '415: Unsupported Media Type\n\nAvailable representations: ' },
    { name: 'GET without content type is fine', path: '/users/1', headers: { accept: '*/*' }, status: 200, text: '{\n "id": "1"\n}' },
    { name: 'decoded path params', path: '/users/a%20b', status: 200, text: '{\n "id": "a b"\n}' },
    { name: 'malformed escape', path: '/users/%zz', status: 400, text: 'invalid URL escape "%zz"' },
    { name: 'truncated escape', path: '/users/%4', status: 400, text: 'invalid URL escape "%4"' },
  ];
  for (const c of cases) {
    const r = await server.send({ method: c.method, path: c.path, headers: c.headers, body: c.body });
    t.equal(r.status, c.status, `${c.name}: status`);
    t.equal(r.text, c.text, `${c.name}: body`);
    if (c.status >= 400) t.equal(r.headers['content-type'], 'text/plain; charset=utf-8', `${c.name}: text/plain`);
    if (c.allow !== undefined) t.equal(r.headers.allow, c.allow, `${c.name}: Allow`);
  }
});

t.test('filter order and scope (go-restful filter_test.go)', async (t) => {
  const build = (withContainer: boolean, withService: boolean, withRoute: boolean): Container => {
    const ws = new WebService().path('/');
    if (withService) ws.filter(tracing('service'));
    const foo = ws.get('/foo').to((_req, resp) => resp.write('foo'));
    if (withRoute) foo.filter(tracing('route'));
    ws.route(foo);
    ws.route(ws.get('/bar').to((_req, resp) => resp.write('bar')));
    const c = new Container().add(ws);
    if (withContainer) c.filter(tracing('global'));
    return c;
  };
  const table = [
    { name: 'TestNoFilter', c: build(false, false, false), path: '/foo', body: 'foo' },
    { name: 'TestGlobalFilter', c: build(true, false, false), path: '/foo', body: 'global-foo' },
    { name: 'TestWebServiceFilter', c: build(true, true, false), path: '/foo', body: 'global-service-foo' },
    { name: 'TestRouteFilter', c: build(true, true, true), path: '/foo', body: 'global-service-route-foo' },
    { name: 'TestRouteFilterOnly', c: build(false, false, true), path: '/foo', body: 'route-foo' },
    { name: 'TestBar', c: build(false, true, true), path: '/bar', body: 'service-bar' },
    { name: 'TestAllFiltersBar', c: build(true, true, true), path: '/bar', body: 'global-service-bar' },
    { name: 'error path runs container filters only', c: build(true, true, true), path: '/zzz/q', body: 'global-404: Page Not Found' },
  ];
  for (const row of table) {
    const server = await startServer(row.c.handler());
    const r = await server.send({ path: row.path });
    t.equal(r.text, row.body, row.name);
    await server.close();
  }
});

t.test('filter chain semantics', async (t) => {
  const ws = new WebService().path('/');
  let handlerRuns = 0;
  const twice: FilterFunction = (req, resp, chain) => {
    void chain.processFilter(req, resp);
    void chain.processFilter(req, resp);
  };
  const unawaited: FilterFunction = (req, resp, chain) => {
    void chain.processFilter(req, resp);
  };
  ws.route(ws.get('/twice').filter(twice).to((_req, resp) => {
    handlerRuns++;
    resp.write('h');
  }));
  ws.route(ws.get('/stop').filter(() => undefined).to((_req, resp) => resp.write('never')));
  ws.route(ws.get('/deny').filter((_req, resp) => resp.writeErrorString(401, 'no')).to((_req, resp) => resp.write('never')));
  ws.route(ws.get('/post').filter(async (req, resp, chain) => {
    await chain.processFilter(req, resp);
    resp.header().set('X-After', 'lost');
    resp.write('-post');
  }).to(async (_req, resp) => {
    await new Promise((r) => setTimeout(r, 5));
    resp.write('handler');
  }));
  ws.route(ws.get('/sync-filter-async-handler').filter(unawaited).to(async (_req, resp) => {
    await new Promise((r) => setTimeout(r, 5));
    resp.write('late');
  }));
  ws.route(ws.get('/attr').filter((req, resp, chain) => {
    req.setAttribute('who', 'filter');
    return chain.processFilter(req, resp);
  }).to((req, resp) => resp.write(String(req.attribute('who')))));
  const server = await startServer(new Container().add(ws).handler());
  t.teardown(() => server.close());
  t.equal((await server.send({ path: '/twice' })).text, 'hh', 'a second processFilter goes straight to the target');
  t.equal(handlerRuns, 2);
  const stop = await server.send({ path: '/stop' });
  t.same([stop.status, stop.text, stop.headers['content-length']], [200, '', '0'], 'filter not continuing → 200 empty');
  t.same([(await server.send({ path: '/deny' })).status], [401]);
  const post = await server.send({ path: '/post' });
  t.equal(post.text, 'handler-post', 'post-processing after an async handler');
  t.equal(post.headers['x-after'], undefined, 'headers set after the body was written are lost');
  t.equal((await server.send({ path: '/sync-filter-async-handler' })).text, 'late', 'the container waits for an un-awaited chain');
  t.equal((await server.send({ path: '/attr' })).text, 'filter');
});

t.test('panics: recovery off destroys the socket, on writes 500', async (t) => {
  // Set here, not at import: in the folder suite every spec's module code runs before the first test.
  setLogger({ print: (m) => logged.push(m) });
  const ws = new WebService().path('/p');
  ws.route(ws.get('/sync').to(() => {
    throw new Error('boom');
  }));
  ws.route(ws.get('/async').to(async () => {
    await Promise.resolve();
    throw new Error('later');
  }));
  ws.route(ws.get('/partial').to((_req, resp) => {
    resp.write('partial');
    throw new Error('after write');
  }));
  const unawaited: FilterFunction = (req, resp, chain) => {
    void chain.processFilter(req, resp);
  };
  ws.route(ws.get('/orphan').filter(unawaited).to(async () => {
    throw new Error('orphan');
  }));
  ws.route(ws.get('/ok').to((_req, resp) => resp.write('ok')));
  const container = new Container().add(ws);
  const server = await startServer(container.handler());
  t.teardown(() => server.close());
  for (const path of ['/p/sync', '/p/async', '/p/orphan']) {
    await t.rejects(server.send({ path }), `${path}: connection dropped without recovery`);
  }
  t.ok(logged.some((m) => m.includes('boom')), 'panic logged');
  t.equal((await server.send({ path: '/p/ok' })).text, 'ok', 'server survives');
  container.doNotRecover(false);
  for (const [path, reason] of [['/p/sync', 'boom'], ['/p/async', 'later'], ['/p/orphan', 'orphan']] as const) {
    const r = await server.send({ path });
    t.equal(r.status, 500, `${path}: 500`);
    t.ok(r.text.startsWith(`recover from panic situation: - ${reason}\r\n    `), `${path}: go-restful body`);
    t.match(r.headers['content-type'], /^text\/plain/);
  }
  const partial = await server.send({ path: '/p/partial' });
  t.equal(partial.status, 200, 'status stays 200 after a write');
  t.ok(partial.text.startsWith('partialrecover from panic situation: - after write'));
  container.recoverHandler((reason, resp) => {
    resp.writeErrorString(503, `custom: ${String(reason instanceof Error ? reason.message : reason)}`);
  });
  const custom = await server.send({ path: '/p/sync' });
  t.same([custom.status, custom.text], [503, 'custom: boom']);
  container.recoverHandler(() => {
    throw new Error('recover handler fails');
  });
  await t.rejects(server.send({ path: '/p/sync' }), 'a failing recover handler drops the connection');
});

t.test('registration errors are typed, never os.Exit', async (t) => {
  const c = new Container().add(new WebService().path('/a'));
  t.throws(() => c.add(new WebService().path('/a')), ConfigurationError);
  const ws = new WebService();
  c.add(ws);
  t.equal(ws.rootPath(), '/', 'a WebService without root gets /');
  t.throws(() => ws.route(ws.get('/x')), { code: 'MissingRouteFunction' });
  t.same(c.registeredWebServices().map((w) => w.rootPath()), ['/a', '/']);
});

t.test('remove keeps other services working (fix over go-restful)', async (t) => {
  const a = new WebService().path('/a');
  a.route(a.get('').to((_q, r) => r.write('a')));
  const b = new WebService().path('/b');
  b.route(b.get('').to((_q, r) => r.write('b')));
  const c = new Container().add(a).add(b);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  c.remove(a);
  t.equal((await server.send({ path: '/a' })).status, 404);
  t.equal((await server.send({ path: '/b' })).text, 'b');
  t.equal(c.registeredWebServices().length, 1);
});

t.test('handle and handleWithFilter (ServeMux-like, for paths no WebService owns)', async (t) => {
  const ws = new WebService().path('/api');
  ws.route(ws.get('/x').to((_q, r) => r.write('restful')));
  const c = new Container().add(ws);
  c.handle('/healthz', (_req, res) => {
    res.end('ok');
  });
  c.handle('/static/', async (req, res) => {
    await Promise.resolve();
    res.setHeader('content-type', 'text/plain');
    res.end(`static ${req.url}`);
  });
  c.handleWithFilter('/filtered', (req, res) => {
    res.end(`filtered ${String(req.headers['x-seen'])}`);
  });
  c.filter((req, resp, chain) => {
    req.raw.headers['x-seen'] = 'yes';
    resp.header().set('X-Container', '1');
    return chain.processFilter(req, resp);
  });
  c.handle('/api/', (_req, res) => {
    res.end('shadowed');
  });
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  t.equal((await server.send({ path: '/healthz' })).text, 'ok');
  t.equal((await server.send({ path: '/healthz/' })).status, 404, 'exact pattern');
  t.equal((await server.send({ path: '/static/a/b.txt' })).text, 'static /static/a/b.txt');
  t.equal((await server.send({ path: '/static/' })).text, 'static /static/');
  const f = await server.send({ path: '/filtered' });
  t.same([f.text, f.headers['x-container']], ['filtered yes', '1'], 'filters added after handleWithFilter run too');
  t.equal((await server.send({ path: '/healthz' })).headers['x-container'], undefined, 'handle skips filters');
  t.equal((await server.send({ path: '/api/x' })).text, 'restful', 'WebService roots win');
  t.equal((await server.send({ path: '/api/zz' })).status, 404, 'owned paths never reach the mux');
});

t.test('compression (§5) on Dispatch', async (t) => {
  const ws = new WebService().path('/z');
  ws.route(ws.get('/text').to((_q, r) => r.write('Hello World')));
  ws.route(ws.get('/off').contentEncodingEnabled(false).to((_q, r) => r.write('plain')));
  ws.route(ws.get('/pre').to((_q, r) => {
    r.write('pre');
  }));
  ws.route(ws.get('/empty').to(() => undefined));
  ws.route(ws.get('/big').to((_q, r) => {
    for (let i = 0; i < 200; i++) r.write('0123456789abcdefghij'.repeat(5));
    r.flush();
  }));
  const c = new Container().add(ws).enableContentEncoding(true);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const gz = await server.send({ path: '/z/text', headers: { 'accept-encoding': 'gzip,deflate' } });
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.equal(gunzipSync(gz.body).toString(), 'Hello World');
  t.equal(gz.headers['content-length'], String(gz.body.length), 'Content-Length of the compressed bytes');
  t.equal(gz.headers.vary, undefined, 'no Vary, as go-restful');
  const df = await server.send({ path: '/z/text', headers: { 'accept-encoding': 'deflate,gzip' } });
  t.equal(df.headers['content-encoding'], 'deflate');
  t.equal(inflateSync(df.body).toString(), 'Hello World', 'deflate is zlib format');
  const none = await server.send({ path: '/z/text' });
  t.same([none.headers['content-encoding'], none.text], [undefined, 'Hello World']);
  const refused = await server.send({ path: '/z/text', headers: { 'accept-encoding': 'gzip;q=0' } });
  t.same([refused.headers['content-encoding'], refused.text], [undefined, 'Hello World'], 'gzip;q=0 is honoured (fix)');
  const off = await server.send({ path: '/z/off', headers: { 'accept-encoding': 'gzip' } });
  t.same([off.headers['content-encoding'], off.text], [undefined, 'plain'], 'route override');
  const empty = await server.send({ path: '/z/empty', headers: { 'accept-encoding': 'gzip' } });
  t.equal(empty.headers['content-encoding'], 'gzip', 'set before the handler, even for empty bodies');
  t.equal(gunzipSync(empty.body).toString(), '');
  const big = await server.send({ path: '/z/big', headers: { 'accept-encoding': 'gzip' } });
  t.equal(gunzipSync(big.body).length, 20000, 'streamed compressed body');
  const notFound = await server.send({ path: '/nope', headers: { 'accept-encoding': 'gzip' } });
  t.same([notFound.headers['content-encoding'], notFound.text], [undefined, '404: Page Not Found'], 'no compression on the error path');
  const preset = await startServer((req, res) => {
    res.setHeader('Content-Encoding', 'identity');
    void c.dispatch(req, res);
  });
  t.teardown(() => preset.close());
  const keep = await preset.send({ path: '/z/pre', headers: { 'accept-encoding': 'gzip' } });
  t.same([keep.headers['content-encoding'], keep.text], ['identity', 'pre'], 'no duplicate compression (TestNoDuplicateCompressedResponse)');
});

t.test('server survives huge headers (431) and bad input', async (t) => {
  const ws = new WebService().path('/');
  ws.route(ws.get('/ok').to((_q, r) => r.write('ok')));
  const server = await startServer(new Container().add(ws).handler());
  t.teardown(() => server.close());
  const huge: Reply = await server.send({ path: '/ok', headers: { 'x-big': 'x'.repeat(20000) } });
  t.equal(huge.status, 431);
  t.equal((await server.send({ path: '/ok' })).text, 'ok');
  t.equal((await server.send({ path: '/%E2%82' })).status, 404, 'invalid UTF-8 decodes to U+FFFD, no crash');
});

t.test('a custom router and a path processor', async (t) => {
  const ws = new WebService().path('/fx');
  ws.route(ws.get('/{name}').to((req, resp) => resp.write(`hi ${req.pathParameter('name')} ${req.selectedRoutePath()}`)));
  const c = new Container().add(ws).router(new FirstRouteRouter());
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  t.equal((await server.send({ path: '/fx/bob' })).text, 'hi bob /fx/{name}', 'default path processor fills params');
  c.router(new FirstRouteRouter(new Error('not a service error')));
  await t.rejects(server.send({ path: '/fx/bob' }), 'a router bug is a panic');
  c.router(new FirstRouteRouter(new ServiceError(418, 'teapot', { 'X-Why': 'because' })));
  const tea = await server.send({ path: '/fx/bob' });
  t.same([tea.status, tea.text, tea.headers['x-why']], [418, 'teapot', 'because']);
  c.router(new RouterJSR311());
  t.equal((await server.send({ path: '/fx/bob' })).text, 'hi bob /fx/{name}', 'RouterJSR311');
});

t.test('dynamic routes and selected route', async (t) => {
  const ws = new WebService().path('/d').setDynamicRoutes(true);
  ws.route(ws.get('/a').operation('getA').metadata('k', { nested: 1 }).to((req, resp) => {
    resp.writeAsJson(req.selectedRoute());
  }));
  ws.route(ws.get('/b').to((_q, r) => r.write('b')));
  const c = new Container().add(ws);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const a = JSON.parse((await server.send({ path: '/d/a' })).text) as Record<string, unknown>;
  t.same([a.method, a.path, a.operation, a.metadata], ['GET', '/d/a', 'getA', { k: { nested: 1 } }]);
  ws.removeRoute('/d/b', 'GET');
  t.equal((await server.send({ path: '/d/b' })).status, 404, 'TestRemoveRoute');
  ws.removeRoute('/d/a', 'GET');
  t.equal((await server.send({ path: '/d/a' })).status, 404, 'TestRemoveLastRoute');
  t.throws(() => new WebService().removeRoute('/x', 'GET'), { code: 'DynamicRoutesDisabled' });
});

t.test('dispatch with the request body limit', async (t) => {
  const ws = new WebService().path('/');
  ws.route(ws.post('/echo').produces('application/json').to(async (req, resp) => {
    try {
      resp.writeAsJson(await req.readEntity());
    } catch (error) {
      if (error instanceof ServiceError) resp.writeServiceError(error.code, error);
      else throw error;
    }
  }));
  const server = await startServer(new Container().add(ws).maxRequestBodyBytes(16).handler());
  t.teardown(() => server.close());
  const small = await server.send({ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
  t.equal(small.text, '{\n "a": 1\n}');
  const big = await server.send({ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: `{"a":"${'x'.repeat(100)}"}` });
  t.equal(big.status, 413);
  t.match(big.text, /"Code": 413/);
  const bad = await server.send({ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{x' });
  t.equal(bad.status, 400);
  const unknown = await server.send({ method: 'POST', path: '/echo', headers: { 'content-type': 'text/csv' }, body: 'a,b' });
  t.equal(unknown.status, 400);
  t.match(unknown.text, /Unable to unmarshal content of type:text\/csv/);
});

t.test('content-type and accept cases through dispatch (web_service_test.go)', async (t) => {
  const json = new WebService().path('/json').consumes('application/json').produces('application/json');
  json.route(json.get('').to((_q, r) => r.writeEntity({ ok: true })));
  json.route(json.post('').to((_q, r) => r.writeHeader(201)));
  json.route(json.put('').to((_q, r) => r.writeHeader(200)));
  json.route(json.patch('').to((_q, r) => r.writeHeader(200)));
  const plain = new WebService().path('/plain').produces('text/plain', 'application/json');
  plain.route(plain.get('').to((_q, r) => r.writeEntity({ p: 1 })));
  const noConsumes = new WebService().path('/free');
  noConsumes.route(noConsumes.post('').to((_q, r) => r.writeHeader(204)));
  const octet = new WebService().path('/octet').consumes('application/octet-stream');
  octet.route(octet.post('').to((_q, r) => r.writeHeader(200)));
  const order = new WebService().path('/order');
  for (const m of ['PUT', 'GET', 'DELETE', 'GET']) order.route(order.method(m).path('/x').to(noopHandler));
  const c = new Container().add(json).add(plain).add(noConsumes).add(octet).add(order);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const table: ReadonlyArray<{ name: string; method: string; path: string; headers?: Record<string, string>; body?: string; status: number; text?: string; allow?: string }> = [
    { name: 'TestContentType415_Issue170', method: 'GET', path: '/json', status: 200 },
    { name: 'TestContentType415_POST_Issue170', method: 'POST', path: '/json', headers: { 'content-type': 'text/plain' }, body: '{}', status: 415, text: '415: Unsupported Media Type' },
    { name: 'TestUnsupportedMedia_Issue492 POST', method: 'POST', path: '/json', status: 415, text: '415: Unsupported Media Type\n\nAvailable representations: ' },
    { name: 'TestUnsupportedMedia_Issue492 PUT', method: 'PUT', path: '/json', status: 415 },
    { name: 'TestUnsupportedMedia_Issue492 PATCH', method: 'PATCH', path: '/json', headers: { 'content-length': '0' }, status: 415 },
    { name: 'POST with JSON', method: 'POST', path: '/json', headers: { 'content-type': 'application/json; charset=UTF-8' }, body: '{}', status: 201 },
    { name: 'TestNoContentTypePOST', method: 'POST', path: '/free', status: 204 },
    { name: 'TestContentTypeOctet_Issue170', method: 'POST', path: '/octet', status: 200 },
    { name: 'TestContentType406PlainJson', method: 'GET', path: '/plain', headers: { accept: 'text/plain' }, status: 200, text: '{\n "p": 1\n}' },
    { name: 'TestNotAcceptable_Issue434', method: 'GET', path: '/json', headers: { accept: 'application/bogus' }, status: 406, text: '406: Not Acceptable\n\nAvailable representations: application/json' },
    { name: 'TestMethodNotAllowed_Issue435', method: 'POST', path: '/order/x', status: 405, allow: 'PUT, GET, DELETE' },
    { name: 'HEAD is not derived from GET', method: 'HEAD', path: '/json', status: 405, allow: 'GET, POST, PUT, PATCH' },
  ];
  for (const row of table) {
    const r = await server.send(row);
    t.equal(r.status, row.status, `${row.name}: status`);
    if (row.text !== undefined) t.equal(r.text, row.text, `${row.name}: body`);
    if (row.allow !== undefined) t.equal(r.headers.allow, row.allow, `${row.name}: Allow`);
  }
});

t.test('TestCapturePanicWithEncoded and TestSelectedRoutePath_Issue100', async (t) => {
  const ws = new WebService().path('/');
  ws.route(ws.get('/fire').to(() => {
    throw new Error('fire');
  }));
  ws.route(ws.get('/{a}/{b:*}').to((req, resp) => resp.write(req.selectedRoutePath())));
  const c = new Container().add(ws).doNotRecover(false).enableContentEncoding(true);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const r = await server.send({ path: '/fire', headers: { 'accept-encoding': 'gzip' } });
  t.equal(r.status, 500);
  t.equal(r.headers['content-encoding'], 'gzip');
  t.match(gunzipSync(r.body).toString(), /^recover from panic situation: - fire\r\n/);
  t.equal((await server.send({ path: '/x/y/z' })).text, '/{a}/{b:*}');
});

function noopHandler(): void {}
