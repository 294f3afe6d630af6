import t from 'tap';
import { Container } from '../../src/container.js';
import type { Route } from '../../src/route.js';
import { CurlyRouter } from '../../src/routers/curly/curly-router.js';
import { ReferenceCurlyRouter } from '../../src/routers/curly/reference-curly-router.js';
import { RouterJSR311 } from '../../src/routers/jsr311/router-jsr311.js';
import type { RouteSelector } from '../../src/routers/route-selector.js';
import { isServiceError } from '../../src/service-error.js';
import { WebService } from '../../src/web-service.js';
import { startServer } from '../helpers/http.js';
import { request } from '../fixtures/selectable.js';

/** The real WebService/Route classes (H1) as router input. */
function services(): WebService[] {
  const users = new WebService().path('/users').consumes('application/json').produces('application/json');
  const ok = () => undefined;
  users.route(users.get('/{id}').to(ok).operation('get'));
  users.route(users.put('/{id}').to(ok).operation('put'));
  users.route(users.delete('/{id}').to(ok).operation('delete'));
  users.route(users.post('').to(ok).operation('create'));
  users.route(users.get('/{id}/files/{path:*}').to(ok).operation('files'));
  users.route(users.post('/{id}:activate').to(ok).operation('activate'));
  users.route(users.get('/me').to(ok).operation('me').if((req) => req.headers['x-me'] === 'yes'));
  const root = new WebService().path('/');
  root.route(root.get('/health').to(ok).operation('health'));
  return [users, root];
}

function select(router: RouteSelector, list: readonly WebService[], method: string, path: string, headers: Record<string, string> = {}): unknown {
  try {
    const selection = router.selectRoute<Route, WebService>(list, request(method, path, headers));
    return { operation: selection.route.operation, params: { ...selection.pathParameters } };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { code: error.code, message: error.message, header: { ...error.header } };
  }
}

const rows: [string, string, Record<string, string>, unknown][] = [
  ['GET', '/users/7', {}, { operation: 'get', params: { id: '7' } }],
  ['GET', '/users/me', { 'x-me': 'yes' }, { operation: 'me', params: {} }],
  ['GET', '/users/me', {}, { operation: 'get', params: { id: 'me' } }],
  ['PATCH', '/users/7', {}, { code: 405, message: '405: Method Not Allowed', header: { Allow: 'GET, PUT, DELETE' } }],
  ['POST', '/users', { 'content-type': 'application/json', 'content-length': '2' }, { operation: 'create', params: {} }],
  ['POST', '/users', {}, { code: 415, message: '415: Unsupported Media Type\n\nAvailable representations: ', header: {} }],
  ['GET', '/users/7', { accept: 'text/html' }, { code: 406, message: '406: Not Acceptable\n\nAvailable representations: application/json', header: {} }],
  ['GET', '/users/7/files/a/b.txt', {}, { operation: 'files', params: { id: '7', path: 'a/b.txt' } }],
  ['POST', '/users/7:activate', { 'content-type': 'application/json', 'content-length': '2' }, { operation: 'activate', params: { id: '7' } }],
  ['GET', '/health', {}, { operation: 'health', params: {} }],
  ['GET', '/users/7/x', {}, { code: 404, message: '404: Page Not Found', header: {} }],
];

t.test('CurlyRouter and the reference agree on real WebServices', async (t) => {
  const list = services();
  for (const router of [new CurlyRouter(), new ReferenceCurlyRouter()]) {
    for (const [method, path, headers, expected] of rows) t.same(select(router, list, method, path, headers), expected, `${router.constructor.name} ${method} ${path}`);
  }
});

t.test('WebService changes reach the compiled router (revision)', async (t) => {
  const list = services();
  const router = new CurlyRouter();
  const users = list[0] as WebService;
  t.match(select(router, list, 'GET', '/users/7/avatar'), { code: 404 });
  users.setDynamicRoutes(true);
  users.route(users.get('/{id}/avatar').to(() => undefined).operation('avatar'));
  t.match(select(router, list, 'GET', '/users/7/avatar'), { operation: 'avatar', params: { id: '7' } }, 'route added after the first selection');
  users.removeRoute('/users/{id}/avatar', 'GET');
  t.match(select(router, list, 'GET', '/users/7/avatar'), { code: 404 }, 'route removed');
});

t.test('Container.dispatch with each router', async (t) => {
  for (const [router, noServiceBody] of [
    [new CurlyRouter(), '404: Page Not Found'],
    [new ReferenceCurlyRouter(), '404: Page Not Found'],
    [new RouterJSR311(), ''],
  ] as const) {
    const container = new Container().router(router);
    const ws = new WebService().path('/items').produces('application/json');
    ws.route(ws.get('/{id}').to((req, resp) => resp.writeEntity({ id: req.pathParameter('id') })));
    container.add(ws);
    const server = await startServer(container.handler());
    const found = await server.send({ path: '/items/42' });
    t.equal(found.status, 200, `${router.constructor.name}: found`);
    t.match(JSON.parse(found.text), { id: '42' }, `${router.constructor.name}: path parameter`);
    const method = await server.send({ method: 'DELETE', path: '/items/42' });
    t.same([method.status, method.headers.allow, method.text], [405, 'GET', '405: Method Not Allowed'], `${router.constructor.name}: 405`);
    const missing = await server.send({ path: '/nothing' });
    t.same([missing.status, missing.text], [404, noServiceBody], `${router.constructor.name}: 404 body`);
    await server.close();
  }
});
