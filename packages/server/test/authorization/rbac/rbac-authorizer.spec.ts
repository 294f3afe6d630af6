import t from 'tap';
import { type Attributes, AuthorizationModeError, authorizerForModes } from '../../../src/authorization/authorizer.js';
import { RBACAuthorizer, aggregateMessage } from '../../../src/authorization/rbac/rbac-authorizer.js';
import { ruleAllows, trimStars } from '../../../src/authorization/rbac/rule-matching.js';
import { RoleResolutionError, RuleResolver, sameRule } from '../../../src/authorization/rbac/rule-resolver.js';
import { appliesToUser, describeSubject, serviceAccountUsername } from '../../../src/authorization/rbac/subjects.js';
import type { PolicyRule } from '../../../src/authorization/rbac/types.js';
import {
  clusterRole,
  clusterRoleBinding,
  pathAttrs,
  resourceAttrs,
  role,
  roleBinding,
  rule,
  StaticRuleSource,
  type StaticPolicy,
} from './fixtures.js';

t.test('RuleAllows (upstream TestRuleMatches)', async (t) => {
  const r = (verb: string, group: string, resource: string, subresource = '', name = '') =>
    resourceAttrs('u', '', verb, resource, subresource, 'ns', group, name);
  const cases: { name: string; rule: PolicyRule; expect: [Attributes, boolean][] }[] = [
    {
      name: 'star verb, exact match other',
      rule: rule('*', 'group1', 'resource1'),
      expect: [
        [r('verb1', 'group1', 'resource1'), true],
        [r('verb1', 'group2', 'resource1'), false],
        [r('verb1', 'group1', 'resource2'), false],
        [r('verb2', 'group1', 'resource1'), true],
      ],
    },
    {
      name: 'star group, exact match other',
      rule: rule('verb1', '*', 'resource1'),
      expect: [
        [r('verb1', 'group1', 'resource1'), true],
        [r('verb1', 'group2', 'resource1'), true],
        [r('verb1', 'group1', 'resource2'), false],
        [r('verb2', 'group1', 'resource1'), false],
      ],
    },
    {
      name: 'star resource, exact match other',
      rule: rule('verb1', 'group1', '*'),
      expect: [
        [r('verb1', 'group1', 'resource1'), true],
        [r('verb1', 'group2', 'resource1'), false],
        [r('verb1', 'group1', 'resource2'), true],
        [r('verb1', 'group1', 'resource1', 'sub'), true],
      ],
    },
    {
      name: 'tuple expansion',
      rule: rule('verb1,verb2', 'group1,group2', 'resource1,resource2'),
      expect: [
        [r('verb1', 'group1', 'resource1'), true],
        [r('verb2', 'group2', 'resource2'), true],
        [r('verb3', 'group1', 'resource1'), false],
        [r('verb1', 'group3', 'resource1'), false],
      ],
    },
    {
      name: 'subresource expansion',
      rule: rule('*', '*', 'resource1/subresource1'),
      expect: [
        [r('verb1', 'group1', 'resource1', 'subresource1'), true],
        [r('verb1', 'group1', 'resource1', 'subresource2'), false],
        [r('verb1', 'group1', 'resource1'), false],
        [r('verb1', 'group1', 'resource2', 'subresource1'), false],
      ],
    },
    {
      name: '*/subresource',
      rule: rule('get', '*', '*/scale'),
      expect: [
        [r('get', 'apps', 'deployments', 'scale'), true],
        [r('get', '', 'anything', 'scale'), true],
        [r('get', 'apps', 'deployments'), false],
        [r('get', 'apps', 'deployments', 'status'), false],
        [r('get', 'apps', 'deployments', 'xscale'), false],
      ],
    },
    {
      name: 'resourceNames',
      rule: rule('get', '*', '*', '', 'foo,bar'),
      expect: [
        [r('get', 'g', 'things', '', 'foo'), true],
        [r('get', 'g', 'things', '', 'bar'), true],
        [r('get', 'g', 'things', '', 'baz'), false],
        [r('get', 'g', 'things', '', ''), false],
      ],
    },
    {
      name: 'resource rule never matches a path',
      rule: rule('*', '*', '*'),
      expect: [[pathAttrs('u', '', 'get', '/api'), false]],
    },
    {
      name: 'star nonresource and prefixes',
      rule: rule('get', '', '', '*'),
      expect: [
        [pathAttrs('u', '', 'get', '/foo'), true],
        [pathAttrs('u', '', 'get', '/'), true],
        [pathAttrs('u', '', 'post', '/foo'), false],
        [r('get', '', 'pods'), false],
      ],
    },
    {
      name: 'nonresource subpath and exact',
      rule: rule('get', '', '', '/foo/*,/exact,/multi**'),
      expect: [
        [pathAttrs('u', '', 'get', '/foo/bar'), true],
        [pathAttrs('u', '', 'get', '/foo/'), true],
        [pathAttrs('u', '', 'get', '/foo'), false],
        [pathAttrs('u', '', 'get', '/exact'), true],
        [pathAttrs('u', '', 'get', '/exact/x'), false],
        [pathAttrs('u', '', 'get', '/multi'), true],
        [pathAttrs('u', '', 'get', '/multiple'), true],
      ],
    },
    { name: 'empty verbs match nothing', rule: rule('', '*', '*'), expect: [[r('get', '', 'pods'), false]] },
  ];
  for (const c of cases) {
    for (const [attrs, want] of c.expect) {
      const what = attrs.isResourceRequest ? `${attrs.verb} ${attrs.apiGroup}/${attrs.resource}/${attrs.subresource} ${attrs.name}` : `${attrs.verb} ${attrs.path}`;
      t.equal(ruleAllows(attrs, c.rule), want, `${c.name}: ${what}`);
    }
  }
  t.equal(trimStars('/a***'), '/a');
  t.equal(trimStars('***'), '');
});

