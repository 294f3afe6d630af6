/**
 * The clusterrole-aggregation controller: aggregated ClusterRoles get the rules of the roles their selectors pick,
 * and the bootstrap `admin`, `edit` and `view` roles fill up (a role labelled to aggregate into `view` reaches all three).
 */
import { type ApiObject, Store } from '@apiserver/registry';
import t from 'tap';
import { ClusterRoleAggregationController } from '../../../src/controllers/clusterroleaggregation/clusterrole-aggregation-controller.js';
import { aggregatedRules } from '../../../src/registry/rbac/aggregated-rules.js';
import { rbacRESTStorageProvider } from '../../../src/registry/rbac/provider.js';
import { builtinGroupVersionRegistry } from '../../../src/server/group-version-registry.js';
import { defaultAPIResourceConfig } from '../../../src/server/runtime-config.js';
import { startKubeLite } from '../../../src/testing/index.js';
import { callJSON } from '../../http-json.js';
import { memoryGetter } from '../../registry/core/core-fixtures.js';

type Json = Record<string, unknown>;
const role = (name: string, labels: Record<string, string>, rules: Json[], aggregate?: Record<string, string>): ApiObject =>
  ({ metadata: { name, labels }, rules, ...(aggregate !== undefined && { aggregationRule: { clusterRoleSelectors: [{ matchLabels: aggregate }] } }) }) as ApiObject;
const read = (resource: string) => ({ apiGroups: [''], resources: [resource], verbs: ['get'] });

t.test('aggregatedRules: selected roles by name, each rule once, itself left out', async (t) => {
  const agg = role('agg', { pick: 'yes' }, [read('stale')], { pick: 'yes' });
  const all = [agg, role('b', { pick: 'yes' }, [read('pods'), read('secrets')]), role('a', { pick: 'yes' }, [read('secrets')]), role('c', {}, [read('nodes')])];
  t.same(aggregatedRules(agg, all), [read('secrets'), read('pods')]);
  t.equal(aggregatedRules(role('plain', {}, []), all), undefined, 'a role without an aggregationRule');
});

t.test('admin, edit and view are filled, and take in labelled roles', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const send = (path: string, method: string, body?: unknown) => callJSON<Json>(`${kl.url}${path}`, method, body);
  const ROLES = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
  const rulesOf = async (name: string): Promise<Json[]> => ((await send(`${ROLES}/${name}`, 'GET')).json.rules ?? []) as Json[];
  const until = async (name: string, ok: (rules: Json[]) => boolean): Promise<Json[]> => {
    for (let i = 0; i < 200; i++) {
      const rules = await rulesOf(name);
      if (ok(rules)) return rules;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${name} never aggregated as expected`);
  };
  const grants = (rules: Json[], group: string, resource: string, verb: string) =>
    rules.some((r) => (r.apiGroups as string[]).includes(group) && (r.resources as string[]).includes(resource) && (r.verbs as string[]).includes(verb));
  const view = await until('view', (rules) => grants(rules, '', 'pods', 'list'));
  t.notOk(grants(view, '', 'pods', 'create'), 'view reads only');
  const edit = await until('edit', (rules) => grants(rules, '', 'pods', 'create') && grants(rules, '', 'pods', 'list'));
  t.ok(grants(edit, 'apps', 'deployments', 'update'));
  await until('admin', (rules) => grants(rules, 'rbac.authorization.k8s.io', 'roles', 'create') && grants(rules, 'apps', 'deployments', 'update'));

  const widgetsReader = { metadata: { name: 'widgets-reader', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }, rules: [{ apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get', 'list', 'watch'] }] };
  t.equal((await send(ROLES, 'POST', widgetsReader)).status, 201);
  for (const name of ['view', 'edit', 'admin']) await until(name, (rules) => grants(rules, 'example.com', 'widgets', 'list'));
  t.pass('a role aggregated into view reaches edit and admin');
});

t.test('syncs read the list-watch, not storage: n role changes cost no list each', async (t) => {
  const info = rbacRESTStorageProvider({}).newRESTStorage(defaultAPIResourceConfig(builtinGroupVersionRegistry()), memoryGetter(t));
  const map = info.versionedResourcesStorageMap.v1 ?? {};
  const clusterRoles = (map instanceof Map ? map.get('clusterroles') : (map as Record<string, unknown>).clusterroles) as Store;
  t.ok(clusterRoles instanceof Store);
  let lists = 0;
  const counted = {
    list: (...args: Parameters<Store['list']>) => {
      lists++;
      return clusterRoles.list(...args);
    },
    get: (...args: Parameters<Store['get']>) => clusterRoles.get(...args),
    watch: (...args: Parameters<Store['watch']>) => clusterRoles.watch(...args),
    update: (...args: Parameters<Store['update']>) => clusterRoles.update(...args),
  };
  const masters = { user: { name: 'test', groups: ['system:masters'] } };
  await clusterRoles.create(masters, role('agg', {}, [], { pick: 'yes' }), undefined, {});
  const controller = new ClusterRoleAggregationController({ clusterRoles: counted, context: masters });
  controller.start();
  t.teardown(() => controller.stop());
  for (let i = 0; i < 20; i++) await clusterRoles.create(masters, role(`picked-${String(i).padStart(2, '0')}`, { pick: 'yes' }, [read(`r${i}`)]), undefined, {});
  for (let i = 0; i < 200; i++) {
    const agg = await clusterRoles.get({}, 'agg', {});
    if (((agg.rules ?? []) as unknown[]).length === 20) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  t.same((await clusterRoles.get({}, 'agg', {})).rules, Array.from({ length: 20 }, (_, i) => read(`r${i}`)), 'the picked roles\' rules, by role name');
  t.equal(lists, 1, "one list, by the list-watch (upstream reads its informer's lister)");
});
