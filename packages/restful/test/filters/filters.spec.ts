import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { wantsCompressedResponse } from '../../src/compression/compression.js';
import { Container } from '../../src/container.js';
import { CrossOriginResourceSharing } from '../../src/filters/cors-filter.js';
import { httpMiddlewareHandlerToFilter } from '../../src/filters/middleware-filter.js';
import { noBrowserCacheFilter } from '../../src/filters/no-browser-cache-filter.js';
import { setLogger } from '../../src/log.js';
import { WebService } from '../../src/web-service.js';
import { startServer } from '../helpers/http.js';

setLogger({ print: () => undefined });

function candyContainer(): Container {
  const ws = new WebService().path('/candy');
  ws.route(ws.get('/{name}').to((_q, r) => r.write('get')));
  ws.route(ws.delete('/{name}').to((_q, r) => r.write('delete')));
  ws.route(ws.options('/{name}').to((_q, r) => r.write('options route')));
  const ws2 = new WebService().path('/candies');
  ws2.route(ws2.post('').to((_q, r) => r.write('post')));
  const users = new WebService().path('/users');
  users.route(users.get('/new').to((_q, r) => r.write('new')));
  users.route(users.get('/{id}').to((_q, r) => r.write('id')));
  users.route(users.put('/{id}').to((_q, r) => r.write('put')));
  return new Container().add(ws).add(ws2).add(users);
}

t.test('wantsCompressedResponse (§5 decision table)', async (t) => {
  const table: ReadonlyArray<[string, boolean, string | undefined]> = [
    ['gzip,deflate', false, 'gzip'],
    ['deflate,gzip', false, 'deflate'],
    ['gzip', false, 'gzip'],
    ['deflate', false, 'deflate'],
    ['br', false, undefined],
    ['', false, undefined],
    ['x-gzip', false, 'gzip'],
    ['GZIP', false, undefined],
    ['gzip', true, undefined],
    ['gzip;q=0', false, undefined],
    ['gzip;q=0, deflate', false, 'deflate'],
    ['gzip;q=0.5, deflate;q=0', false, 'gzip'],
    ['gzip; q=0.0', false, undefined],
  ];
  for (const [header, has, want] of table) t.equal(wantsCompressedResponse(header, has), want, `${header} ${has}`);
});

t.test('OPTIONS filter (§2.5, options_filter_test.go)', async (t) => {
  const c = candyContainer();
  c.filter(c.OPTIONSFilter);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const gum = await server.send({ method: 'OPTIONS', path: '/candy/gum', headers: { origin: 'http://x', 'access-control-request-headers': 'X-A' } });
  t.same(
    [gum.status, gum.text, gum.headers.allow, gum.headers['access-control-allow-methods'], gum.headers['access-control-allow-origin'], gum.headers['access-control-allow-headers']],
    [200, '', 'GET,DELETE,OPTIONS', 'GET,DELETE,OPTIONS', 'http://x', 'X-A'],
    'the OPTIONS route is shadowed',
  );
  t.equal((await server.send({ method: 'OPTIONS', path: '/candies' })).headers.allow, 'POST');
  t.equal((await server.send({ method: 'OPTIONS', path: '/users/new' })).headers.allow, 'GET,GET,PUT', 'no de-duplication');
  const unknown = await server.send({ method: 'OPTIONS', path: '/nowhere' });
  t.same([unknown.status, unknown.headers.allow, unknown.headers['access-control-allow-origin']], [200, '', '']);
  t.equal((await server.send({ path: '/candy/gum' })).text, 'get', 'other methods pass through');
  t.same(c.computeAllowedMethods({ raw: { url: '/users/1' } } as never), ['GET', 'PUT'], 'TestContainer_computeAllowedMethods');
  t.same(c.computeAllowedMethods({ raw: { url: '/%zz' } } as never), []);
  const noFilter = await startServer(candyContainer().handler());
  t.teardown(() => noFilter.close());
  t.equal((await noFilter.send({ method: 'OPTIONS', path: '/candy/gum' })).text, 'options route', 'TestOptionsShortcut');
  const r405 = await noFilter.send({ method: 'OPTIONS', path: '/candies' });
  t.same([r405.status, r405.headers.allow], [405, 'POST']);
});