t.test('RBACAuthorizer (upstream TestAuthorizer)', async (t) => {
  const cases: { policy: StaticPolicy; pass: Attributes[]; fail: Attributes[] }[] = [
    {
      policy: {
        clusterRoles: [clusterRole('admin', [rule('*', '*', '*')])],
        roleBindings: [roleBinding('ns1', 'admin', 'ClusterRole', 'admin', 'User:admin', 'Group:admins')],
      },
      pass: [
        resourceAttrs('admin', '', 'get', 'Pods', '', 'ns1'),
        resourceAttrs('admin', '', 'watch', 'Pods', '', 'ns1'),
        resourceAttrs('admin', 'group1', 'watch', 'Foobar', '', 'ns1'),
        resourceAttrs('joe', 'admins', 'watch', 'Foobar', '', 'ns1'),
        resourceAttrs('joe', 'group1,admins', 'watch', 'Foobar', '', 'ns1'),
      ],
      fail: [
        resourceAttrs('admin', '', 'GET', 'Pods', '', 'ns2'),
        resourceAttrs('admin', '', 'GET', 'Nodes', '', ''),
        resourceAttrs('admin', 'admins', 'GET', 'Pods', '', 'ns2'),
        resourceAttrs('admin', 'admins', 'GET', 'Nodes', '', ''),
      ],
    },
    {
      policy: {
        clusterRoles: [
          clusterRole('non-resource-url-getter', [rule('get', '', '', '/apis')]),
          clusterRole('non-resource-url', [rule('*', '', '', '/apis')]),
          clusterRole('non-resource-url-prefix', [rule('get', '', '', '/apis/*')]),
        ],
        clusterRoleBindings: [
          clusterRoleBinding('non-resource-url-getter', 'User:foo', 'Group:bar'),
          clusterRoleBinding('non-resource-url', 'User:admin', 'Group:admin'),
          clusterRoleBinding('non-resource-url-prefix', 'User:prefixed', 'Group:prefixed'),
        ],
      },
      pass: [
        pathAttrs('foo', '', 'get', '/apis'),
        pathAttrs('', 'bar', 'get', '/apis'),
        pathAttrs('admin', '', 'get', '/apis'),
        pathAttrs('', 'admin', 'get', '/apis'),
        pathAttrs('admin', '', 'watch', '/apis'),
        pathAttrs('', 'admin', 'watch', '/apis'),
        pathAttrs('prefixed', '', 'get', '/apis/v1'),
        pathAttrs('', 'prefixed', 'get', '/apis/v1'),
        pathAttrs('prefixed', '', 'get', '/apis/v1/foobar'),
        pathAttrs('', 'prefixed', 'get', '/apis/v1/foorbar'),
      ],
      fail: [
        pathAttrs('foo', '', 'watch', '/apis'),
        pathAttrs('', 'bar', 'watch', '/apis'),
        pathAttrs('foo', '', 'get', '/api/v1'),
        pathAttrs('', 'bar', 'get', '/api/v1'),
        pathAttrs('admin', '', 'get', '/api/v1'),
        pathAttrs('', 'admin', 'get', '/api/v1'),
        pathAttrs('prefixed', '', 'get', '/api/v1'),
        pathAttrs('', 'prefixed', 'get', '/api/v1'),
      ],
    },
    {
      policy: {
        clusterRoles: [clusterRole('admin', [rule('*', '*', 'pods')])],
        roleBindings: [roleBinding('ns1', 'admin', 'ClusterRole', 'admin', 'User:admin', 'Group:admins')],
      },
      pass: [resourceAttrs('admin', '', 'get', 'pods', '', 'ns1')],
      fail: [resourceAttrs('admin', '', 'get', 'pods', 'status', 'ns1')],
    },
    {
      policy: {
        clusterRoles: [clusterRole('admin', [rule('*', '*', 'pods/status'), rule('*', '*', '*/scale')])],
        roleBindings: [roleBinding('ns1', 'admin', 'ClusterRole', 'admin', 'User:admin', 'Group:admins')],
      },
      pass: [
        resourceAttrs('admin', '', 'get', 'pods', 'status', 'ns1'),
        resourceAttrs('admin', '', 'get', 'pods', 'scale', 'ns1'),
        resourceAttrs('admin', '', 'get', 'deployments', 'scale', 'ns1'),
        resourceAttrs('admin', '', 'get', 'anything', 'scale', 'ns1'),
      ],
      fail: [resourceAttrs('admin', '', 'get', 'pods', '', 'ns1')],
    },
  ];
  for (const [i, c] of cases.entries()) {
    const authorizer = new RBACAuthorizer(new StaticRuleSource(c.policy));
    for (const a of c.pass) t.equal((await authorizer.authorize(a)).decision, 'Allow', `case ${i} pass ${JSON.stringify(a)}`);
    for (const a of c.fail) t.equal((await authorizer.authorize(a)).decision, 'NoOpinion', `case ${i} fail ${JSON.stringify(a)}`);
  }
});

