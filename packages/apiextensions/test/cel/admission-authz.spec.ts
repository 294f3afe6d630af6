import t from 'tap';
import type { Attributes, Authorizer } from '@apiserver/server';
import {
  AUTHORIZER_DECLARATIONS,
  AuthorizationChecks,
  admissionVariableDeclarations,
  authorizerBindings,
  compileAdmissionExpression,
  evaluateWithChecks,
} from '../../src/index.js';
import { kubernetesCallEstimate } from '../../src/cel/cost/k8s-call-cost.js';

const user = { name: 'alice', uid: '', groups: ['dev'] };
const requestResource = { group: 'apps', resource: 'deployments', subresource: '', namespace: 'ns1', name: 'web' };

/** Allows alice to get pods in ns1 and GET /healthz; answers asynchronously; records what it was asked. */
function recordingAuthorizer(asked: Attributes[], sync = false): Authorizer {
  const decide = (a: Attributes) => {
    asked.push(a);
    if (a.user?.name === 'system:serviceaccount:kube-system:ctrl') return { decision: 'Allow' as const, reason: 'sa rule' };
    if (a.isResourceRequest && a.resource === 'pods' && a.namespace === 'ns1' && a.verb === 'get') return { decision: 'Allow' as const, reason: 'pod reader' };
    if (!a.isResourceRequest && a.path === '/healthz') return { decision: 'Allow' as const, reason: 'health' };
    if (a.resource === 'secrets') throw new Error('webhook down');
    return { decision: 'NoOpinion' as const, reason: '' };
  };
  return { authorize: (a) => (sync ? decide(a) : Promise.resolve().then(() => decide(a))) };
}

async function run(expression: string, authorizer: Authorizer, results: ('bool' | 'string' | 'any')[] = ['any']) {
  const compiled = compileAdmissionExpression(expression, admissionVariableDeclarations(AUTHORIZER_DECLARATIONS), results);
  if ('error' in compiled) return { compileError: compiled.error };
  const checks = new AuthorizationChecks(authorizer);
  const bindings = { object: null, oldObject: null, request: null, namespaceObject: null, ...authorizerBindings(checks, user, requestResource) };
  return evaluateWithChecks(checks, () => compiled.evaluate(bindings));
}

t.test('resource and path checks ask the authorizer for the requesting user', async (t) => {
  const asked: Attributes[] = [];
  const a = recordingAuthorizer(asked);
  t.match(await run("authorizer.group('').resource('pods').namespace('ns1').check('get').allowed()", a), { value: true });
  t.same(asked[0], {
    user,
    verb: 'get',
    isResourceRequest: true,
    path: '',
    namespace: 'ns1',
    apiGroup: '',
    apiVersion: '*',
    resource: 'pods',
    subresource: '',
    name: '',
  });
  t.match(await run("authorizer.group('').resource('pods').namespace('ns2').check('get').allowed()", a), { value: false });
  t.match(await run("authorizer.group('').resource('pods').namespace('ns1').check('get').reason()", a), { value: 'pod reader' });
  t.match(await run("authorizer.path('/healthz').check('get').allowed()", a), { value: true });
  t.equal(asked.at(-1)?.path, '/healthz');
  t.equal(asked.at(-1)?.isResourceRequest, false);
  t.match(await run("authorizer.group('apps').resource('deployments').subresource('scale').name('web').check('update').allowed()", a), { value: false });
  t.match(asked.at(-1), { apiGroup: 'apps', resource: 'deployments', subresource: 'scale', name: 'web', verb: 'update' });
});

t.test('the same check is asked once per request', async (t) => {
  const asked: Attributes[] = [];
  const r = await run(
    "authorizer.path('/healthz').check('get').allowed() && authorizer.path('/healthz').check('get').allowed()",
    recordingAuthorizer(asked),
  );
  t.match(r, { value: true, cost: 2 * 350_003 + 0 });
  t.equal(asked.length, 1, 'each check is still charged');
});

t.test('a synchronous authorizer answers in one evaluation', async (t) => {
  const asked: Attributes[] = [];
  t.match(await run("authorizer.path('/healthz').check('get').allowed()", recordingAuthorizer(asked, true)), { value: true, cost: 350_000 + 3 });
});