t.test('CORS isOriginAllowed (cors_filter_test.go)', async (t) => {
  const table: ReadonlyArray<{ domains?: string[]; fn?: (o: string) => boolean; origin: string; want: boolean }> = [
    { origin: 'http://a.com', want: true },
    { origin: '', want: false },
    { domains: ['http://a.com'], origin: 'http://a.com', want: true },
    { domains: ['http://a.com'], origin: 'HTTP://A.COM', want: true },
    { domains: ['http://a.com'], origin: 'http://a.com.evil', want: false },
    { domains: ['.*'], origin: 'http://any', want: true },
    { domains: ['http://a.com'], fn: (o) => o === 'http://B.com', origin: 'http://B.com', want: true },
    { domains: [], fn: (o) => o === 'http://b.com', origin: 'http://B.com', want: true },
    { domains: [], fn: () => false, origin: 'http://a.com', want: false },
    { domains: ['http://a.com'], fn: () => true, origin: '', want: false },
  ];
  for (const row of table) {
    const cors = new CrossOriginResourceSharing({ allowedDomains: row.domains, allowedDomainFunc: row.fn });
    t.equal(cors.isOriginAllowed(row.origin), row.want, `${JSON.stringify(row.domains)} ${row.origin}`);
  }
});

t.test('CORS filter (§2.6)', async (t) => {
  const c = candyContainer();
  const cors = new CrossOriginResourceSharing({
    exposeHeaders: ['X-My-Header'],
    allowedHeaders: ['X-Custom-Header', 'X-Additional-Header'],
    allowedDomains: ['http://api.bob.com'],
    cookiesAllowed: true,
    maxAge: 3600,
    container: c,
  });
  c.filter(cors.filter);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const preflightHeaders = {
    origin: 'http://api.bob.com',
    'access-control-request-method': 'DELETE',
    'access-control-request-headers': 'X-Custom-Header, X-Additional-Header',
  };
  const pre = await server.send({ method: 'OPTIONS', path: '/candy/gum', headers: preflightHeaders });
  t.same(
    [pre.status, pre.text, pre.headers['access-control-allow-origin'], pre.headers['access-control-allow-methods'], pre.headers['access-control-allow-headers'], pre.headers['access-control-allow-credentials'], pre.headers['access-control-max-age'], pre.headers['access-control-expose-headers']],
    [200, '', 'http://api.bob.com', 'GET,DELETE,OPTIONS', 'X-Custom-Header, X-Additional-Header', 'true', '3600', 'X-My-Header'],
    'TestCORSFilter_Preflight',
  );
  const badMethod = await server.send({ method: 'OPTIONS', path: '/candy/gum', headers: { ...preflightHeaders, 'access-control-request-method': 'PATCH' } });
  t.same([badMethod.status, badMethod.text, badMethod.headers['access-control-allow-origin']], [200, '', undefined], 'method not allowed → 200 empty, no headers');
  const badHeader = await server.send({ method: 'OPTIONS', path: '/candy/gum', headers: { ...preflightHeaders, 'access-control-request-headers': 'X-Evil' } });
  t.same([badHeader.status, badHeader.headers['access-control-allow-origin']], [200, undefined]);
  // Go's strings.Trim(each, " ") on each requested header, in one pass: a backtracking pattern's time grew with the
  // square of a run of spaces inside the value (4.8 s for 40,000 behind a server that accepts such headers).
  const padded = `X-Custom-Header,${' '.repeat(12_000)}x-additional-header`;
  const spaced = await server.send({ method: 'OPTIONS', path: '/candy/gum', headers: { ...preflightHeaders, 'access-control-request-headers': padded } });
  t.same([spaced.status, spaced.headers['access-control-allow-origin']], [200, 'http://api.bob.com'], 'requested headers compared without their surrounding spaces');
  const actual = await server.send({ method: 'DELETE', path: '/candy/gum', headers: { origin: 'http://api.bob.com' } });
  t.same([actual.text, actual.headers['access-control-allow-origin'], actual.headers['access-control-allow-methods']], ['delete', 'http://api.bob.com', undefined], 'TestCORSFilter_Actual');
  const upper = await server.send({ path: '/candy/gum', headers: { origin: 'HTTP://API.BOB.COM' } });
  t.equal(upper.headers['access-control-allow-origin'], 'HTTP://API.BOB.COM', 'echoed as sent');
  const foreign = await server.send({ path: '/candy/gum', headers: { origin: 'http://evil.com' } });
  t.same([foreign.status, foreign.text, foreign.headers['access-control-allow-origin']], [200, 'get', undefined], 'served without CORS headers');
  const noAcrm = await server.send({ method: 'OPTIONS', path: '/candies', headers: { origin: 'http://api.bob.com' } });
  t.same([noAcrm.status, noAcrm.headers.allow, noAcrm.headers['access-control-allow-origin']], [405, 'POST', 'http://api.bob.com'], 'OPTIONS without ACRM is an actual request');
  const notFound = await server.send({ path: '/zzz', headers: { origin: 'http://api.bob.com' } });
  t.same([notFound.status, notFound.headers['access-control-allow-origin']], [404, 'http://api.bob.com'], 'decorates errors');
  const star = new Container();
  star.filter(new CrossOriginResourceSharing({ allowedHeaders: ['*'], allowedMethods: ['GET'] }).filter);
  const s2 = await startServer(star.handler());
  t.teardown(() => s2.close());
  const any = await s2.send({ method: 'OPTIONS', path: '/x', headers: { origin: 'http://o', 'access-control-request-method': 'GET', 'access-control-request-headers': 'A,B' } });
  t.same([any.headers['access-control-allow-methods'], any.headers['access-control-allow-headers']], ['GET', 'A,B'], '"*" allows all headers');
  const noContainer = await s2.send({ method: 'OPTIONS', path: '/x', headers: { origin: 'http://o', 'access-control-request-method': 'PUT' } });
  t.equal(noContainer.headers['access-control-allow-methods'], undefined);
});