t.test('subjects: users, groups, service accounts', async (t) => {
  const sa = serviceAccountUsername('ns1', 'builder');
  t.equal(sa, 'system:serviceaccount:ns1:builder');
  const cases: [string, string, string, string, boolean][] = [
    // [user, groups, subject spec, binding namespace, applies]
    ['alice', '', 'User:alice', '', true],
    ['alice', '', 'User:bob', '', false],
    ['x', 'system:authenticated', 'Group:system:authenticated', 'ns', true],
    ['system:anonymous', 'system:unauthenticated', 'Group:system:unauthenticated', '', true],
    ['x', 'system:authenticated', 'Group:system:unauthenticated', '', false],
    [sa, '', 'ServiceAccount:ns1:builder', '', true],
    [sa, '', 'ServiceAccount:builder', 'ns1', true],
    [sa, '', 'ServiceAccount:builder', 'ns2', false],
    [sa, '', 'ServiceAccount:builder', '', false],
    [sa, '', 'ServiceAccount:ns2:builder', 'ns1', false],
    [sa, 'system:serviceaccounts', 'Group:system:serviceaccounts', '', true],
    [sa, 'system:serviceaccounts:ns1', 'Group:system:serviceaccounts:ns1', '', true],
    ['alice', '', 'Robot:alice', '', false],
  ];
  for (const [name, groups, spec, ns, want] of cases) {
    const [kind = '', a = '', b] = spec.split(':');
    const subject =
      kind === 'Group' ? { kind, name: spec.slice('Group:'.length) } : kind === 'ServiceAccount' && b !== undefined ? { kind, namespace: a, name: b } : { kind, name: a };
    t.equal(appliesToUser({ name, groups: groups === '' ? [] : [groups] }, subject, ns), want, `${name} ${spec} in ${JSON.stringify(ns)}`);
  }
  t.equal(appliesToUser({ name: 'g' }, { kind: 'Group', name: 'x' }, ''), false, 'no groups');
  t.equal(describeSubject({ kind: 'ServiceAccount', name: 'b' }, 'ns1'), 'ServiceAccount "b/ns1"');
  t.equal(describeSubject({ kind: 'ServiceAccount', name: 'b', namespace: 'ns2' }, 'ns1'), 'ServiceAccount "b/ns2"');
  t.equal(describeSubject({ kind: 'Group', name: 'g' }, 'ns1'), 'Group "g"');

  const authorizer = new RBACAuthorizer(
    new StaticRuleSource({
      clusterRoles: [clusterRole('view', [rule('get,list', '', 'pods')])],
      roles: [role('ns1', 'builder', [rule('create', '', 'pods')])],
      clusterRoleBindings: [clusterRoleBinding('view', 'ServiceAccount:ns1:builder')],
      roleBindings: [roleBinding('ns1', 'build', 'Role', 'builder', 'ServiceAccount:builder')],
    }),
  );
  const saGet = await authorizer.authorize(resourceAttrs(sa, 'system:serviceaccounts', 'get', 'pods', '', 'ns9'));
  t.same(saGet, { decision: 'Allow', reason: 'RBAC: allowed by ClusterRoleBinding "view" of ClusterRole "view" to ServiceAccount "builder/ns1"' });
  const saCreate = await authorizer.authorize(resourceAttrs(sa, '', 'create', 'pods', '', 'ns1'));
  t.same(saCreate, { decision: 'Allow', reason: 'RBAC: allowed by RoleBinding "build/ns1" of Role "builder" to ServiceAccount "builder/ns1"' });
  t.equal((await authorizer.authorize(resourceAttrs(sa, '', 'create', 'pods', '', 'ns2'))).decision, 'NoOpinion');
  t.same(await authorizer.authorize({ ...resourceAttrs('x', '', 'get', 'pods', '', 'ns1'), user: undefined }), { decision: 'NoOpinion', reason: '' });
});