t.test('serviceAccount checks as the service account', async (t) => {
  const asked: Attributes[] = [];
  t.match(await run("authorizer.serviceAccount('kube-system', 'ctrl').group('').resource('nodes').check('list').allowed()", recordingAuthorizer(asked)), { value: true });
  t.same(asked[0]?.user, { name: 'system:serviceaccount:kube-system:ctrl', uid: '', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system'] });
  t.match(await run("authorizer.serviceAccount('Bad_NS', 'ctrl')", recordingAuthorizer(asked)), {
    error: "expression 'authorizer.serviceAccount('Bad_NS', 'ctrl')' resulted in error: Invalid service account namespace",
  });
  t.match(await run("authorizer.serviceAccount('ns', 'bad@name')", recordingAuthorizer(asked)), { error: /Invalid service account name$/ });
});

t.test('requestResource checks the request itself', async (t) => {
  const asked: Attributes[] = [];
  t.match(await run("authorizer.requestResource.check('delete').allowed()", recordingAuthorizer(asked)), { value: false, cost: 350_000 + 2 });
  t.match(asked[0], { apiGroup: 'apps', resource: 'deployments', namespace: 'ns1', name: 'web', verb: 'delete', apiVersion: '*' });
});

t.test('errors: empty path or resource, and an authorizer failure as errored()/error()', async (t) => {
  const a = recordingAuthorizer([]);
  t.match(await run("authorizer.path(' ').check('get')", a), { error: /resulted in error: path must not be empty$/ });
  t.match(await run("authorizer.group('').resource('').check('get')", a), { error: /resulted in error: resource must not be empty$/ });
  t.match(await run("authorizer.group('').resource('secrets').check('get').errored()", a), { value: true });
  t.match(await run("authorizer.group('').resource('secrets').check('get').error()", a), { value: 'webhook down' });
  t.match(await run("authorizer.group('').resource('pods').check('get').error()", a), { value: '' });
});

t.test('compile: authorizer is declared only where asked for; unknown fields are refused', async (t) => {
  const without = compileAdmissionExpression("authorizer.path('/x').check('get').allowed()", admissionVariableDeclarations(), ['bool']);
  t.match(without, { error: /undeclared reference to 'authorizer'/ });
  t.match(await run('authorizer.requestResources', recordingAuthorizer([])), { compileError: /undefined field 'requestResources'/ });
});

t.test('three checks pass the per-call limit (upstream allows two)', async (t) => {
  const r = await run(
    "authorizer.path('/a').check('get').allowed() || authorizer.path('/b').check('get').allowed() || authorizer.path('/c').check('get').allowed()",
    recordingAuthorizer([]),
  );
  t.match(r, { error: /resulted in error: operation cancelled: actual cost limit exceeded$/ });
});

t.test('authzSelectors: fieldSelector and labelSelector pass requirements to the check, parse errors never fail it', async (t) => {
  const asked: Attributes[] = [];
  const a = recordingAuthorizer(asked, true);
  const selected = "authorizer.group('').resource('pods').fieldSelector('spec.nodeName=n1').labelSelector('b=2,a in (y,x)').check('list').allowed()";
  // 3 for authorizer.group().resource(), 412 and 362 for the two selectors' parse (15 and 14 characters), 350,001 for check().allowed().
  t.match(await run(selected, a), { value: false, cost: 3 + 412 + 362 + 350_001 });
  t.same(asked[0]?.fieldSelectorRequirements, [{ field: 'spec.nodeName', operator: '=', value: 'n1' }]);
  t.same(asked[0]?.labelSelectorRequirements, [{ key: 'b', operator: '=', values: ['2'] }, { key: 'a', operator: 'in', values: ['x', 'y'] }], 'in the order written');
  t.match(asked[0], { verb: 'list', resource: 'pods', apiVersion: '*' });
  t.match(await run("authorizer.group('').resource('pods').namespace('ns1').fieldSelector('spec.nodeName').labelSelector('a in (x').check('get').allowed()", a), { value: true });
  t.equal(asked.at(-1)?.fieldSelectorParsingError?.message, "invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'");
  t.equal(asked.at(-1)?.labelSelectorParsingError?.message, "unable to parse requirement: found '', expected: ',' or ')'");
  t.match(await run("authorizer.group('').resource('pods').fieldSelector('a=b').check('list').errored()", a), { value: false });
  t.match(await run("authorizer.requestResource.fieldSelector('').labelSelector('').check('list').allowed()", a), { value: false });
  t.same([asked.at(-1)?.fieldSelectorRequirements, asked.at(-1)?.labelSelectorRequirements, asked.at(-1)?.resource], [undefined, undefined, 'deployments'], "'' selects nothing");
  // Only a resource check has selectors (upstream refuses this at compilation; our checker leaves the authz values
  // untyped, so it fails when evaluated).
  t.match(await run("dyn(authorizer.group('')).fieldSelector('a=b')", a), { error: /resulted in error: no such overload/ });
  t.same(await run("authorizer.group('').fieldSelector('a=b')", a), {
    compileError:
      "compilation failed: ERROR: <input>:1:35: found no matching overload for 'fieldSelector' applied to 'kubernetes.authorization.GroupCheck.(string)'\n | authorizer.group('').fieldSelector('a=b')\n | ..................................^",
  }, 'a selector of a group check is refused at compilation, as upstream');
});

t.test('authzSelectors: the static estimate of a selector parse (selectorCostEstimate)', async (t) => {
  const ctx = { estimateSize: () => undefined, unsure: () => undefined };
  const node = (min: bigint, max: bigint) => ({ type: { k: 'string' as const }, path: undefined, size: { min, max } });
  const target = { type: { k: 'dyn' as const }, path: undefined, size: undefined };
  t.same(kubernetesCallEstimate('fieldSelector', target, [node(15n, 15n)], ctx), { cost: { min: 412n, max: 412n } }, 'as charged when evaluated');
  t.same(kubernetesCallEstimate('labelSelector', target, [node(0n, 3n)], ctx), { cost: { min: 10n, max: 111n } });
  t.equal(kubernetesCallEstimate('labelSelector', target, [], ctx), undefined, 'no argument: cel-go estimates');
});