t.test('noBrowserCacheFilter and middleware adapter (filter_adapter_test.go)', async (t) => {
  const ws = new WebService().path('/');
  ws.route(ws.get('/cache').filter(noBrowserCacheFilter).to((_q, r) => r.write('c')));
  ws.route(ws.get('/mw').to((req, r) => r.write(`user=${String(req.raw.headers['x-user'])}`)));
  const c = new Container().add(ws);
  const auth = (req: IncomingMessage, res: ServerResponse, next: (e?: unknown) => void): void => {
    if (req.headers.authorization !== 'secret') {
      res.statusCode = 401;
      res.end('unauthorized');
      return;
    }
    req.headers['x-user'] = 'alice';
    next();
  };
  const trace = async (req: IncomingMessage, res: ServerResponse, next: (e?: unknown) => void): Promise<void> => {
    res.setHeader('X-Trace', 'on');
    if (req.headers['x-fail'] === 'next') next(new Error('middleware failed'));
    else if (req.headers['x-fail'] === 'throw') throw new Error('middleware threw');
    else next();
  };
  c.filter(httpMiddlewareHandlerToFilter(trace));
  c.filter(httpMiddlewareHandlerToFilter(auth));
  c.doNotRecover(false);
  const server = await startServer(c.handler());
  t.teardown(() => server.close());
  const cache = await server.send({ path: '/cache', headers: { authorization: 'secret' } });
  t.same([cache.headers['cache-control'], cache.headers.pragma, cache.headers.expires], ['no-cache, no-store, must-revalidate', 'no-cache', '0']);
  const ok = await server.send({ path: '/mw', headers: { authorization: 'secret' } });
  t.same([ok.status, ok.text, ok.headers['x-trace']], [200, 'user=alice', 'on']);
  const denied = await server.send({ path: '/mw' });
  t.same([denied.status, denied.text], [401, 'unauthorized']);
  const failed = await server.send({ path: '/mw', headers: { 'x-fail': 'next' } });
  t.equal(failed.status, 500, 'next(error) is a panic');
  const threw = await server.send({ path: '/mw', headers: { 'x-fail': 'throw' } });
  t.equal(threw.status, 500);
});