t.test('denial reasons carry resolution errors as upstream', async (t) => {
  const source = new StaticRuleSource({
    roles: [role('ns1', 'present', [rule('get', '', 'configmaps')])],
    clusterRoleBindings: [clusterRoleBinding('missing', 'User:bob')],
    roleBindings: [
      roleBinding('ns1', 'gone', 'Role', 'absent', 'User:bob'),
      roleBinding('ns1', 'ok', 'Role', 'present', 'User:bob'),
      { metadata: { name: 'odd', namespace: 'ns1' }, roleRef: { kind: 'Widget', name: 'w' }, subjects: [{ kind: 'User', name: 'bob' }] },
    ],
  });
  const authorizer = new RBACAuthorizer(source);
  t.same(await authorizer.authorize(resourceAttrs('bob', '', 'list', 'nodes', '', '')), {
    decision: 'NoOpinion',
    reason: 'RBAC: clusterrole.rbac.authorization.k8s.io "missing" not found',
  });
  t.same(await authorizer.authorize(resourceAttrs('bob', '', 'delete', 'pods', '', 'ns1')), {
    decision: 'NoOpinion',
    reason:
      'RBAC: [clusterrole.rbac.authorization.k8s.io "missing" not found, role.rbac.authorization.k8s.io "absent" not found, unsupported role reference kind: "Widget"]',
  });
  t.equal((await authorizer.authorize(resourceAttrs('bob', '', 'get', 'configmaps', '', 'ns1'))).decision, 'Allow', 'errors do not hide a later grant');
  t.same(await authorizer.authorize(resourceAttrs('carol', '', 'get', 'configmaps', '', 'ns1')), { decision: 'NoOpinion', reason: '' }, 'no binding: no reason');
  source.failures.add('clusterrolebindings');
  source.failures.add('rolebindings');
  t.same(await authorizer.authorize(resourceAttrs('bob', '', 'get', 'configmaps', '', 'ns1')), {
    decision: 'NoOpinion',
    reason: 'RBAC: [clusterrolebindings unavailable, rolebindings unavailable]',
  });
  t.equal(aggregateMessage([new Error('one')]), 'one');
  t.ok(new RoleResolutionError('x') instanceof Error);
  const rules = await authorizer.rulesFor({ name: 'bob' }, 'ns1');
  t.equal(rules.errors.length, 2);
  t.same(rules.rules, []);
});

t.test('rulesFor and the per-decision ClusterRole memo', async (t) => {
  const source = new StaticRuleSource({
    clusterRoles: [clusterRole('view', [rule('get', '', 'pods')])],
    clusterRoleBindings: [clusterRoleBinding('view', 'Group:devs'), { ...clusterRoleBinding('view', 'User:dev1'), metadata: { name: 'view-2' } }],
    roleBindings: [roleBinding('ns1', 'v', 'ClusterRole', 'view', 'User:dev1')],
  });
  const authorizer = new RBACAuthorizer(source);
  const { rules, errors } = await authorizer.rulesFor({ name: 'dev1', groups: ['devs'] }, 'ns1');
  t.equal(rules.length, 3);
  t.same(rules[0], { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: [], nonResourceURLs: [] }, 'every list present');
  t.same(errors, []);
  t.equal(source.calls, 3, 'two lists and one memoized ClusterRole read for three bindings');
  source.policy.clusterRoles = [clusterRole('view', [rule('list', '', 'pods')])];
  t.equal((await authorizer.authorize(resourceAttrs('dev1', '', 'list', 'pods', '', 'ns1'))).decision, 'Allow', 'the next decision sees the change');
  t.equal((await authorizer.authorize(resourceAttrs('dev1', '', 'get', 'pods', '', 'ns1'))).decision, 'NoOpinion');
});

