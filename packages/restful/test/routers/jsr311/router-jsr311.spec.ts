import t from 'tap';
import { RouterJSR311 } from '../../../src/routers/jsr311/router-jsr311.js';
import { isPathProcessor } from '../../../src/routers/route-selector.js';
import { FixtureWebService, makeWebServices, outcome, request, type WebServiceSpec } from '../../fixtures/selectable.js';

const router = new RouterJSR311();
const get = (subPath: string, id = subPath) => ({ method: 'GET', subPath, id });

t.test('detectDispatcher (jsr311_test.go TestDetectDispatcher)', async (t) => {
  const roots = ['/', '/p', '/q', '/p/q', '/p/{q}', '/p/{q}/', '/{p}/q'];
  const services = makeWebServices(roots.map((root) => ({ root, routes: [get('', `${root} root`), get('/{rest:*}', `${root} rest`)] })));
  const rows: [string, string, Record<string, string>][] = [
    ['/', '/', {}],
    ['/p', '/p', {}],
    ['/p/x', '/p/{q}', { q: 'x' }],
    ['/q/x', '/q', {}],
    ['/p/x/', '/p/{q}', { q: 'x' }],
    ['/p/x/y', '/p/{q}', { q: 'x' }],
    ['/q/x/y', '/q', {}],
    ['/z/q', '/{p}/q', { p: 'z' }],
    ['/a/b/c/q', '/', {}],
  ];
  for (const [path, root, params] of rows) {
    t.match(outcome(router, services, request('GET', path)), { root, params }, `${path} → ${root}`);
  }
});

const cases: [string, WebServiceSpec[], string, Record<string, unknown>][] = [
  ['no WebService → 404 with an empty body', [{ root: '/a', routes: [get('/x')] }], '/b', { code: 404, message: '' }],
  ['WebService without a matching route → 404 Page Not Found', [{ root: '/a', routes: [get('/x')] }], '/a/y', { code: 404, message: '404: Page Not Found' }],
  ['{param:*} smoke (ISSUE_179)', [{ root: '/', routes: [get('/{param:*}', 'p')] }], '/ask/yes', { route: 'p', params: { param: 'ask/yes' } }],
  ['extract: tail in the middle (TestExtractParams)', [{ root: '/', routes: [get('/fixed/{var:*}/morefixed/{otherVar}', 'f')] }], '/fixed/middle/stuff/morefixed/end', { route: 'f', params: { var: 'middle/stuff', otherVar: 'end' } }],
  ['extract: several vars', [{ root: '/users', routes: [get('/{id}/books/{book}', 'b')] }], '/users/1/books/2', { route: 'b', params: { id: '1', book: '2' } }],
  ['regexes are anchored', [{ root: '/items', routes: [get('/{n:[0-9]+}', 'n')] }], '/items/a1', { code: 404 }],
  ['a regex may span slashes', [{ root: '/f', routes: [get('/{p:.+}', 'p')] }], '/f/a/b', { route: 'p', params: { p: 'a/b' } }],
  ['custom verbs are not supported → 404', [{ root: '/v1', routes: [get('/users/{id}:activate', 'v')] }], '/v1/users/7:activate', { code: 404 }],
  ['tail vs tail/child: the child route wins correctly', [{ root: '/res', routes: [get('/{n:*}', 'tail'), get('/{n:*}/child', 'child')] }], '/res/a/b/child', { route: 'child', params: { n: 'a/b' } }],
  ['tail vs tail/child: no child segment → the tail', [{ root: '/res', routes: [get('/{n:*}', 'tail'), get('/{n:*}/child', 'child')] }], '/res/a/b', { route: 'tail', params: { n: 'a/b' } }],
  ['more capture groups beat literals at WebService level', [{ root: '/p/q', routes: [get('', 'literal')] }, { root: '/{a}/{b}', routes: [get('', 'groups')] }], '/p/q', { route: 'groups', params: { a: 'p', b: 'q' } }],
  ['/static/ matches a tail with an empty value', [{ root: '/static', routes: [get('/{p:*}', 't')] }], '/static/', { route: 't', params: { p: '' } }],
  ['literal characters rank routes first', [{ root: '/', routes: [get('/{a}/{b}', 'vars'), get('/abc/{b}', 'lit')] }], '/abc/d', { route: 'lit', params: { b: 'd' } }],
  ['equal keys: Path descending', [{ root: '/', routes: [get('/a/{x}', 'ax'), get('/a/{y}', 'ay')] }], '/a/1', { route: 'ay', params: { y: '1' } }],
];

t.test('RouterJSR311 behaviour (§3.4, §3.5)', async (t) => {
  for (const [name, specs, path, expected] of cases) t.match(outcome(router, makeWebServices(specs), request('GET', path)), expected, name);
});

t.test('ExtractParameters as a PathProcessor', async (t) => {
  t.equal(isPathProcessor(router), true, 'RouterJSR311 is a PathProcessor');
  const ws = new FixtureWebService({ root: '/{wsParam}', routes: [] });
  const route = ws.addRoute({ method: 'GET', subPath: '/{routeParam}' });
  t.same({ ...router.extractParameters(route, ws, '/x/y') }, { wsParam: 'x', routeParam: 'y' }, 'root and route groups (ParameterInWebService)');
  t.same({ ...router.extractParameters(route, ws, '') }, {}, 'a path the root does not match gives no parameters');
  const regexGroups = new FixtureWebService({ root: '/', routes: [] });
  const grouped = regexGroups.addRoute({ method: 'GET', subPath: '/{a:(x|y)}/{b}' });
  t.same({ ...router.extractParameters(grouped, regexGroups, '/x/z') }, { a: 'x', b: 'x' }, 'groups are positional: a regex group shifts later names (as in Go)');
});
