import { type ApiObject, type RequestContext, type Store, defaultUpdatedObjectInfo } from '@apiserver/registry';
import { type Attributes, type Authorizer, authorizerForModes, RBACAuthorizer } from '@apiserver/server';
import t from 'tap';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles } from '../../../src/registry/rbac/bootstrap-policy.js';
import { bootstrapNamespaceRoleBindings, bootstrapNamespaceRoles } from '../../../src/registry/rbac/namespace-policy.js';
import { ensureBootstrapPolicy, rbacRuleSourceFor } from '../../../src/registry/rbac/provider.js';
import { RBACStorageError, StoreRuleSource } from '../../../src/registry/rbac/rule-source.js';
import { causesOf, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';
import { as, BOB, binding, clusterRoleObj, G, groupsFor, MASTER, roleObj, V1 } from './rbac-stores.js';

/** RBAC over the Stores (no informers): each decision reads what the test wrote just before it. */
const storeAuthorizer = (groups: Parameters<typeof rbacRuleSourceFor>[0]): RBACAuthorizer => new RBACAuthorizer(rbacRuleSourceFor(groups));

t.test('provider, store facts, defaults and printers', async (t) => {
  const s = groupsFor(memoryGetter(t));
  t.equal(s.provider.groupName(), G);
  t.same(s.groups[0]?.prioritizedVersions, [{ group: G, version: 'v1' }]);
  t.ok(s.groups[0]?.scheme.recognizes({ group: G, version: 'v1', kind: 'ClusterRoleBinding' }));
  t.same(
    [s.roles, s.rolebindings, s.clusterroles, s.clusterrolebindings].map((x) => [x.getSingularName(), x.namespaceScoped()]),
    [['role', true], ['rolebinding', true], ['clusterrole', false], ['clusterrolebinding', false]],
  );
  const rb = await s.rolebindings.create(
    as(MASTER, 'ns1'),
    binding('RoleBinding', 'rb', 'Role', 'r', [
      { kind: 'User', name: 'bob' },
      { kind: 'Group', name: 'devs' },
      { kind: 'ServiceAccount', name: 'builder', namespace: 'ns1' },
      { kind: 'ServiceAccount', name: 'plain' },
    ]),
  );
  t.same(
    (rb.subjects as { apiGroup?: string }[]).map((x) => x.apiGroup),
    [G, G, undefined, undefined],
    'User and Group subjects get the RBAC apiGroup (SetDefaults_Subject)',
  );
  const noGroup = await s.clusterrolebindings.create(as(MASTER), { ...binding('ClusterRoleBinding', 'x', 'ClusterRole', 'view', []), roleRef: { kind: 'ClusterRole', name: 'view' } });
  t.match(noGroup, { roleRef: { apiGroup: G } }, 'roleRef apiGroup defaulted');
  const updated = await update(s.clusterrolebindings, as(MASTER), 'x', mutated((o) => Object.assign(o, { subjects: [{ kind: 'User', name: 'carol' }] })));
  t.match(updated, { subjects: [{ apiGroup: G }] }, 'defaults on update too');

  const at = { ...rb, metadata: { ...rb.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const bt = await s.rolebindings.convertToTable({}, { apiVersion: V1, kind: 'RoleBindingList', metadata: {}, items: [at] });
  t.same(
    bt.columnDefinitions.map((c) => [c.name, c.priority]),
    [['Name', 0], ['Role', 0], ['Age', 0], ['Users', 1], ['Groups', 1], ['ServiceAccounts', 1]],
  );
  t.same(bt.rows?.[0]?.cells, ['rb', 'Role/r', '3h', 'bob', 'devs', 'ns1/builder, plain']);
  const cr = await s.clusterroles.create(as(MASTER), clusterRoleObj('view', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]));
  const rt = await s.clusterroles.convertToTable({}, { ...cr, metadata: { ...cr.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(rt.columnDefinitions.map((c) => [c.name, c.type]), [['Name', 'string'], ['Created At', 'date']]);
  t.same(rt.rows?.[0]?.cells, ['view', '2026-01-01T00:00:00Z']);
  const ct = await s.clusterrolebindings.convertToTable({}, { ...updated, metadata: { ...updated.metadata, creationTimestamp: '2026-01-01T02:00:00Z' } });
  t.same(ct.rows?.[0]?.cells, ['x', 'ClusterRole/view', '60m', 'carol', '', '']);
  t.equal(ct.columnDefinitions[3]?.description, 'Users in the clusterRoleBinding');
});

t.test('validation of rules, aggregation, roleRef and subjects (upstream messages)', async (t) => {
  const s = groupsFor(memoryGetter(t));
  const ctx = as(MASTER, 'ns1');
  const cases: [Store, RequestContext, ApiObject, string[]][] = [
    [s.roles, ctx, roleObj('a', [{ apiGroups: [''], resources: ['pods'] }]), ['rules[0].verbs: Required value: verbs must contain at least one value']],
    [
      s.roles,
      ctx,
      roleObj('a', [{ verbs: ['get'] }]),
      ['rules[0].apiGroups: Required value: resource rules must supply at least one api group', 'rules[0].resources: Required value: resource rules must supply at least one resource'],
    ],
    [
      s.roles,
      ctx,
      roleObj('a', [{ verbs: ['get'], nonResourceURLs: ['/x'], resources: ['pods'] }]),
      [
        'rules[0].nonResourceURLs: Invalid value: ["/x"]: namespaced rules cannot apply to non-resource URLs',
        'rules[0].nonResourceURLs: Invalid value: ["/x"]: rules cannot apply to both regular resources and non-resource URLs',
      ],
    ],
    [s.clusterroles, as(MASTER), clusterRoleObj('c', [], { aggregationRule: {} }), ['aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil']],
    [
      s.clusterroles,
      as(MASTER),
      clusterRoleObj('c', [], { aggregationRule: { clusterRoleSelectors: [{ matchExpressions: [{ key: 'k', operator: 'Near' }] }] } }),
      ['aggregationRule.clusterRoleSelectors[0]: Invalid value: {"matchExpressions":[{"key":"k","operator":"Near"}]}: "Near" is not a valid label selector operator'],
    ],
    [s.roles, ctx, roleObj('a/b', []), ['metadata.name: Invalid value: "a/b": may not contain \'/\'']],
    [
      s.rolebindings,
      ctx,
      { ...binding('RoleBinding', 'b', 'Widget', '', [{ kind: 'Robot', name: '' }]), roleRef: { apiGroup: 'x', kind: 'Widget', name: '' } },
      [
        'roleRef.apiGroup: Unsupported value: "x": supported values: "rbac.authorization.k8s.io"',
        'roleRef.kind: Unsupported value: "Widget": supported values: "Role", "ClusterRole"',
        'roleRef.name: Required value',
        'subjects[0].name: Required value',
        'subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
      ],
    ],
    [
      s.clusterrolebindings,
      as(MASTER),
      binding('ClusterRoleBinding', 'b', 'Role', 'x%y', [
        { kind: 'ServiceAccount', name: 'Bad_Name', apiGroup: G },
        { kind: 'User', name: 'u', apiGroup: 'other' },
      ]),
      [
        'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
        'roleRef.name: Invalid value: "x%y": may not contain \'%\'',
        'subjects[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
        'subjects[0].apiGroup: Unsupported value: "rbac.authorization.k8s.io": supported values: ""',
        'subjects[0].namespace: Required value',
        'subjects[1].apiGroup: Unsupported value: "other": supported values: "rbac.authorization.k8s.io"',
      ],
    ],
  ];
  for (const [store, c, obj, want] of cases) {
    const err = await statusErrorOf(t, store.create(c, obj));
    t.equal(err.status.code, 422, `${String(obj.kind)} ${obj.metadata.name ?? ''}`);
    t.same(causesOf(err), want);
  }
  await s.rolebindings.create(ctx, binding('RoleBinding', 'ok', 'Role', 'r', []));
  const changed = await statusErrorOf(t, update(s.rolebindings, ctx, 'ok', mutated((o) => Object.assign(o, { roleRef: { apiGroup: G, kind: 'Role', name: 'other' } }))));
  t.same(causesOf(changed), ['roleRef: Invalid value: {"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"other"}: cannot change roleRef']);
  const ok = await update(s.rolebindings, ctx, 'ok', mutated((o) => Object.assign(o, { subjects: [{ kind: 'Group', name: 'g' }] })));
  t.match(ok, { subjects: [{ kind: 'Group', apiGroup: G }] });
});

t.test('escalation prevention (policy-based storage)', async (t) => {
  let serverAuthorizer: Authorizer | undefined;
  const s = groupsFor(memoryGetter(t), { authorizer: () => serverAuthorizer });
  const master = as(MASTER);
  const bobIn = (ns: string) => as(BOB, ns);
  await s.roles.create(as(MASTER, 'ns1'), roleObj('cm-reader', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'] }]));
  await s.rolebindings.create(as(MASTER, 'ns1'), binding('RoleBinding', 'bob-cm', 'Role', 'cm-reader', [{ kind: 'User', name: 'bob' }]));
  await s.clusterroles.create(master, clusterRoleObj('cluster-admin', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { verbs: ['*'], nonResourceURLs: ['*'] }]));

  t.match(await s.roles.create(bobIn('ns1'), roleObj('subset', [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }])), { metadata: { name: 'subset' } }, 'a subset of held rules');
  const grant = roleObj('more', [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['configmaps', 'secrets'] }]);
  const denied = await statusErrorOf(t, s.roles.create(bobIn('ns1'), grant));
  t.equal(denied.status.code, 403);
  t.equal(
    denied.status.message,
    'roles.rbac.authorization.k8s.io "more" is forbidden: user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:[""], Resources:["configmaps"], Verbs:["delete"]}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "delete"]}',
  );
  t.equal((await statusErrorOf(t, s.roles.create(bobIn('ns2'), roleObj('subset', [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }])))).status.code, 403, 'held in ns1 only');
  t.equal((await statusErrorOf(t, s.roles.create(as(undefined, 'ns1'), roleObj('x', [])))).status.message, 'roles.rbac.authorization.k8s.io "x" is forbidden: no user on request');
  t.match(await s.roles.create(as(MASTER, 'ns1'), grant), { metadata: { name: 'more' } }, 'system:masters is exempt');

  const bobRole = await s.roles.get(bobIn('ns1'), 'subset', {});
  const widen = await statusErrorOf(t, update(s.roles, bobIn('ns1'), 'subset', mutated((o) => Object.assign(o, { rules: [{ verbs: ['*'], apiGroups: [''], resources: ['configmaps'] }] }))));
  t.equal(widen.status.code, 403, 'update checked too');
  const owners = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o', uid: 'u1' }];
  t.match(await update(s.roles, bobIn('ns1'), 'more', mutated((o) => Object.assign(o.metadata, { ownerReferences: owners }))), { metadata: { ownerReferences: owners } }, 'GC-only updates pass');
  t.equal((await statusErrorOf(t, update(s.roles, bobIn('ns1'), 'more', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } }))))).status.code, 403, 'other metadata changes are checked');
  t.ok(bobRole.metadata.uid);

  // escalate and bind verbs, through the server's authorizer
  const extra: Authorizer = {
    authorize: (a: Attributes) => ({
      decision: a.user?.name === 'bob' && ((a.verb === 'escalate' && a.resource === 'roles') || (a.verb === 'bind' && a.resource === 'clusterroles' && a.name === 'cluster-admin' && a.namespace === 'ns1')) ? 'Allow' : 'NoOpinion',
      reason: '',
    }),
  };
  const crb = binding('ClusterRoleBinding', 'bob-admin', 'ClusterRole', 'cluster-admin', [{ kind: 'User', name: 'bob' }]);
  const rbAdmin = binding('RoleBinding', 'bob-admin', 'ClusterRole', 'cluster-admin', [{ kind: 'User', name: 'bob' }]);
  const notHeld = await statusErrorOf(t, s.rolebindings.create(bobIn('ns1'), rbAdmin));
  t.equal(notHeld.status.code, 403);
  t.match(notHeld.status.message, /^rolebindings\.rbac\.authorization\.k8s\.io "bob-admin" is forbidden: user "bob" .* not currently held:\n\{APIGroups:\["\*"\], Resources:\["\*"\], Verbs:\["\*"\]\}\n\{NonResourceURLs:\["\*"\], Verbs:\["\*"\]\}$/);
  serverAuthorizer = authorizerForModes(['RBAC', 'Extra'], { RBAC: storeAuthorizer(s.groups), Extra: extra });
  t.match(await s.roles.create(bobIn('ns1'), grant.metadata.name === 'more' ? { ...grant, metadata: { name: 'escalated' } } : grant), { metadata: { name: 'escalated' } }, 'escalate verb');
  t.match(await s.rolebindings.create(bobIn('ns1'), rbAdmin), { metadata: { name: 'bob-admin' } }, 'bind verb on the ClusterRole in the namespace');
  t.equal((await statusErrorOf(t, s.clusterrolebindings.create(as(BOB), crb))).status.code, 403, 'bind is namespaced: not cluster-wide');
  t.match(await s.rolebindings.create(bobIn('ns1'), binding('RoleBinding', 'held', 'Role', 'cm-reader', [{ kind: 'User', name: 'carol' }])), { metadata: { name: 'held' } }, 'binding a held role');
  const missing = await statusErrorOf(t, s.rolebindings.create(bobIn('ns2'), binding('RoleBinding', 'm', 'ClusterRole', 'nope', [])));
  t.equal(missing.status.code, 404);
  t.equal(missing.status.message, 'clusterrole.rbac.authorization.k8s.io "nope" not found');
  t.equal((await statusErrorOf(t, s.rolebindings.create(as(BOB), binding('RoleBinding', 'n', 'Role', 'cm-reader', [])))).status.message, 'namespace is required');
  t.equal((await statusErrorOf(t, s.rolebindings.create(bobIn('ns1'), binding('RoleBinding', 'w', 'Widget', 'x', [])))).status.code, 422, 'an unsupported roleRef kind is left to validation');

  // aggregationRule needs every permission
  serverAuthorizer = storeAuthorizer(s.groups);
  const everyVerbButEscalate = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];
  await s.clusterroles.create(master, clusterRoleObj('all-resources', [{ verbs: everyVerbButEscalate, apiGroups: ['*'], resources: ['*'] }]));
  await s.clusterrolebindings.create(master, binding('ClusterRoleBinding', 'carol', 'ClusterRole', 'all-resources', [{ kind: 'User', name: 'carol' }]));
  const carol = as({ name: 'carol', groups: [] });
  t.match(await s.clusterroles.create(carol, clusterRoleObj('pods', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }])), { metadata: { name: 'pods' } });
  const agg = await statusErrorOf(t, s.clusterroles.create(carol, clusterRoleObj('agg', [], { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] } })));
  t.equal(agg.status.message, 'clusterroles.rbac.authorization.k8s.io "agg" is forbidden: must have cluster-admin privileges to use the aggregationRule');
  await s.clusterrolebindings.create(master, binding('ClusterRoleBinding', 'carol-admin', 'ClusterRole', 'cluster-admin', [{ kind: 'User', name: 'carol' }]));
  t.match(await s.clusterroles.create(carol, clusterRoleObj('agg', [], { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] } })), { metadata: { name: 'agg' } });
  const put = await s.clusterroles.update(carol, 'new', defaultUpdatedObjectInfo(clusterRoleObj('new', [])), undefined, undefined, true, {});
  t.equal(put.created, true, 'create-on-update is checked as a create');
});

