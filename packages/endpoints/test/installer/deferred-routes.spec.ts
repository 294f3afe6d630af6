/**
 * A group-version's routes are built when first read (DeferredRoutesWebService): installREST plans discovery
 * now, and the first request (or reader of the routes) builds every route, in the order an eager install has.
 */
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Container } from '@apiserver/restful';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { DeferredRoutesWebService } from '../../src/installer/deferred-routes-web-service.js';
import { declaredStorage } from '../fixtures/declared-storage.js';

const scheme = newBuiltinScheme();

function installBoth(container: Container) {
  const core = new APIGroupVersion({
    root: '/api',
    groupVersion: { group: '', version: 'v1' },
    storage: { configmaps: declaredStorage({ kind: 'ConfigMap', namespaced: true, singular: 'configmap', list: true, get: true, delete: true }) },
    scheme,
  }).installREST(container);
  const apps = new APIGroupVersion({
    root: '/apis',
    groupVersion: { group: 'apps', version: 'v1' },
    storage: { deployments: declaredStorage({ kind: 'Deployment', namespaced: true, singular: 'deployment', get: true, gvk: { group: 'apps', version: 'v1', kind: 'Deployment' } }) },
    scheme,
  }).installREST(container);
  return { core, apps };
}

function deferred(ws: unknown): DeferredRoutesWebService {
  if (!(ws instanceof DeferredRoutesWebService)) throw new Error('not a DeferredRoutesWebService');
  return ws;
}

async function status(url: string): Promise<{ code: number; body: string }> {
  return await new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

t.test('discovery is planned at install, routes are built by the first request to their group-version', async (t) => {
  const container = new Container();
  const { core, apps } = installBoth(container);
  t.same(core.apiResources.map((r) => [r.name, r.verbs]), [['configmaps', ['delete', 'get', 'list']]], 'discovery entries exist before any route');
  t.ok(deferred(core.webService).hasDeferredRoutes());
  t.ok(deferred(apps.webService).hasDeferredRoutes());
  const server = createServer(container.handler());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const { port } = server.address() as AddressInfo;
  const listed = await status(`http://127.0.0.1:${port}/api/v1`);
  t.equal(listed.code, 200, 'the deferred discovery route answers');
  t.match(JSON.parse(listed.body), { kind: 'APIResourceList', groupVersion: 'v1', resources: [{ name: 'configmaps' }] });
  t.notOk(deferred(core.webService).hasDeferredRoutes(), 'core/v1 built by its first request');
  t.ok(deferred(apps.webService).hasDeferredRoutes(), 'apps/v1 still deferred');
  const missing = await status(`http://127.0.0.1:${port}/apis/apps/v1/namespaces/default/nothings`);
  t.equal(missing.code, 404, 'an unknown resource of a deferred group-version is 404 once its routes are built');
  t.notOk(deferred(apps.webService).hasDeferredRoutes(), 'apps/v1 built by its first request');
});

t.test('routes read first come in eager order: resources sorted, then the discovery route', async (t) => {
  const { core } = installBoth(new Container());
  t.same(
    core.webService.routes().map((r) => `${r.method} ${r.path}`),
    [
      'GET /api/v1/namespaces/{namespace}/configmaps',
      'GET /api/v1/namespaces/{namespace}/configmaps/{name}',
      'DELETE /api/v1/namespaces/{namespace}/configmaps/{name}',
      'GET /api/v1/configmaps',
      'GET /api/v1/',
    ],
  );
  t.notOk(deferred(core.webService).hasDeferredRoutes());
});

t.test('revision and removeRoute build the deferred routes first', async (t) => {
  const first = installBoth(new Container()).core.webService;
  const revision = first.revision();
  t.notOk(deferred(first).hasDeferredRoutes(), 'revision() builds the routes, as they change it');
  t.equal(first.routes().length, 5);
  t.equal(first.revision(), revision, 'reading the routes afterwards leaves the revision as it was');
  const second = installBoth(new Container()).core.webService;
  second.setDynamicRoutes(true).removeRoute('/api/v1/namespaces/{namespace}/configmaps/{name}', 'DELETE');
  t.same(
    second.routes().map((r) => `${r.method} ${r.path}`),
    ['GET /api/v1/namespaces/{namespace}/configmaps', 'GET /api/v1/namespaces/{namespace}/configmaps/{name}', 'GET /api/v1/configmaps', 'GET /api/v1/'],
    'a route removed before any read stays removed',
  );
});

t.test('a registration that throws fails every read of the routes, not only the first', async (t) => {
  const ws = new DeferredRoutesWebService().path('/apis/x/v1');
  if (!(ws instanceof DeferredRoutesWebService)) throw new Error('path() returns the same WebService');
  const broken = new Error('route building failed');
  ws.defer(() => ws.route(ws.get('/things').to(() => undefined)));
  ws.defer(() => {
    throw broken;
  });
  t.throws(() => ws.routes(), broken);
  t.throws(() => ws.routes(), broken, 'a later read throws the same error');
  t.throws(() => ws.revision(), broken);
  t.notOk(ws.hasDeferredRoutes());
});
