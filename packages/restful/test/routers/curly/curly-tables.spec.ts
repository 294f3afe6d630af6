import t from 'tap';
import { compileRouteTemplate } from '../../../src/path/route-template.js';
import { setTrimRightSlashEnabled } from '../../../src/path/trim-right-slash.js';
import { CurlyRouter } from '../../../src/routers/curly/curly-router.js';
import { computeWebServiceScore, matchesRouteByPathTokens, ReferenceCurlyRouter } from '../../../src/routers/curly/reference-curly-router.js';
import { RequestTokens } from '../../../src/routers/curly/request-tokens.js';
import { RootIndex } from '../../../src/routers/curly/root-index.js';
import { tokenizePath } from '../../../src/path/tokenize.js';
import { FixtureWebService, makeWebServices, outcome, request } from '../../fixtures/selectable.js';

t.test('detectWebService (curly_test.go TestCurlyDetectWebService)', async (t) => {
  const roots = ['/', '/p', '/q', '/p/q', '/p/{q}', '/{p}/q'];
  const services = roots.map((root) => new FixtureWebService({ root, routes: [] }));
  const index = new RootIndex(services);
  const rows: [string, string][] = [
    ['/', '/'],
    ['/p', '/p'],
    ['/p/x', '/p/{q}'],
    ['/q/x', '/q'],
    ['/p/x/', '/p/{q}'],
    ['/p/x/y', '/p/{q}'],
    ['/q/x/y', '/q'],
    ['/z/q', '/{p}/q'],
    ['/a/b/c/q', '/'],
    ['/p/q', '/p/q'],
  ];
  for (const [path, root] of rows) {
    t.equal(index.service(index.detect(new RequestTokens().scan(path)))?.rootPath(), root, `${path} → ${root}`);
  }
  t.equal(new RootIndex([services[1] as FixtureWebService]).detect(new RequestTokens().scan('/z')), -1, 'no root matches');
});

t.test('computeWebServiceScore', async (t) => {
  const rows: [string, string, number][] = [
    ['/p/x', '/p/{q}', 21],
    ['/p/x', '/p', 10],
    ['/z/q', '/{p}/q', 11],
    ['/a', '/', 0],
    ['/a', '/a/b', -1],
    ['/a//b', '/a//b', 41],
    ['/a/x/b', '/a//b', -1],
    ['/a//b', '/a/{x}/b', -1],
  ];
  for (const [path, root, score] of rows) t.equal(computeWebServiceScore(tokenizePath(path), tokenizePath(root)), score, `${path} vs ${root}`);
});

t.test('matchesRouteByPathTokens (curly_test.go routeMatchers)', async (t) => {
  const rows: [string, string, boolean, number, number][] = [
    ['/a', '/a', true, 0, 1],
    ['/a', '/b', false, 0, 0],
    ['/a/{b}/c/', '/a/2/c', true, 1, 2],
    ['/{a}/{b}/{c}/', '/a/b', false, 0, 0],
    ['/{x:*}', '/', false, 0, 0],
    ['/{x:*}', '/a', true, 1, 0],
    ['/{x:*}', '/a/b', true, 1, 0],
    ['/a/{x:*}', '/a/b', true, 1, 1],
    ['/a/{x:[A-Z][A-Z]}', '/a/ZX', true, 1, 1],
    ['/basepath/{resource:*}', '/basepath/some/other/location/test.xml', true, 1, 1],
    ['/resources:run', '/resources:run', true, 0, 2],
    ['/resources:run', '/user:run', false, 0, 0],
    ['/resources:run', '/resources', false, 0, 0],
    ['/users/{userId:^prefix-}:start', '/users/prefix-}:startUserId', false, 0, 0],
    ['/users/{userId:^prefix-}:start', '/users/prefix-userId:start', true, 1, 2],
  ];
  for (const [route, path, matches, paramCount, staticCount] of rows) {
    const template = compileRouteTemplate(route);
    const got = matchesRouteByPathTokens(template.tokens.map((token) => token.raw), tokenizePath(path), template.hasCustomVerb);
    t.same(got === undefined ? [false, 0, 0] : [true, got.paramCount, got.staticCount], [matches, paramCount, staticCount], `${route} vs ${path}`);
    const routed = outcome(new CurlyRouter(), makeWebServices([{ root: '/', routes: [{ method: 'GET', subPath: route, id: 'r' }] }]), request('GET', path));
    t.equal('route' in routed, matches, `CurlyRouter agrees: ${route} vs ${path}`);
  }
});