t.test('a ClusterRole grants the rules it holds: its aggregationRule is the controller\'s, not the authorizer\'s', async (t) => {
  // Upstream's GetRoleReferenceRules returns clusterRole.Rules; the clusterrole-aggregation controller writes the
  // picked roles' rules there. Until it has, an aggregated role grants what it holds.
  const sel = (k: string) => ({ clusterRoleSelectors: [{ matchLabels: { [k]: 'true' } }] });
  const source = new StaticRuleSource({
    clusterRoles: [
      clusterRole('admin', [rule('get', '', 'secrets')], {}, sel('aggregate-to-admin')),
      clusterRole('pods-edit', [rule('create', '', 'pods')], { 'aggregate-to-admin': 'true' }),
      clusterRole('empty', [], {}, sel('aggregate-to-admin')),
      clusterRole('bad', [rule('get', '', 'nodes')], {}, { clusterRoleSelectors: [{ matchExpressions: [{ key: 'x', operator: 'Near' }] }] }),
    ],
    clusterRoleBindings: [clusterRoleBinding('admin', 'User:ann'), clusterRoleBinding('bad', 'User:bea'), clusterRoleBinding('empty', 'User:cy')],
  });
  const resolver = new RuleResolver(source);
  t.same(await resolver.clusterRoleRules('admin'), [rule('get', '', 'secrets')], 'the stored rules, nothing picked by the selectors');
  t.same(await resolver.clusterRoleRules('empty'), [], 'an aggregated role the controller has not filled grants nothing');
  await t.rejects(resolver.clusterRoleRules('missing'), { message: 'clusterrole.rbac.authorization.k8s.io "missing" not found' });
  const authorizer = new RBACAuthorizer(source);
  t.equal((await authorizer.authorize(resourceAttrs('ann', '', 'get', 'secrets', '', 'x'))).decision, 'Allow');
  t.same(await authorizer.authorize(resourceAttrs('ann', '', 'create', 'pods', '', 'x')), { decision: 'NoOpinion', reason: '' }, 'a picked role adds nothing by itself');
  t.same(await authorizer.authorize(resourceAttrs('cy', '', 'create', 'pods', '', 'x')), { decision: 'NoOpinion', reason: '' });
  t.equal((await authorizer.authorize(resourceAttrs('bea', '', 'get', 'nodes', '', ''))).decision, 'Allow', 'a selector that does not parse is no resolution error');
  t.ok(sameRule(rule('a', 'b', 'c'), rule('a', 'b', 'c')));
  t.notOk(sameRule(rule('a', 'b', 'c'), rule('a', 'b', 'c,d')));
});

t.test('authorizerForModes chains RBAC with the built-in modes', async (t) => {
  const rbac = new RBACAuthorizer(
    new StaticRuleSource({ clusterRoles: [clusterRole('r', [rule('get', '', 'pods')])], clusterRoleBindings: [clusterRoleBinding('r', 'User:bob')] }),
  );
  const allowed = resourceAttrs('bob', '', 'get', 'pods', '', 'ns');
  const denied = resourceAttrs('bob', '', 'delete', 'pods', '', 'ns');
  const rbacThenDeny = authorizerForModes(['RBAC', 'AlwaysDeny'], { RBAC: rbac });
  t.equal((await rbacThenDeny.authorize(allowed)).decision, 'Allow');
  t.same(await rbacThenDeny.authorize(denied), { decision: 'NoOpinion', reason: 'Everything is forbidden.' });
  const rbacThenAllow = authorizerForModes(['RBAC', 'AlwaysAllow'], { RBAC: rbac });
  t.equal((await rbacThenAllow.authorize(denied)).decision, 'Allow', 'NoOpinion passes to the next mode');
  const onlyRBAC = authorizerForModes(['RBAC'], { RBAC: rbac });
  t.same(await onlyRBAC.authorize(denied), { decision: 'NoOpinion', reason: '' });
  t.throws(() => authorizerForModes(['RBAC']), new AuthorizationModeError('RBAC'));
  t.throws(() => authorizerForModes(['Node'], { RBAC: rbac }), {
    message: 'unknown authorization mode "Node"; supported modes: AlwaysAllow, AlwaysDeny, RBAC',
  });
  t.throws(() => authorizerForModes(['toString'], {}), AuthorizationModeError, 'no prototype lookups');
});
