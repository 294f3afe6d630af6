import { join } from 'node:path';
import { findKubectl, runKubectl } from '@apiserver/testing';
import t from 'tap';
import { until } from '../controllers/until.js';
import { ALICE_TOKEN, BOB_TOKEN, request, startRBACFixture } from './rbac-fixture.js';

const V1 = 'rbac.authorization.k8s.io/v1';
const RBAC_API = '/apis/rbac.authorization.k8s.io/v1';

t.test('kube-lite with --authorization-mode=RBAC', async (t) => {
  const f = await startRBACFixture();
  t.teardown(() => f.stop());
  const alice = (method: string, path: string, body?: unknown) => request(f.url, ALICE_TOKEN, method, path, body);
  const bob = (method: string, path: string, body?: unknown) => request(f.url, BOB_TOKEN, method, path, body);

  t.test('bootstrap policy: discovery for the authenticated, health and version for everyone', async (t) => {
    t.equal((await bob('GET', '/apis')).status, 200);
    t.equal((await bob('GET', '/api/v1')).status, 200);
    t.equal((await bob('GET', '/version')).status, 200);
    t.equal((await request(f.url, undefined, 'GET', '/healthz')).status, 200);
    t.equal((await request(f.url, undefined, 'GET', '/version')).status, 200);
    const anonymous = await request(f.url, undefined, 'GET', '/apis');
    t.equal(anonymous.status, 403);
    t.equal(anonymous.body.message, 'forbidden: User "system:anonymous" cannot get path "/apis"');
    const metrics = await bob('GET', '/metrics');
    t.equal(metrics.status, 403);
    const list = await alice('GET', `${RBAC_API}/clusterrolebindings`);
    t.equal(list.status, 200);
    const names = Array.isArray(list.body.items) ? list.body.items.map((i: { metadata?: { name?: string } }) => i.metadata?.name) : [];
    t.same(names.sort(), [
      'cluster-admin',
      'system:basic-user',
      'system:discovery',
      'system:kube-controller-manager',
      'system:kube-dns',
      'system:kube-scheduler',
      'system:monitoring',
      'system:node',
      'system:node-proxier',
      'system:public-info-viewer',
      'system:service-account-issuer-discovery',
      'system:volume-scheduler',
    ], "kube-apiserver 1.32's ClusterRoleBindings but the system:controller:* ones");
  });

  t.test('the namespaced bootstrap roles: extension-apiserver-authentication-reader reads its ConfigMap only', async (t) => {
    const roles = await alice('GET', `${RBAC_API}/namespaces/kube-system/roles`);
    const names = Array.isArray(roles.body.items) ? roles.body.items.map((i: { metadata?: { name?: string } }) => i.metadata?.name) : [];
    t.ok(names.includes('extension-apiserver-authentication-reader'), names.join(','));
    const authConfig = '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication';
    t.equal((await bob('GET', authConfig)).status, 403, 'not before a binding');
    // What an aggregated API server's manifests bind to its service account (here: bob).
    const binding = { apiVersion: V1, kind: 'RoleBinding', metadata: { name: 'bob-auth-reader' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'extension-apiserver-authentication-reader' }, subjects: [{ kind: 'User', name: 'bob' }] };
    t.equal((await alice('POST', `${RBAC_API}/namespaces/kube-system/rolebindings`, binding)).status, 201);
    t.not((await bob('GET', authConfig)).status, 403, 'the named ConfigMap');
    t.equal((await bob('GET', '/api/v1/namespaces/kube-system/configmaps/other')).status, 403, 'no other');
    t.equal((await bob('GET', '/api/v1/namespaces/kube-system/configmaps')).status, 403, 'nor the list (resourceNames)');
  });

  t.test('the aggregated view and edit roles, bound in a namespace, and a role aggregated into view', async (t) => {
    t.equal((await alice('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'viewers' } })).status, 201);
    const binding = (name: string, role: string) => ({ apiVersion: V1, kind: 'RoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role }, subjects: [{ kind: 'User', name: 'bob' }] });
    t.equal((await alice('POST', `${RBAC_API}/namespaces/viewers/rolebindings`, binding('bob-view', 'view'))).status, 201);
    t.equal((await bob('GET', '/api/v1/namespaces/viewers/pods')).status, 200, 'view lists pods');
    t.equal((await bob('GET', '/api/v1/namespaces/viewers/secrets')).status, 403, 'but not secrets');
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } };
    t.equal((await bob('POST', '/api/v1/namespaces/viewers/configmaps', configMap)).status, 403, 'nor writes');
    const reader = { apiVersion: V1, kind: 'ClusterRole', metadata: { name: 'leases-reader', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }, rules: [{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['list'] }] };
    t.equal((await alice('POST', `${RBAC_API}/clusterroles`, reader)).status, 201);
    // As on a cluster, the aggregation controller writes the role's rules into view; the authorizer reads view's rules.
    const readsLeases = async () => (await bob('GET', '/apis/coordination.k8s.io/v1/namespaces/viewers/leases')).status === 200;
    await until(t, 'a role labelled aggregate-to-view to add to view', readsLeases);
    const viewRules = (await alice('GET', `${RBAC_API}/clusterroles/view`)).body.rules;
    t.ok(
      Array.isArray(viewRules) && viewRules.some((r: { resources?: string[] }) => r.resources?.includes('leases') === true),
      'the controller wrote the picked rule into view, where kubectl get -o yaml shows it',
    );
    t.equal((await alice('POST', `${RBAC_API}/namespaces/viewers/rolebindings`, binding('bob-edit', 'edit'))).status, 201);
    t.equal((await bob('POST', '/api/v1/namespaces/viewers/configmaps', configMap)).status, 201, 'edit writes');
  });

  t.test('alice (system:masters) sets up bob; bob is allowed and denied with upstream messages', async (t) => {
    t.equal((await alice('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } })).status, 201);
    const role = {
      apiVersion: V1,
      kind: 'Role',
      metadata: { name: 'dev' },
      rules: [
        { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'create'] },
        { apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'], verbs: ['create'] },
      ],
    };
    t.equal((await alice('POST', `${RBAC_API}/namespaces/team/roles`, role)).status, 201);
    const rb = { apiVersion: V1, kind: 'RoleBinding', metadata: { name: 'bob-dev' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'dev' }, subjects: [{ kind: 'User', name: 'bob' }] };
    const created = await alice('POST', `${RBAC_API}/namespaces/team/rolebindings`, rb);
    t.equal(created.status, 201);
    t.match(created.body, { subjects: [{ apiGroup: 'rbac.authorization.k8s.io' }] });

    t.equal((await bob('GET', '/api/v1/namespaces/team/configmaps')).status, 200);
    t.equal((await bob('POST', '/api/v1/namespaces/team/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })).status, 201);
    const table: [string, string, string][] = [
      ['GET', '/api/v1/namespaces/default/configmaps', 'configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "default"'],
      ['DELETE', '/api/v1/namespaces/team/configmaps/c', 'configmaps "c" is forbidden: User "bob" cannot delete resource "configmaps" in API group "" in the namespace "team"'],
      ['GET', '/api/v1/nodes', 'nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope'],
      ['GET', '/api/v1/namespaces/team/secrets', 'secrets is forbidden: User "bob" cannot list resource "secrets" in API group "" in the namespace "team"'],
    ];
    for (const [method, path, message] of table) {
      const res = await bob(method, path);
      t.equal(res.status, 403, `${method} ${path}`);
      t.match(res.body, { kind: 'Status', reason: 'Forbidden', message });
    }

    const escalating = { ...role, metadata: { name: 'sneaky' }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }] };
    const denied = await bob('POST', `${RBAC_API}/namespaces/team/roles`, escalating);
    t.equal(denied.status, 403);
    t.equal(
      denied.body.message,
      'roles.rbac.authorization.k8s.io "sneaky" is forbidden: user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}',
    );
    const subset = { ...role, metadata: { name: 'reader' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }] };
    t.equal((await bob('POST', `${RBAC_API}/namespaces/team/roles`, subset)).status, 201, 'granting what bob holds');

    const ghost = { ...rb, metadata: { name: 'ghost' }, roleRef: { ...rb.roleRef, name: 'ghost' } };
    t.equal((await alice('POST', `${RBAC_API}/namespaces/team/rolebindings`, ghost)).status, 201, 'masters may bind a missing role');
    const withError = await bob('GET', '/api/v1/namespaces/team/pods');
    t.equal(withError.body.message, 'pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "team": RBAC: role.rbac.authorization.k8s.io "ghost" not found');
    t.equal((await alice('DELETE', `${RBAC_API}/namespaces/team/rolebindings/bob-dev`)).status, 200);
    t.equal((await bob('GET', '/api/v1/namespaces/team/configmaps')).status, 403, 'a deleted binding stops applying at once');
  });

  t.test('kubectl', async (t) => {
    const kubectl = await findKubectl();
    if (!('binary' in kubectl)) {
      t.comment(`skipped: ${kubectl.reason}`);
      return;
    }
    const run = (token: string, ...args: string[]) => runKubectl(kubectl.binary, args, { kubeconfig: f.kubeconfig(token), cacheDir: join(f.dir, `cache-${token}`), timeoutMs: 30_000 });
    const forbidden = await run(BOB_TOKEN, 'get', 'pods', '-n', 'default');
    t.equal(forbidden.code, 1);
    t.match(forbidden.stderr, 'Error from server (Forbidden): pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "default"');
    const roles = await run(ALICE_TOKEN, 'get', 'clusterroles', 'cluster-admin', 'system:discovery');
    t.equal(roles.code, 0, roles.stderr);
    t.match(roles.stdout, /^NAME\s+CREATED AT\ncluster-admin\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\nsystem:discovery\s+/);
    const bindings = await run(ALICE_TOKEN, 'get', 'rolebindings', '-n', 'team', '-o', 'wide');
    t.equal(bindings.code, 0, bindings.stderr);
    t.match(bindings.stdout, /^NAME\s+ROLE\s+AGE\s+USERS\s+GROUPS\s+SERVICEACCOUNTS\nghost\s+Role\/ghost\s+\S+\s+bob\s*\n/);
    const created = await run(ALICE_TOKEN, 'create', 'rolebinding', 'bob-dev-again', '-n', 'team', '--role=dev', '--user=bob');
    t.equal(created.code, 0, created.stderr);
    t.match(created.stdout, 'rolebinding.rbac.authorization.k8s.io/bob-dev-again created');
    const own = await run(BOB_TOKEN, 'create', 'role', 'r2', '-n', 'team', '--verb=get', '--resource=secrets');
    t.equal(own.code, 1);
    t.match(
      own.stderr,
      'Error from server (Forbidden): roles.rbac.authorization.k8s.io "r2" is forbidden: user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}',
    );
    const held = await run(BOB_TOKEN, 'create', 'role', 'r3', '-n', 'team', '--verb=list', '--resource=configmaps');
    t.equal(held.code, 0, held.stderr);
  });
});