t.test('ranking: static count, then param count, then Path descending', async (t) => {
  const services = makeWebServices([
    { root: '/', routes: [
      { method: 'GET', subPath: '/{a}/{b}', id: 'params' },
      { method: 'GET', subPath: '/x/{b}', id: 'static-first' },
      { method: 'GET', subPath: '/{a}/y', id: 'static-last' },
    ] },
  ]);
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    t.match(outcome(router, services, request('GET', '/x/y')), { route: 'static-last', params: { a: 'x' } }, '/{a}/y > /x/{b} by Path ({ > x)');
    t.match(outcome(router, services, request('GET', '/q/y')), { route: 'static-last', params: { a: 'q' } }, 'one static beats none');
    t.match(outcome(router, services, request('GET', '/q/r')), { route: 'params' }, 'params only');
    t.match(outcome(router, services, request('POST', '/x/y')), { code: 405, header: { Allow: 'GET' } }, 'Allow from merged groups, distinct');
  }
});

t.test('Allow order across merged candidate groups follows the candidate order', async (t) => {
  const services = makeWebServices([
    { root: '/', routes: [
      { method: 'PUT', subPath: '/{a}/{b}' },
      { method: 'DELETE', subPath: '/x/{b}' },
      { method: 'PATCH', subPath: '/{a}/y' },
      { method: 'GET', subPath: '/x/y' },
    ] },
  ]);
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    t.match(outcome(router, services, request('POST', '/x/y')), { code: 405, header: { Allow: 'GET, PATCH, DELETE, PUT' } });
  }
});

t.test('wildcard extraction (curly_test.go TestExtractParameters_Wildcard1..4)', async (t) => {
  const rows: [string, string, Record<string, string>][] = [
    ['/fixed/{var:*}', '/fixed/remainder', { var: 'remainder' }],
    ['/fixed/{var:*}', '/fixed/remain/der', { var: 'remain/der' }],
    ['/static/{var:*}', '/static/hello/world', { var: 'hello/world' }],
    ['/static/{var:*}/sub', '/static/test/sub', { var: 'test/sub' }],
    ['/projects/{projectId}/users/{id:^prefix-}:custom', '/projects/110/users/prefix-userId:custom', { projectId: '110', id: 'prefix-userId' }],
    ['/projects/{projectId}/users/{id:*}', '/projects/110/users/prefix-userId:custom', { projectId: '110', id: 'prefix-userId:custom' }],
    ['/from/{source}/to/{destination}', '/from/AMS/to/NY', { source: 'AMS', destination: 'NY' }],
    ['{what}/from/{source}/', 'who/from/SOS/', { what: 'who', source: 'SOS' }],
  ];
  for (const [route, path, params] of rows) {
    t.same(new RequestTokens().scan(path).toArray(), tokenizePath(path), `RequestTokens tokenizes ${path} as tokenizePath`);
    const services = makeWebServices([{ root: '/', routes: [{ method: 'GET', subPath: route, id: 'r' }] }]);
    for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
      t.same(outcome(router, services, request('GET', path)), { root: '/', route: 'r', params }, `${route} with ${path}`);
    }
  }
});

t.test('TrimRightSlashEnabled=false (§3.6)', async (t) => {
  setTrimRightSlashEnabled(false);
  t.teardown(() => setTrimRightSlashEnabled(true));
  const services = makeWebServices([
    { root: '/users', routes: [{ method: 'GET', subPath: '/{id}', id: 'user' }] },
    { root: '/static', routes: [{ method: 'GET', subPath: '/{p:*}', id: 'tail' }] },
    { root: '/test', routes: [{ method: 'PUT', subPath: '/', id: 'put' }] },
  ]);
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    t.match(outcome(router, services, request('GET', '/users/')), { route: 'user', params: { id: '' } }, '/users/ matches /users/{id} with id ""');
    t.match(outcome(router, services, request('GET', '/static/')), { route: 'tail', params: { p: '' } }, '/static/ matches the tail with p ""');
    t.match(outcome(router, services, request('PUT', '/test/')), { code: 404 }, 'PUT /test/ → 404 (route path is /test)');
    t.match(outcome(router, services, request('PUT', '/test')), { route: 'put' }, 'PUT /test → route');
  }
});

