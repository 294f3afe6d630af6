import { isStatusError, type StatusError } from '@apiserver/runtime';
import t from 'tap';
import {
  type ApiObject,
  type Attributes,
  type EquivalentResources,
  isExemptAdmissionConfigurationResource,
  matchNamespaceSelector,
  matchObjectSelector,
  newAttributesRecord,
  type RuleWithOperations,
  ruleMatches,
  shouldCallHook,
  type WebhookSpec,
  webhookAccessors,
} from '../../../src/index.js';

const CM = { group: '', version: 'v1', resource: 'configmaps' };
const CM_KIND = { group: '', version: 'v1', kind: 'ConfigMap' };
const target = (over: Partial<Parameters<typeof ruleMatches>[1]> = {}) => ({ operation: 'CREATE' as const, resource: CM, subresource: '', namespace: 'ns', ...over });
const rule = (over: Partial<RuleWithOperations> = {}): RuleWithOperations => ({ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], ...over });

t.test('rules: operations, groups, versions with *', async (t) => {
  t.ok(ruleMatches(rule(), target()));
  t.notOk(ruleMatches(rule(), target({ operation: 'UPDATE' })));
  t.ok(ruleMatches(rule({ operations: ['*'] }), target({ operation: 'DELETE' })));
  t.notOk(ruleMatches(rule({ apiGroups: ['apps'] }), target()));
  t.ok(ruleMatches(rule({ apiGroups: ['*'], apiVersions: ['*'] }), target({ resource: { group: 'apps', version: 'v1beta9', resource: 'configmaps' } })));
  t.notOk(ruleMatches(rule({ operations: [] }), target()), 'an empty list matches nothing');
});

t.test('rules: resources and subresources', async (t) => {
  const cases: [string, string, string, boolean][] = [
    ['configmaps', 'configmaps', '', true],
    ['configmaps', 'configmaps', 'status', false],
    ['*', 'secrets', '', true],
    ['*', 'pods', 'status', false],
    ['*/*', 'pods', 'status', true],
    ['*/*', 'pods', '', true],
    ['pods/*', 'pods', 'exec', true],
    ['pods/status', 'pods', 'status', true],
    ['pods/status', 'pods', 'log', false],
    ['*/scale', 'deployments', 'scale', true],
  ];
  for (const [entry, resource, subresource, want] of cases) {
    t.equal(ruleMatches(rule({ resources: [entry], apiGroups: ['*'] }), target({ resource: { group: '', version: 'v1', resource }, subresource })), want, `${entry} vs ${resource}/${subresource}`);
  }
});

t.test('rules: scope', async (t) => {
  const ns = { group: '', version: 'v1', resource: 'namespaces' };
  const all = { apiGroups: ['*'], resources: ['*'] };
  t.ok(ruleMatches(rule({ ...all, scope: 'Namespaced' }), target()));
  t.notOk(ruleMatches(rule({ ...all, scope: 'Namespaced' }), target({ namespace: '' })));
  t.ok(ruleMatches(rule({ ...all, scope: 'Cluster' }), target({ namespace: '', resource: { group: '', version: 'v1', resource: 'nodes' } })));
  t.ok(ruleMatches(rule({ ...all, scope: 'Cluster' }), target({ resource: ns, namespace: 'ns' })), 'a Namespace is cluster-scoped though its request names it');
  t.notOk(ruleMatches(rule({ ...all, scope: 'Namespaced' }), target({ resource: ns, namespace: 'ns' })));
  t.ok(ruleMatches(rule({ ...all, scope: '*' }), target({ namespace: '' })));
  t.notOk(ruleMatches(rule({ ...all, scope: 'Galaxy' }), target()));
});

