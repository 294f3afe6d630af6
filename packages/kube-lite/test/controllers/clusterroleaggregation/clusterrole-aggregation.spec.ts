/**
 * The clusterrole-aggregation controller: aggregated ClusterRoles get the rules of the roles their selectors pick,
 * and the bootstrap `admin`, `edit` and `view` roles fill up (a role labelled to aggregate into `view` reaches all three).
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { aggregatedRules } from '../../../src/registry/rbac/aggregated-rules.js';
import { startKubeLite } from '../../../src/testing/index.js';
import { callJSON } from '../../http-json.js';

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