t.test('rule source, authorizer and bootstrap policy over the stores', async (t) => {
  const s = groupsFor(memoryGetter(t));
  await ensureBootstrapPolicy(s.groups);
  await ensureBootstrapPolicy(s.groups);
  t.same((await s.clusterroles.list({}, {})).items.map((o) => o.metadata.name).sort(), bootstrapClusterRoles().map((o) => o.metadata.name).sort(), 'idempotent');
  t.equal((await s.clusterrolebindings.list({}, {})).items.length, bootstrapClusterRoleBindings().length);
  const namespaced = async (store: typeof s.roles) => (await store.list({}, {})).items.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);
  t.same(await namespaced(s.roles), bootstrapNamespaceRoles().map((o) => `${o.metadata.namespace}/${o.metadata.name}`), 'the kube-system and kube-public roles, once');
  t.same(await namespaced(s.rolebindings), bootstrapNamespaceRoleBindings().map((o) => `${o.metadata.namespace}/${o.metadata.name}`));
  const rbac = storeAuthorizer(s.groups);
  const ask = async (user: { name: string; groups: string[] }, verb: string, path: string, resource = '', apiGroup = '', namespace = '') =>
    (
      await rbac.authorize({
        user: { ...user, uid: '' },
        verb,
        isResourceRequest: resource !== '',
        path,
        namespace,
        apiGroup,
        apiVersion: 'v1',
        resource,
        subresource: '',
        name: '',
      })
    ).decision;
  const anon = { name: 'system:anonymous', groups: ['system:unauthenticated'] };
  const authenticated = (name: string) => ({ name, groups: ['system:authenticated'] });
  const scheduler = authenticated('system:kube-scheduler');
  const controllerManager = authenticated('system:kube-controller-manager');
  const kubeProxy = authenticated('system:kube-proxy');
  const kubeDNS = { name: 'system:serviceaccount:kube-system:kube-dns', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] };
  const table: [{ name: string; groups: string[] }, string, string, string, string, string][] = [
    [MASTER, 'delete', '', 'nodes', '', 'Allow'],
    [MASTER, 'get', '/metrics', '', '', 'Allow'],
    [BOB, 'get', '/apis', '', '', 'Allow'],
    [BOB, 'get', '/api/v1', '', '', 'Allow'],
    [BOB, 'get', '/openapi/v3', '', '', 'Allow'],
    [BOB, 'get', '/version', '', '', 'Allow'],
    [BOB, 'get', '/metrics', '', '', 'NoOpinion'],
    [BOB, 'create', '', 'selfsubjectaccessreviews', 'authorization.k8s.io', 'Allow'],
    [BOB, 'create', '', 'selfsubjectreviews', 'authentication.k8s.io', 'Allow'],
    [BOB, 'list', '', 'pods', '', 'NoOpinion'],
    [anon, 'get', '/healthz', '', '', 'Allow'],
    [anon, 'get', '/readyz', '', '', 'Allow'],
    [anon, 'get', '/version', '', '', 'Allow'],
    [anon, 'get', '/apis', '', '', 'NoOpinion'],
    // The components' roles and bindings.
    [scheduler, 'create', '', 'bindings', '', 'Allow'],
    [scheduler, 'list', '', 'csistoragecapacities', 'storage.k8s.io', 'Allow'],
    [scheduler, 'update', '', 'persistentvolumes', '', 'Allow'],
    [scheduler, 'delete', '', 'nodes', '', 'NoOpinion'],
    [controllerManager, 'list', '', 'secrets', '', 'Allow'],
    [controllerManager, 'delete', '', 'pods', '', 'NoOpinion'],
    [kubeProxy, 'watch', '', 'endpointslices', 'discovery.k8s.io', 'Allow'],
    [kubeProxy, 'create', '', 'pods', '', 'NoOpinion'],
    [kubeDNS, 'watch', '', 'services', '', 'Allow'],
  ];
  for (const [user, verb, path, resource, group, want] of table) {
    t.equal(await ask(user, verb, path, resource, group), want, `${user.name} ${verb} ${path}${resource}`);
  }
  const source = rbacRuleSourceFor(s.groups);
  t.equal(await source.getRole('ns', 'none'), undefined);
  t.equal(await source.getClusterRole('none'), undefined);
  t.match(await source.getClusterRole('cluster-admin'), { metadata: { name: 'cluster-admin', labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } } });
  t.same(await source.listRoleBindings('ns'), []);
  await s.roles.create(as(MASTER, 'ns'), roleObj('r', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]));
  t.same(await source.getRole('ns', 'r'), { metadata: { name: 'r', namespace: 'ns' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] });
  await s.clusterroles.create(as(MASTER), clusterRoleObj('agg', [], { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } }] } }));
  t.match(await source.getClusterRole('agg'), { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } }] } });
  // Unchanged roles and bindings are read shared and converted once; a changed one is read anew.
  const listed = await source.listClusterRoleBindings();
  const again = await source.listClusterRoleBindings();
  t.ok(listed.length > 0 && listed.every((b, i) => b === again[i]), 'the same converted bindings while none changes');
  t.equal(await source.getClusterRole('cluster-admin'), await source.getClusterRole('cluster-admin'), 'the same converted role');
  t.notOk(Object.isFrozen((await s.clusterrolebindings.get(as(MASTER), 'cluster-admin', {})).metadata), 'a plain get still copies');
  const crb = binding('ClusterRoleBinding', 'bob-view', 'ClusterRole', 'view', [{ kind: 'User', apiGroup: G, name: 'bob' }]);
  await s.clusterrolebindings.create(as(MASTER), crb);
  const before = (await source.listClusterRoleBindings()).find((b) => b.metadata.name === 'bob-view');
  await update(s.clusterrolebindings, as(MASTER), 'bob-view', mutated((o) => Object.assign(o, { subjects: [{ kind: 'User', apiGroup: G, name: 'carol' }] })));
  const after = (await source.listClusterRoleBindings()).find((b) => b.metadata.name === 'bob-view');
  t.same([before?.subjects?.[0]?.name, after?.subjects?.[0]?.name], ['bob', 'carol'], 'an updated binding is converted again');
  t.throws(() => rbacRuleSourceFor([]), RBACStorageError);
  t.throws(() => new StoreRuleSource({ roles: undefined, rolebindings: s.rolebindings, clusterroles: s.clusterroles, clusterrolebindings: s.clusterrolebindings }), {
    message: 'the roles storage cannot get and list',
  });
  await t.resolves(ensureBootstrapPolicy([]), 'no RBAC group: nothing to do');
});
