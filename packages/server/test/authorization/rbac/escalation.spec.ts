import t from 'tap';
import {
  breakdownRule,
  compactRules,
  compactString,
  confirmNoEscalation,
  covers,
  escalationAllowed,
  FULL_AUTHORITY,
  goQuoteList,
  ruleCovers,
} from '../../../src/authorization/rbac/escalation.js';
import { RuleResolver } from '../../../src/authorization/rbac/rule-resolver.js';
import type { PolicyRule } from '../../../src/authorization/rbac/types.js';
import { clusterRole, clusterRoleBinding, role, roleBinding, rule, StaticRuleSource } from './fixtures.js';

const bare = (verbs: string, groups: string, resources: string, names = ''): PolicyRule => rule(verbs, groups, resources, '', names);

t.test('BreakdownRule', async (t) => {
  t.same(breakdownRule(rule('get,list', 'g', 'a,b')), [
    { apiGroups: ['g'], resources: ['a'], verbs: ['get'] },
    { apiGroups: ['g'], resources: ['a'], verbs: ['list'] },
    { apiGroups: ['g'], resources: ['b'], verbs: ['get'] },
    { apiGroups: ['g'], resources: ['b'], verbs: ['list'] },
  ]);
  t.same(breakdownRule(rule('get', 'g', 'a', '', 'x,y')), [
    { apiGroups: ['g'], resources: ['a'], verbs: ['get'], resourceNames: ['x'] },
    { apiGroups: ['g'], resources: ['a'], verbs: ['get'], resourceNames: ['y'] },
  ]);
  t.same(breakdownRule(rule('get,post', '', '', '/a')), [
    { nonResourceURLs: ['/a'], verbs: ['get'] },
    { nonResourceURLs: ['/a'], verbs: ['post'] },
  ]);
  t.same(breakdownRule({}), []);
});

t.test('Covers (upstream policy_comparator_test cases)', async (t) => {
  const cases: [string, PolicyRule[], PolicyRule[], boolean, PolicyRule[]][] = [
    ['exact match', [rule('get', 'g', 'r')], [rule('get', 'g', 'r')], true, []],
    ['sub-verb', [rule('get,list', 'g', 'r')], [rule('get', 'g', 'r')], true, []],
    ['multiple rules cover one', [rule('get', 'g', 'r'), rule('list', 'g', 'r')], [rule('get,list', 'g', 'r')], true, []],
    ['star verb group resource', [rule('*', '*', '*')], [rule('get', 'x', 'y/z', '', 'n')], true, []],
    ['missing verb', [rule('get', 'g', 'r')], [rule('get,delete', 'g', 'r')], false, [bare('delete', 'g', 'r')]],
    ['*/subresource covers', [rule('get', 'g', '*/scale')], [rule('get', 'g', 'deployments/scale')], true, []],
    ['*/subresource not the resource', [rule('get', 'g', '*/scale')], [rule('get', 'g', 'deployments')], false, [bare('get', 'g', 'deployments')]],
    ['names narrow', [rule('get', 'g', 'r', '', 'a')], [rule('get', 'g', 'r')], false, [bare('get', 'g', 'r')]],
    ['names covered', [rule('get', 'g', 'r')], [rule('get', 'g', 'r', '', 'a')], true, []],
    ['names subset', [rule('get', 'g', 'r', '', 'a,b')], [rule('get', 'g', 'r', '', 'b')], true, []],
    ['urls exact and prefix', [rule('get', '', '', '/api/*')], [rule('get', '', '', '/api/v1,/api/')], true, []],
    ['urls missing', [rule('get', '', '', '/api')], [rule('get', '', '', '/apis')], false, [{ nonResourceURLs: ['/apis'], verbs: ['get'] }]],
    ['full authority', [...FULL_AUTHORITY], [rule('x', 'y', 'z'), rule('get', '', '', '/q')], true, []],
  ];
  for (const [name, owner, servant, want, missing] of cases) {
    t.same(covers(owner, servant), { covered: want, missing }, name);
  }
  t.notOk(ruleCovers(rule('get', 'g', 'r'), rule('get', 'h', 'r')));
});

t.test('CompactRules and CompactString', async (t) => {
  const compacted = compactRules([bare('get', '', 'secrets'), bare('list', '', 'secrets'), bare('get', 'apps', 'x', 'n'), bare('put', 'apps', 'x', 'n'), rule('get', '', '', '/u')]);
  t.same(compacted, [
    rule('get', '', '', '/u'),
    { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list'] },
    { apiGroups: ['apps'], resources: ['x'], verbs: ['get', 'put'], resourceNames: ['n'] },
  ]);
  t.same(compactRules([bare('get', 'a,b', 'x')]), [bare('get', 'a,b', 'x')], 'several groups: not simple');
  t.equal(compactString({ apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list'] }), '{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}');
  t.equal(compactString({ nonResourceURLs: ['/x'], verbs: ['get'] }), '{NonResourceURLs:["/x"], Verbs:["get"]}');
  t.equal(compactString({ apiGroups: ['g'], resources: ['r'], resourceNames: ['n'], verbs: ['*'] }), '{APIGroups:["g"], Resources:["r"], ResourceNames:["n"], Verbs:["*"]}');
  t.equal(goQuoteList([]), '[]');
});

t.test('ConfirmNoEscalation', async (t) => {
  const source = new StaticRuleSource({
    roles: [role('ns1', 'cm', [rule('get,list', '', 'configmaps')])],
    roleBindings: [roleBinding('ns1', 'cm', 'Role', 'cm', 'User:bob'), roleBinding('ns1', 'broken', 'Role', 'nope', 'User:bob')],
    clusterRoles: [clusterRole('nodes', [rule('get', '', 'nodes')])],
    clusterRoleBindings: [clusterRoleBinding('nodes', 'Group:system:authenticated')],
  });
  const bob = { name: 'bob', groups: ['system:authenticated'] };
  t.equal(await confirmNoEscalation(new RuleResolver(source), bob, 'ns1', [rule('get', '', 'configmaps,nodes')]), undefined);
  t.equal(
    await confirmNoEscalation(new RuleResolver(source), bob, 'ns1', [rule('get,list,delete', '', 'secrets,configmaps')]),
    'user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:[""], Resources:["configmaps"], Verbs:["delete"]}\n' +
      '{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list" "delete"]}' +
      '; resolution errors: [role.rbac.authorization.k8s.io "nope" not found]',
  );
  t.equal(
    await confirmNoEscalation(new RuleResolver(source), bob, '', [rule('get', '', 'configmaps')]),
    'user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["configmaps"], Verbs:["get"]}',
    'a namespaced grant does not count at the cluster scope',
  );
  t.equal(await confirmNoEscalation(new RuleResolver(source), undefined, 'ns1', []), 'no user on request');
  t.ok(escalationAllowed({ name: 'a', groups: ['system:masters'] }));
  t.notOk(escalationAllowed({ name: 'a' }));
  t.notOk(escalationAllowed(undefined));
});
