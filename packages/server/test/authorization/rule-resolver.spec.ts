import t from 'tap';
import type { UserInfo } from '../../src/authentication/user.js';
import {
  type AuthorizerRuleResolver,
  alwaysAllowRuleResolver,
  alwaysDenyRuleResolver,
  incompleteRuleResolver,
  isAuthorizerRuleResolver,
  isPolicyRuleSource,
  type PolicyRuleSource,
  policyRuleResolver,
  ruleResolverForModes,
  unionRuleResolver,
} from '../../src/authorization/rule-resolver.js';

const alice: UserInfo = { name: 'alice', uid: '', groups: [] };
const ALL_RESOURCES = { verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [] };

const source = (rules: Awaited<ReturnType<PolicyRuleSource['rulesFor']>>['rules'], errors: Error[] = []): PolicyRuleSource => ({
  rulesFor: () => Promise.resolve({ rules, errors }),
});

t.test('type guards', async (t) => {
  t.ok(isAuthorizerRuleResolver(alwaysAllowRuleResolver));
  t.notOk(isAuthorizerRuleResolver({ rulesFor: () => undefined }));
  t.notOk(isAuthorizerRuleResolver(null));
  t.ok(isPolicyRuleSource(source([])));
  t.notOk(isPolicyRuleSource(alwaysAllowRuleResolver));
  t.notOk(isPolicyRuleSource('x'));
});

t.test('built-in modes', async (t) => {
  t.same(await alwaysAllowRuleResolver.rulesInfoFor(alice, 'ns'), { resourceRules: [ALL_RESOURCES], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }], incomplete: false });
  t.same(await alwaysDenyRuleResolver.rulesInfoFor(alice, 'ns'), { resourceRules: [], nonResourceRules: [], incomplete: false });
  t.same(await incompleteRuleResolver.rulesInfoFor(alice, 'ns'), { resourceRules: [], nonResourceRules: [], incomplete: true });
});

t.test('policy rules split into resource and non-resource rules (RBAC RulesFor)', async (t) => {
  const resolver = policyRuleResolver(
    source([
      { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p'] },
      { verbs: ['get'], nonResourceURLs: ['/healthz'] },
      { verbs: ['list'], resources: ['configmaps'] },
      { verbs: ['get'], resources: ['x'], nonResourceURLs: ['/y'] },
      { verbs: ['get'] },
    ]),
  );
  t.same(await resolver.rulesInfoFor(alice, 'ns'), {
    resourceRules: [
      { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p'] },
      { verbs: ['list'], apiGroups: [], resources: ['configmaps'], resourceNames: [] },
      { verbs: ['get'], apiGroups: [], resources: ['x'], resourceNames: [] },
    ],
    nonResourceRules: [
      { verbs: ['get'], nonResourceURLs: ['/healthz'] },
      { verbs: ['get'], nonResourceURLs: ['/y'] },
    ],
    incomplete: false,
  });
  const failing = policyRuleResolver(source([{ verbs: ['get'], resources: ['pods'] }], [new Error('role "a" not found'), new Error('role "b" not found')]));
  t.same(await failing.rulesInfoFor(alice, 'ns'), {
    resourceRules: [{ verbs: ['get'], apiGroups: [], resources: ['pods'], resourceNames: [] }],
    nonResourceRules: [],
    incomplete: false,
    evaluationError: 'role "a" not found, role "b" not found',
  });
});

t.test('union concatenates in order; any incomplete or error marks the answer', async (t) => {
  const throwing: AuthorizerRuleResolver = { rulesInfoFor: () => Promise.reject(new Error('boom')) };
  const throwingString: AuthorizerRuleResolver = {
    rulesInfoFor: () => {
      throw 'raw';
    },
  };
  const erring: AuthorizerRuleResolver = { rulesInfoFor: () => ({ resourceRules: [], nonResourceRules: [], incomplete: false, evaluationError: 'partial' }) };
  t.same(await unionRuleResolver([alwaysDenyRuleResolver, alwaysAllowRuleResolver]).rulesInfoFor(alice, 'ns'), await alwaysAllowRuleResolver.rulesInfoFor(alice, 'ns'));
  t.same(await unionRuleResolver([erring, throwing, throwingString, alwaysAllowRuleResolver]).rulesInfoFor(alice, 'ns'), {
    resourceRules: [ALL_RESOURCES],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
    incomplete: true,
    evaluationError: 'partial, boom, raw',
  });
  t.same(await unionRuleResolver([erring]).rulesInfoFor(alice, 'ns'), { resourceRules: [], nonResourceRules: [], incomplete: false, evaluationError: 'partial' });
  t.same(await unionRuleResolver([incompleteRuleResolver, alwaysDenyRuleResolver]).rulesInfoFor(alice, 'ns'), { resourceRules: [], nonResourceRules: [], incomplete: true });
});

t.test('resolvers of --authorization-mode lists', async (t) => {
  const rbac = policyRuleResolver(source([{ verbs: ['get'], resources: ['pods'] }]));
  const pods = { verbs: ['get'], apiGroups: [], resources: ['pods'], resourceNames: [] };
  t.same((await ruleResolverForModes(['RBAC'], { RBAC: rbac }).rulesInfoFor(alice, 'ns')).resourceRules, [pods]);
  t.same((await ruleResolverForModes(['RBAC', 'AlwaysAllow'], { RBAC: rbac }).rulesInfoFor(alice, 'ns')).resourceRules, [pods, ALL_RESOURCES], 'in mode order');
  t.same(await ruleResolverForModes(['AlwaysDeny', 'RBAC'], { RBAC: rbac }).rulesInfoFor(alice, 'ns'), { resourceRules: [pods], nonResourceRules: [], incomplete: false });
  t.same(await ruleResolverForModes(['Webhook']).rulesInfoFor(alice, 'ns'), { resourceRules: [], nonResourceRules: [], incomplete: true }, 'a mode without a resolver');
  t.same(await ruleResolverForModes(['toString']).rulesInfoFor(alice, 'ns'), { resourceRules: [], nonResourceRules: [], incomplete: true }, 'no prototype lookups');
  t.same(await ruleResolverForModes([]).rulesInfoFor(alice, 'ns'), await alwaysAllowRuleResolver.rulesInfoFor(alice, 'ns'), 'no modes = AlwaysAllow, the default');
});
