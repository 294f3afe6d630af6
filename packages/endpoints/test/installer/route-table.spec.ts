/**
 * The installed routes equal the shared Kubernetes route table (bench/data/k8s-routes.json at the repository root): for every
 * group-version WebService of the table, storages declaring the capabilities the table's actions imply are
 * installed, and the routes (method + path, in order, with produces/consumes) must match exactly.
 */
import { readFileSync } from 'node:fs';
import { Container } from '@apiserver/restful';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { type Declared, declaredStorage } from '../fixtures/declared-storage.js';

interface TableRoute {
  ws: string;
  method: string;
  path: string;
  subPath: string;
  action: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  scope: string;
  consumes: string[] | null;
  produces: string[] | null;
}
interface RouteTable {
  webServices: { root: string; kind: string; group: string; version: string }[];
  routes: TableRoute[];
}

const tableUrl = new URL('../../../../bench/data/k8s-routes.json', import.meta.url);
const table = JSON.parse(readFileSync(tableUrl, 'utf8')) as RouteTable;
const scheme = newBuiltinScheme();

function declaredFor(routes: readonly TableRoute[], namespaced: boolean, isSub: boolean): Declared {
  const has = (action: string, pred: (r: TableRoute) => boolean = () => true) => routes.some((r) => r.action === action && pred(r));
  const withPath = (r: TableRoute) => r.subPath.endsWith('{path:*}');
  const connectMethods = [...new Set(routes.filter((r) => r.action === 'CONNECT').map((r) => r.method))];
  return {
    kind: 'Thing',
    namespaced,
    ...(isSub ? {} : { singular: 'thing' }),
    list: has('LIST'),
    ...(isSub ? { namedCreate: has('POST') } : { create: has('POST') }),
    deleteCollection: has('DELETECOLLECTION'),
    watch: has('WATCH') || has('WATCHLIST'),
    get: has('GET'),
    getSubpath: has('GET', withPath),
    update: has('PUT'),
    delete: has('DELETE'),
    ...(connectMethods.length > 0 ? { connect: connectMethods, connectSubpath: has('CONNECT', withPath) } : {}),
  };
}

const groupVersions = table.webServices.filter((w) => w.kind === 'group-version');
t.ok(groupVersions.length > 10, 'the table has group-versions');

for (const gvws of groupVersions) {
  t.test(gvws.root, async (t) => {
    const expected = table.routes.filter((r) => r.ws === gvws.root);
    const byPath = new Map<string, TableRoute[]>();
    for (const r of expected.filter((r) => r.action !== 'DISCOVERY')) {
      const key = r.subresource === '' ? r.resource : `${r.resource}/${r.subresource}`;
      byPath.set(key, [...(byPath.get(key) ?? []), r]);
    }
    const storage = new Map();
    for (const [path, routes] of byPath) {
      const namespaced = routes[0]?.scope === 'Namespaced';
      storage.set(path, declaredStorage(declaredFor(routes, namespaced, path.includes('/'))));
      const parent = path.split('/')[0] ?? '';
      if (path.includes('/') && !byPath.has(parent)) t.fail(`parent ${parent} of ${path} missing from the table`);
    }
    const gv = new APIGroupVersion({
      root: gvws.group === '' ? '/api' : '/apis',
      groupVersion: { group: gvws.group, version: gvws.version },
      storage,
      scheme,
    });
    const container = new Container();
    const installed = gv.installREST(container);
    const actual = installed.webService.routes().map((r) => ({
      method: r.method,
      path: r.subPath === '/' ? gvws.root : r.path,
      consumes: r.consumes,
      produces: r.produces,
    }));
    t.same(
      actual.map((r) => `${r.method} ${r.path}`),
      expected.map((r) => `${r.method} ${r.path}`),
      'method + path, in order',
    );
    const wsConsumes = ['*/*'];
    t.same(
      actual.map((r) => ({ consumes: r.consumes, produces: r.produces })),
      expected.map((r) => ({ consumes: r.consumes ?? wsConsumes, produces: r.produces ?? [] })),
      'consumes and produces',
    );
  });
}
