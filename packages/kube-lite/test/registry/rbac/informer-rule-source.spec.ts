import type { Getter, Lister, Storage } from '@apiserver/registry';
import { RBACAuthorizer, type Attributes } from '@apiserver/server';
import t from 'tap';
import { until } from '../../controllers/until.js';
import { InformerRuleSource } from '../../../src/registry/rbac/informer-rule-source.js';
import { ensureBootstrapPolicy, rbacModeFor } from '../../../src/registry/rbac/provider.js';
import { memoryGetter, mutated, update } from '../core/core-fixtures.js';
import { as, binding, clusterRoleObj, G, groupsFor, MASTER, roleObj } from './rbac-stores.js';

const user = (name: string) => ({ kind: 'User', apiGroup: G, name });
const getPods = (name: string, namespace: string): Attributes => ({
  user: { name, uid: '', groups: ['system:authenticated'] },
  verb: 'get',
  namespace,
  apiGroup: '',
  apiVersion: 'v1',
  resource: 'pods',
  subresource: '',
  name: '',
  isResourceRequest: true,
  path: `/api/v1/namespaces/${namespace}/pods`,
});
const podsRule = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };

t.test('the RBAC mode reads the Stores until its informers have synced, then its caches', async (t) => {
  const s = groupsFor(memoryGetter(t));
  await ensureBootstrapPolicy(s.groups);
  const mode = rbacModeFor(s.groups);
  const informers = mode.informers;
  if (informers === undefined) throw new Error('memory Stores can be watched: the mode has informers');
  t.teardown(() => informers.stop());
  await s.clusterroles.create(as(MASTER), clusterRoleObj('pod-reader', [podsRule]));
  await s.clusterrolebindings.create(as(MASTER), binding('ClusterRoleBinding', 'ann-reads', 'ClusterRole', 'pod-reader', [user('ann')]));
  t.notOk(informers.hasSynced(), 'not started: not synced');
  t.equal((await mode.authorizer.authorize(getPods('ann', 'x'))).decision, 'Allow', 'before the informers run, the Stores answer');

  const errors: unknown[] = [];
  informers.start((err) => errors.push(err));
  await until(t, 'the informers to sync', async () => informers.hasSynced());
  t.match(await informers.getClusterRole('cluster-admin'), { metadata: { name: 'cluster-admin' } }, 'the bootstrap roles are in the caches');
  t.equal((await informers.listClusterRoleBindings()).length, (await s.clusterrolebindings.list(as(MASTER), {})).items.length, 'every binding listed');

  await s.rolebindings.create(as(MASTER, 'team'), binding('RoleBinding', 'bo-reads', 'ClusterRole', 'pod-reader', [user('bo')]));
  await until(t, 'a new RoleBinding to count', async () => (await mode.authorizer.authorize(getPods('bo', 'team'))).decision === 'Allow');
  t.equal((await mode.authorizer.authorize(getPods('bo', 'other'))).decision, 'NoOpinion', 'in its namespace only');
  t.equal(await informers.listClusterRoleBindings(), await informers.listClusterRoleBindings(), 'one list while nothing changes');
  await update(s.rolebindings, as(MASTER, 'team'), 'bo-reads', mutated((o) => Object.assign(o, { subjects: [user('di')] })));
  await until(t, 'an updated RoleBinding to count', async () => (await mode.authorizer.authorize(getPods('di', 'team'))).decision === 'Allow');
  t.equal((await mode.authorizer.authorize(getPods('bo', 'team'))).decision, 'NoOpinion', 'and its old subject to stop');
  await update(s.rolebindings, as(MASTER, 'team'), 'bo-reads', mutated((o) => Object.assign(o, { subjects: [user('bo')] })));
  await until(t, 'the RoleBinding to name bo again', async () => (await mode.authorizer.authorize(getPods('bo', 'team'))).decision === 'Allow');
  await s.clusterrolebindings.delete(as(MASTER), 'ann-reads', undefined, {});
  await until(t, 'a deleted ClusterRoleBinding to stop counting', async () => (await mode.authorizer.authorize(getPods('ann', 'x'))).decision === 'NoOpinion');

  // Roles of one name in two namespaces are two objects of the cache (keyed namespace/name, as client-go keys them).
  await s.roles.create(as(MASTER, 'a'), roleObj('same', [podsRule]));
  await s.roles.create(as(MASTER, 'b'), roleObj('same', [{ verbs: ['list'], apiGroups: [''], resources: ['pods'] }]));
  await until(t, 'both roles to arrive', async () => (await informers.getRole('b', 'same')) !== undefined);
  t.same((await informers.getRole('a', 'same'))?.rules, [podsRule]);
  t.same((await informers.getRole('b', 'same'))?.rules, [{ verbs: ['list'], apiGroups: [''], resources: ['pods'] }]);
  t.equal(await informers.getRole('c', 'same'), undefined);
  t.same(await informers.listRoleBindings('nowhere'), []);

  // Stopped, the caches keep what they saw: a binding created now is not seen (the Stores are no longer read).
  await informers.stop();
  await s.clusterrolebindings.create(as(MASTER), binding('ClusterRoleBinding', 'cy-reads', 'ClusterRole', 'pod-reader', [user('cy')]));
  t.equal((await mode.authorizer.authorize(getPods('cy', 'x'))).decision, 'NoOpinion', 'decisions come from the caches');
  t.equal((await new RBACAuthorizer(informers).authorize(getPods('bo', 'team'))).decision, 'Allow', 'and keep what they saw');
  t.same(errors, [], 'no list or watch failure');
});

t.test('storages that cannot be watched back no informer source', async (t) => {
  const s = groupsFor(memoryGetter(t));
  const roles = s.roles;
  const listOnly: Storage & Getter & Lister = {
    get: roles.get.bind(roles),
    newList: roles.newList.bind(roles),
    list: roles.list.bind(roles),
    newObject: roles.newObject.bind(roles),
    convertToTable: roles.convertToTable.bind(roles),
    destroy: () => undefined,
  };
  const stores = { roles: listOnly, rolebindings: s.rolebindings, clusterroles: s.clusterroles, clusterrolebindings: s.clusterrolebindings };
  t.notOk(InformerRuleSource.supports(stores));
  t.ok(InformerRuleSource.supports({ ...stores, roles: s.roles }));
  t.throws(() => new InformerRuleSource(stores), { message: 'the roles storage cannot be listed and watched' });
});