t.test('the admission configuration kinds are exempt', async (t) => {
  const a = (kind: string) => newAttributesRecord({ operation: 'CREATE', kind: { group: 'admissionregistration.k8s.io', version: 'v1', kind }, resource: CM });
  t.ok(isExemptAdmissionConfigurationResource(a('ValidatingWebhookConfiguration')));
  t.ok(isExemptAdmissionConfigurationResource(a('MutatingWebhookConfiguration')));
  t.ok(isExemptAdmissionConfigurationResource(a('ValidatingAdmissionPolicyBinding')));
  t.notOk(isExemptAdmissionConfigurationResource(newAttributesRecord({ operation: 'CREATE', kind: CM_KIND, resource: CM })));
});

const hook = (spec: Partial<WebhookSpec> = {}) =>
  webhookAccessors([{ metadata: { name: 'c' }, webhooks: [{ name: 'h.example.com', clientConfig: { url: 'https://x' }, rules: [rule()], ...spec }] }])[0]!;
const obj = (labels?: Record<string, string>): ApiObject => ({ metadata: { name: 'o', ...(labels && { labels }) } });
const attrs = (over: Partial<Attributes> = {}): Attributes =>
  newAttributesRecord({ operation: 'CREATE', kind: CM_KIND, resource: CM, namespace: 'ns', name: 'o', object: obj({ app: 'a' }), ...over });

t.test('accessors: configurations by name, uids per webhook', async (t) => {
  const w = { clientConfig: {} };
  const list = webhookAccessors([
    { metadata: { name: 'b' }, webhooks: [{ name: 'x', ...w }] },
    { metadata: { name: 'a' }, webhooks: [{ name: 'y', ...w }, { name: 'y', ...w }] },
  ]);
  t.same(
    list.map((h) => h.uid),
    ['a/y/0', 'a/y/1', 'b/x/0'],
  );
});

t.test('namespaceSelector', async (t) => {
  const namespaces: Record<string, ApiObject> = { ns: { metadata: { name: 'ns', labels: { env: 'prod' } } } };
  const get = async (name: string) => namespaces[name];
  const prod = hook({ namespaceSelector: { matchLabels: { env: 'prod' } } });
  t.equal(await matchNamespaceSelector(prod, attrs(), get), true);
  t.equal(await matchNamespaceSelector(hook({ namespaceSelector: { matchLabels: { env: 'dev' } } }), attrs(), get), false);
  t.equal(await matchNamespaceSelector(prod, attrs({ namespace: '', resource: { group: '', version: 'v1', resource: 'nodes' } }), get), true, 'cluster-scoped: always');
  const nsCreate = attrs({ namespace: '', name: 'new', resource: { group: '', version: 'v1', resource: 'namespaces' }, object: obj({ env: 'prod' }) });
  t.equal(await matchNamespaceSelector(prod, nsCreate, get), true, "a Namespace's own create: its new labels");
  const missing = await matchNamespaceSelector(prod, attrs({ namespace: 'gone' }), get);
  t.ok(isStatusError(missing) && missing.code === 404 && missing.message === 'namespaces "gone" not found', 'a missing namespace is 404');
  t.equal(await matchNamespaceSelector(hook(), attrs({ namespace: 'gone' }), get), true, 'an empty selector needs no namespace');
  const invalid = await matchNamespaceSelector(hook({ namespaceSelector: { matchExpressions: [{ key: 'k', operator: 'Near' }] } }), attrs(), get);
  t.ok(isStatusError(invalid) && invalid.code === 500);
});

t.test('objectSelector: the new or the old object', async (t) => {
  const sel = hook({ objectSelector: { matchLabels: { app: 'b' } } });
  t.equal(matchObjectSelector(sel, attrs()), false);
  t.equal(matchObjectSelector(sel, attrs({ operation: 'UPDATE', oldObject: obj({ app: 'b' }) })), true);
  t.equal(matchObjectSelector(sel, attrs({ operation: 'DELETE', object: undefined, oldObject: obj({ app: 'b' }) })), true);
  t.equal(matchObjectSelector(hook(), attrs({ object: undefined })), true, 'no selector: everything');
});

