import t, { type Test } from 'tap';
import { CurlyRouter } from '../../../src/routers/curly/curly-router.js';
import { ReferenceCurlyRouter } from '../../../src/routers/curly/reference-curly-router.js';
import type { RouteSelector } from '../../../src/routers/route-selector.js';
import { makeWebServices, outcome, request, type WebServiceSpec } from '../../fixtures/selectable.js';

interface QuirkCase {
  readonly name: string;
  readonly services: readonly WebServiceSpec[];
  readonly method?: string;
  readonly path: string;
  /** Expected route id and params, or an error code. */
  readonly route?: string;
  readonly params?: Record<string, string>;
  readonly code?: number;
  readonly message?: string;
}

const one = (root: string, ...subPaths: string[]): WebServiceSpec[] => [
  { root, routes: subPaths.map((subPath) => ({ method: 'GET', subPath, id: subPath })) },
];

/** go-restful v3.12.0 CurlyRouter behaviour (§3.2, §3.3 quirks, curly_test.go rows). */
const cases: QuirkCase[] = [
  { name: 'tail needs a segment: /static/ does not match /static/{p:*}', services: one('/static', '/{p:*}'), path: '/static/', code: 404, message: '404: Page Not Found' },
  { name: 'tail takes the rest, inner empty segments kept', services: one('/static', '/{p:*}'), path: '/static/a//b', route: '/{p:*}', params: { p: 'a//b' } },
  { name: 'tail loses the trailing slash', services: one('/static', '/{p:*}'), path: '/static/a/b/', route: '/{p:*}', params: { p: 'a/b' } },
  { name: 'middle tail swallows the rest', services: one('/files', '/{p:*}/meta'), path: '/files/x/zzz', route: '/{p:*}/meta', params: { p: 'x/zzz' } },
  { name: 'middle tail matches a single segment', services: one('/files', '/{p:*}/meta'), path: '/files/x', route: '/{p:*}/meta', params: { p: 'x' } },
  { name: 'middle tail rejects longer paths (length pre-check)', services: one('/files', '/{p:*}/meta'), path: '/files/x/y/meta', code: 404 },
  { name: 'middle wildcard swallows sub (Wildcard4)', services: one('/static', '/{var:*}/sub'), path: '/static/test/sub', route: '/{var:*}/sub', params: { var: 'test/sub' } },
  { name: 'tail vs tail/child: the child route wins by Path', services: one('/res', '/{n:*}', '/{n:*}/child'), path: '/res/a/b', route: '/{n:*}/child', params: { n: 'a/b' } },
  { name: 'tail vs tail/child: a /child path goes to the tail route (length pre-check)', services: one('/res', '/{n:*}', '/{n:*}/child'), path: '/res/a/b/child', route: '/{n:*}', params: { n: 'a/b/child' } },
  { name: '{f:.*} at the end takes longer paths but only the first token', services: one('/dl', '/{f:.*}'), path: '/dl/a/b', route: '/{f:.*}', params: { f: 'a' } },
  { name: '{n:[0-9]*} at the end takes longer paths', services: one('/n', '/{n:[0-9]*}'), path: '/n/1/2', route: '/{n:[0-9]*}', params: { n: '1' } },
  { name: 'regex is unanchored; the value is the whole token', services: one('/c', '/{code:[A-Z]{2}}'), path: '/c/xABy', route: '/{code:[A-Z]{2}}', params: { code: 'xABy' } },
  { name: 'regex [0-9]+ matches a1 (unanchored)', services: one('/c', '/{n:[0-9]+}'), path: '/c/a1', route: '/{n:[0-9]+}', params: { n: 'a1' } },
  { name: 'anchored regex is strict', services: one('/c', '/{n:^[0-9]+$}'), path: '/c/a1', code: 404 },
  { name: 'RE2 (?i) flag is honoured', services: one('/h', '/{h:(?i)^hello$}'), path: '/h/HeLLo', route: '/{h:(?i)^hello$}', params: { h: 'HeLLo' } },
  { name: 'a regex does not beat {name} (Path order)', services: one('/items', '/{id:[0-9]+}', '/{name}'), path: '/items/123', route: '/{name}', params: { name: '123' } },
  { name: '/{p}/{q} beats /{all:*}', services: one('/', '/{all:*}', '/{p}/{q}'), path: '/x/y', route: '/{p}/{q}', params: { p: 'x', q: 'y' } },
  { name: 'suffix template {name}.json cuts the suffix length', services: one('/s', '/{name}.json'), path: '/s/abc.xml', route: '/{name}.json', params: { name: 'ab' } },
  { name: 'suffix template on a short token: 404 where Go panics', services: one('/s', '/{name}.json'), path: '/s/ab', code: 404, message: '404: Page Not Found' },
  { name: 'prefix template never matches real values', services: one('/p', '/pre_{name}'), path: '/p/pre_x', code: 404 },
  { name: 'prefix template matches its literal text', services: one('/p', '/pre_{name}'), path: '/p/pre_{name}', route: '/pre_{name}', params: { name: '{name}' } },
  { name: 'mixed template pre_{var}.json', services: one('/p', '/{var}.json'), path: '/p/value.json', route: '/{var}.json', params: { var: 'value' } },
  { name: '{id} matches a custom-verb token', services: one('/v1', '/users/{id}'), path: '/v1/users/7:activate', route: '/users/{id}', params: { id: '7:activate' } },
  { name: 'a verb route needs the verb', services: one('/v1', '/users/{id}:activate'), path: '/v1/users/7', code: 404 },
  { name: 'verbs are case-sensitive', services: one('/v1', '/users/{id}:activate'), path: '/v1/users/7:ACTIVATE', code: 404 },
  { name: 'the verb route outranks {id} and strips the verb', services: one('/v1', '/users/{id}', '/users/{id}:activate'), path: '/v1/users/7:activate', route: '/users/{id}:activate', params: { id: '7' } },
  { name: 'a static verb token matches only itself', services: one('/v1', '/resource:validate'), path: '/v1/other:validate', code: 404 },
  { name: 'a static verb token', services: one('/v1', '/resource:validate'), path: '/v1/resource:validate', route: '/resource:validate', params: {} },
  { name: 'the verb regex is greedy on colons', services: one('/v1', '/users/{id}:activate'), path: '/v1/users/a:b:activate', route: '/users/{id}:activate', params: { id: 'a:b' } },
  { name: 'regex with verb (prefix-userId:start)', services: one('/', '/users/{userId:^prefix-}:start'), path: '/users/prefix-userId:start', route: '/users/{userId:^prefix-}:start', params: { userId: 'prefix-userId' } },
  { name: 'regex with verb: the verb must end the token', services: one('/', '/users/{userId:^prefix-}:start'), path: '/users/prefix-}:startUserId', code: 404 },
  { name: '{x} matches an empty segment', services: one('/a', '/{x}/b'), path: '/a//b', route: '/{x}/b', params: { x: '' } },
  { name: '/a/{b} does not match /a', services: one('/a', '/{b}'), path: '/a', code: 404 },
  { name: 'no WebService → 404 Page Not Found', services: one('/a', '/x'), path: '/b/x', code: 404, message: '404: Page Not Found' },
  { name: 'root /users + sub "" is /users/ and matches /users', services: one('/users', ''), path: '/users', route: '', params: {} },
  { name: 'a WebService root param needs a non-empty token', services: [{ root: '/{a}', routes: [{ method: 'GET', subPath: '/x', id: 'x' }] }], path: '//x', code: 404 },
  { name: 'WebService regex root is not checked at WebService level (v3.12.0)', services: [{ root: '/{a:[0-9]+}', routes: [{ method: 'GET', subPath: '/x', id: 'x' }] }, { root: '/', routes: [{ method: 'GET', subPath: '/abc/x', id: 'y' }] }], path: '/abc/x', code: 404 },
  { name: 'tie between WebServices keeps the first added', services: [{ root: '/{a}', routes: [{ method: 'GET', subPath: '/x', id: 'first' }] }, { root: '/{b}', routes: [{ method: 'GET', subPath: '/x', id: 'second' }] }], path: '/q/x', route: 'first', params: { a: 'q' } },
  { name: 'a param token without closing brace matches, then 404 where Go panics', services: one('/s', '/{abc'), path: '/s/x', code: 404, message: '404: Page Not Found' },
  { name: 'a static token x:{y} matches its literal text; its key is the empty name', services: one('/s', '/x:{y}'), path: '/s/x:{y}', route: '/x:{y}', params: { '': 'x:{y}' } },
  { name: 'static text is compared by UTF-16 code unit (astral character)', services: one('/u', '/a\u{1D11E}b'), path: '/u/a\u{1D11E}b', route: '/a\u{1D11E}b', params: {} },
  { name: 'static text differing in one code unit between equal first and last characters', services: one('/u', '/a\u{1D11E}b'), path: '/u/a\u{1D11F}b', code: 404 },
  {
    name: 'many static labels of one length: only the exact one matches',
    services: one('/m', '/abcde', '/abxde', '/abyde', '/abzde', '/axcde', '/aycde', '/{p}/x'),
    path: '/m/abyde',
    route: '/abyde',
    params: {},
  },
  { name: 'many static labels of one length: a near miss falls to the param route', services: one('/m', '/abcde', '/abxde', '/abyde', '/abzde', '/axcde', '/aycde', '/{p}'), path: '/m/abwde', route: '/{p}', params: { p: 'abwde' } },
  { name: 'encoded slash arrives decoded and splits segments', services: one('/files', '/{name}'), path: '/files/a/b', code: 404 },
];

function check(t: Test, router: RouteSelector): void {
  for (const c of cases) {
    const got = outcome(router, makeWebServices(c.services), request(c.method ?? 'GET', c.path));
    if (c.code !== undefined) {
      t.equal('code' in got ? got.code : got, c.code, c.name);
      if (c.message !== undefined) t.equal('message' in got ? got.message : got, c.message, `${c.name}: message`);
    } else {
      t.same('route' in got ? { route: got.route, params: got.params } : got, { route: c.route, params: c.params }, c.name);
    }
  }
}


t.test('CurlyRouter quirks', async (t) => check(t, new CurlyRouter()));
t.test('ReferenceCurlyRouter quirks', async (t) => check(t, new ReferenceCurlyRouter()));