t.test('the compiled router follows route and WebService changes', async (t) => {
  const ws = new FixtureWebService({ root: '/a', routes: [{ method: 'GET', subPath: '/x', id: 'x' }] });
  const router = new CurlyRouter();
  const list = [ws];
  t.match(outcome(router, list, request('GET', '/a/y')), { code: 404 }, 'not there yet');
  ws.addRoute({ method: 'GET', subPath: '/y', id: 'y' });
  t.match(outcome(router, list, request('GET', '/a/y')), { route: 'y' }, 'added route is found (revision changed)');
  ws.removeRoute('y');
  t.match(outcome(router, list, request('GET', '/a/y')), { code: 404 }, 'removed route is gone');
  const other = new FixtureWebService({ root: '/b', routes: [{ method: 'GET', subPath: '', id: 'b' }] });
  t.match(outcome(router, [ws, other], request('GET', '/b')), { route: 'b' }, 'a new list is indexed');
  list.push(other);
  t.match(outcome(router, list, request('GET', '/b')), { route: 'b' }, 'a list grown in place is re-indexed');
  t.match(outcome(router, [], request('GET', '/b')), { code: 404, message: '404: Page Not Found' }, 'no WebServices');
  const empty = new FixtureWebService({ root: '/e', routes: [] });
  t.match(outcome(router, [empty], request('GET', '/e')), { code: 404, message: '404: Page Not Found' }, 'WebService without routes');
});

t.test('conditions: evaluated for every candidate, in order, short-circuit', async (t) => {
  const calls: string[] = [];
  const cond = (name: string, result: boolean) => () => {
    calls.push(name);
    return result;
  };
  const services = makeWebServices([
    { root: '/c', routes: [
      { method: 'GET', subPath: '', id: 'a', if: [cond('a1', false), cond('a2', true)] },
      { method: 'POST', subPath: '', id: 'b', if: [cond('b1', true), cond('b2', true)] },
      { method: 'GET', subPath: '', id: 'c', if: [cond('c1', true)] },
    ] },
  ]);
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    calls.length = 0;
    t.match(outcome(router, services, request('GET', '/c')), { route: 'c' });
    t.same(calls, ['a1', 'b1', 'b2', 'c1'], 'a2 skipped after a1 failed; every route checked before the method');
  }
  const seen: unknown[] = [];
  const raw = makeWebServices([{ root: '/r', routes: [{ method: 'GET', subPath: '', if: [(req) => { seen.push(req.url); return true; }] }] }]);
  new CurlyRouter().selectRoute(raw, request('GET', '/r'));
  t.same(seen, ['/r'], 'without a raw request the condition sees { method, url: path, headers }');
});

t.test('long paths and re-entrant conditions', async (t) => {
  const segments = Array.from({ length: 100 }, (_, i) => `s${i}`);
  const services = makeWebServices([{ root: '/long', routes: [{ method: 'GET', subPath: '/{first}/{rest:*}', id: 'long' }] }]);
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    t.same(
      outcome(router, services, request('GET', `/long/${segments.join('/')}`)),
      { root: '/long', route: 'long', params: { first: 's0', rest: segments.slice(1).join('/') } },
      'a path of 101 tokens (the token buffer grows)',
    );
  }
  const empties = `/long/x${'/'.repeat(40)}y`;
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    t.same(
      outcome(router, services, request('GET', empties)),
      { root: '/long', route: 'long', params: { first: 'x', rest: `${'/'.repeat(39)}y` } },
      'a path of mostly empty segments (more tokens than half its length)',
    );
  }
  t.same(new RequestTokens().scan(empties).toArray(), tokenizePath(empties), 'RequestTokens equals tokenizePath on empty segments');
  const router = new CurlyRouter();
  const inner = makeWebServices([{ root: '/inner', routes: [{ method: 'GET', subPath: '/{x}/{y}/{z}', id: 'inner' }] }]);
  const outer = makeWebServices([
    { root: '/outer', routes: [{ method: 'GET', subPath: '/{id}', id: 'outer', if: [() => 'route' in outcome(router, inner, request('GET', '/inner/a/b/c'))] }] },
  ]);
  t.same(outcome(router, outer, request('GET', '/outer/7')), { root: '/outer', route: 'outer', params: { id: '7' } }, 'a condition selecting on the same router does not disturb the outer parameters');
});