t.test('shouldCallHook: Exact and Equivalent', async (t) => {
  const V2 = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };
  const V1 = { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' };
  const equivalents: EquivalentResources = {
    equivalentResourcesFor: (r) => (r.resource === 'horizontalpodautoscalers' ? [V2, V1] : [r]),
    kindFor: (r) => ({ group: r.group, version: r.version, kind: 'HorizontalPodAutoscaler' }),
    convert: (o) => o,
  };
  const m = { getNamespace: async () => ({ metadata: { name: 'ns' } }), equivalents };
  const a = attrs({ kind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' }, resource: V2 });
  const v1Rule = rule({ apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] });
  const equivalent = await shouldCallHook(hook({ rules: [v1Rule] }), a, m);
  t.match(equivalent, { resource: V1, kind: { version: 'v1', kind: 'HorizontalPodAutoscaler' } }, 'Equivalent (the default) sends the v1 form');
  t.equal(await shouldCallHook(hook({ rules: [v1Rule], matchPolicy: 'Exact' }), a, m), undefined, 'Exact does not');
  t.match(await shouldCallHook(hook({ rules: [rule({ apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] })] }), a, m), { resource: V2 }, 'a direct match wins');
});

t.test('shouldCallHook: match conditions cannot be evaluated', async (t) => {
  const m = { getNamespace: async () => undefined };
  const conditions = [{ name: 'only-prod', expression: 'true' }];
  const failed = (await shouldCallHook(hook({ matchConditions: conditions }), attrs(), m)) as StatusError;
  t.equal(failed.code, 403);
  t.equal(failed.message, 'configmaps "o" is forbidden: webhook "h.example.com": matchConditions [only-prod] cannot be evaluated: CEL match conditions are not supported');
  t.equal(await shouldCallHook(hook({ matchConditions: conditions, failurePolicy: 'Ignore' }), attrs(), m), undefined, 'Ignore: skipped');
  t.equal(await shouldCallHook(hook({ matchConditions: conditions, rules: [rule({ operations: ['DELETE'] })] }), attrs(), m), undefined, 'not matched by the rules: no error');
});

t.test('shouldCallHook: match conditions through an injected compiler', async (t) => {
  // A fake compiler: each condition's expression names its outcome ('true', 'false' or an error message).
  const seen: unknown[] = [];
  const matchConditions = (h: { spec: WebhookSpec }) => (input: { request: unknown }) => {
    seen.push(input.request);
    return (h.spec.matchConditions ?? []).map((c) => (c.expression === 'true' ? true : c.expression === 'false' ? false : { error: c.expression }));
  };
  const m = { getNamespace: async () => undefined, matchConditions };
  const when = (...expressions: string[]) => expressions.map((expression, i) => ({ name: `c${i}`, expression }));
  t.match(await shouldCallHook(hook({ matchConditions: when('true', 'true') }), attrs(), m), { resource: CM }, 'all true: called');
  t.match(seen[0], { operation: 'CREATE', resource: CM, kind: CM_KIND, namespace: 'ns' }, 'the conditions see the AdmissionRequest');
  t.equal(await shouldCallHook(hook({ matchConditions: when('true', 'false') }), attrs(), m), undefined, 'one false: skipped');
  t.equal(await shouldCallHook(hook({ matchConditions: when('boom', 'false') }), attrs(), m), undefined, 'false wins over an error');
  const failed = (await shouldCallHook(hook({ matchConditions: when('true', 'boom') }), attrs(), m)) as StatusError;
  t.equal(failed.code, 403);
  t.equal(failed.message, 'configmaps "o" is forbidden: boom', 'an error with Fail: forbidden with the error');
  const two = (await shouldCallHook(hook({ matchConditions: when('e1', 'e2') }), attrs(), m)) as StatusError;
  t.equal(two.message, 'configmaps "o" is forbidden: [e1, e2]', 'errors aggregated as Go does');
  t.equal(await shouldCallHook(hook({ matchConditions: when('boom'), failurePolicy: 'Ignore' }), attrs(), m), undefined, 'an error with Ignore: skipped');
});
