/**
 * CEL's `authorizer` and the runtime cost budgets in admission: ValidatingAdmissionPolicy expressions checking the
 * requesting user against an (asynchronous) authorizer, `authorizer.requestResource`, service accounts, where the
 * variable is bound; the per-call limit, the per-binding budget, the match-condition budget with both failure
 * policies; and webhook match conditions through kube-lite's compiler.
 */
import { type ApiObject, type Attributes, newAttributesRecord, type RequestContext } from '@apiserver/registry';
import type { StatusError } from '@apiserver/runtime';
import type { Attributes as AuthzAttributes, Authorizer } from '@apiserver/server';
import t from 'tap';
import { celMatchConditionCompiler } from '../../src/admission/cel-match-conditions.js';
import { ValidatingAdmissionPolicyPlugin } from '../../src/admission/validating-admission-policy/plugin.js';
import { staticPolicySource } from '../../src/admission/validating-admission-policy/policy-source.js';

const CM = { group: '', version: 'v1', resource: 'configmaps' };
const CM_KIND = { group: '', version: 'v1', kind: 'ConfigMap' };
const rule = { operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] };
const configMap = (name: string): ApiObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: {} }) as ApiObject;
const asUser = (name: string): Attributes =>
  newAttributesRecord({ operation: 'CREATE', kind: CM_KIND, resource: CM, namespace: 'ns', name: 'c', object: configMap('c'), user: { name, groups: ['system:authenticated'] } });

/** alice may get pods in ns; the kube-system/ctrl service account may list nodes; answers after a tick. */
function authorizer(asked: AuthzAttributes[] = []): Authorizer {
  return {
    authorize: async (a) => {
      asked.push(a);
      await new Promise((r) => setImmediate(r));
      if (a.user?.name === 'alice' && a.resource === 'pods' && a.namespace === 'ns' && a.verb === 'get') return { decision: 'Allow', reason: 'alice reads pods' };
      if (a.user?.name === 'system:serviceaccount:kube-system:ctrl' && a.resource === 'nodes') return { decision: 'Allow', reason: '' };
      return { decision: 'NoOpinion', reason: 'no rule' };
    },
  };
}

const policy = (spec: Record<string, unknown>): ApiObject => ({ metadata: { name: 'p' }, spec: { failurePolicy: 'Fail', matchConstraints: { resourceRules: [rule] }, ...spec } }) as ApiObject;
const binding = { metadata: { name: 'b' }, spec: { policyName: 'p', validationActions: ['Deny'] } } as ApiObject;

async function run(p: ApiObject, a: Attributes, authz: Authorizer | null = authorizer()): Promise<{ error: StatusError | undefined; annotations: Record<string, string> }> {
  const plugin = new ValidatingAdmissionPolicyPlugin({
    source: staticPolicySource([p], [binding]),
    getNamespace: async () => undefined,
    paramStores: () => undefined,
    ...(authz !== null && { authorizer: () => authz }),
  });
  const annotations: Record<string, string> = {};
  const ctx: RequestContext = { addAuditAnnotation: (k, v) => (annotations[k] = v) };
  try {
    await plugin.validate(ctx, a);
    return { error: undefined, annotations };
  } catch (err) {
    return { error: err as StatusError, annotations };
  }
}

const canGetPods = "authorizer.group('').resource('pods').namespace('ns').check('get')";

t.test('a validation checks the requesting user', async (t) => {
  const p = policy({ validations: [{ expression: `${canGetPods}.allowed()`, messageExpression: "'only pod readers: ' + request.userInfo.username" }] });
  t.equal((await run(p, asUser('alice'))).error, undefined, 'alice may');
  const bob = await run(p, asUser('bob'));
  t.equal(bob.error?.message, "configmaps \"c\" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: only pod readers: bob");
  const reason = policy({ validations: [{ expression: 'true' }], auditAnnotations: [{ key: 'why', valueExpression: `${canGetPods}.reason()` }] });
  const annotated = await run(reason, asUser('alice'));
  t.match(annotated.error?.message, /denied request: expression '.*\.reason\(\)' resulted in error: /, 'audit annotations compile with authorizer but run without it (upstream)');
  t.same(annotated.annotations, {});
});

t.test('requestResource, serviceAccount and the checks asked', async (t) => {
  const asked: AuthzAttributes[] = [];
  const p = policy({
    validations: [
      { expression: "!authorizer.requestResource.check('delete').allowed()" },
      { expression: "authorizer.serviceAccount('kube-system', 'ctrl').group('').resource('nodes').check('list').allowed()" },
    ],
  });
  t.equal((await run(p, asUser('alice'), authorizer(asked))).error, undefined);
  t.match(asked[0], { user: { name: 'alice' }, verb: 'delete', apiGroup: '', apiVersion: '*', resource: 'configmaps', namespace: 'ns', name: 'c', isResourceRequest: true });
  t.match(asked[1], { user: { name: 'system:serviceaccount:kube-system:ctrl', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system'] }, verb: 'list' });
  t.equal(asked.length, 2, 'each check asked once though evaluations repeat while answers arrive');
});

t.test('variables read by validations may check; messageExpressions cannot', async (t) => {
  const p = policy({
    variables: [{ name: 'reader', expression: `${canGetPods}.allowed()` }],
    validations: [{ expression: 'variables.reader', messageExpression: "variables.reader ? 'x' : 'y'", message: 'fallback' }],
  });
  t.equal((await run(p, asUser('alice'))).error, undefined);
  t.match((await run(p, asUser('bob'))).error?.message, /denied request: fallback$/, 'the message cannot read authorizer: it falls back');
  const noAuthorizer = await run(p, asUser('alice'), null);
  t.match(noAuthorizer.error?.message, /denied request: expression 'variables.reader' resulted in error: /, 'an unbound authorizer is an evaluation error');
});

t.test('authzSelectors: a validation checks with field and label selectors', async (t) => {
  const asked: AuthzAttributes[] = [];
  const selected = "authorizer.group('').resource('pods').namespace('ns').fieldSelector('spec.nodeName=' + object.metadata.name).labelSelector('app=web,tier').check('list')";
  const p = policy({ validations: [{ expression: `!${selected}.allowed()` }] });
  t.equal((await run(p, asUser('alice'), authorizer(asked))).error, undefined);
  t.same(asked[0]?.fieldSelectorRequirements, [{ field: 'spec.nodeName', operator: '=', value: 'c' }]);
  t.same(asked[0]?.labelSelectorRequirements, [{ key: 'app', operator: '=', values: ['web'] }, { key: 'tier', operator: 'exists', values: [] }]);
  const unparsable = policy({ validations: [{ expression: "!authorizer.group('').resource('pods').fieldSelector('spec.nodeName').check('list').errored()" }] });
  t.equal((await run(unparsable, asUser('alice'), authorizer(asked))).error, undefined, 'a selector that does not parse fails neither the check nor the expression');
  t.match(asked.at(-1)?.fieldSelectorParsingError?.message, /^invalid selector: 'spec.nodeName'/);
});

const twoChecks = "authorizer.path('/a').check('get').allowed() || authorizer.path('/b').check('get').allowed() || true";
const threeChecks = "authorizer.path('/a').check('get').allowed() || authorizer.path('/b').check('get').allowed() || authorizer.path('/c').check('get').allowed() || true";

t.test('the per-call limit and the per-binding budget', async (t) => {
  const tooCostly = await run(policy({ validations: [{ expression: threeChecks }] }), asUser('alice'));
  t.match(tooCostly.error?.message, /denied request: expression '.*' resulted in error: operation cancelled: actual cost limit exceeded$/, 'three checks pass 1,000,000');
  const validations = Array.from({ length: 15 }, () => ({ expression: twoChecks }));
  const outOfBudget = await run(policy({ validations }), asUser('alice'));
  t.match(
    outOfBudget.error?.message,
    /denied request: validation failed due to running out of cost budget, no further validation rules will be run$/,
    '15 × 700,007 passes 10,000,000',
  );
  t.equal((await run(policy({ validations: validations.slice(0, 14) }), asUser('alice'))).error, undefined, '14 fit');
  t.equal((await run(policy({ failurePolicy: 'Ignore', validations }), asUser('alice'))).error, undefined, 'Ignore admits');
});

t.test('the match-condition budget (2,500,000)', async (t) => {
  const conditions = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, expression: twoChecks }));
  const out = await run(policy({ matchConditions: conditions(4), validations: [{ expression: 'false' }] }), asUser('alice'));
  t.match(out.error?.message, /denied request: validation failed due to running out of cost budget, no further validation rules will be run$/);
  const fits = await run(policy({ matchConditions: conditions(3), validations: [{ expression: 'false', message: 'applied' }] }), asUser('alice'));
  t.match(fits.error?.message, /denied request: applied$/, 'three conditions fit: the policy applies');
  const ignored = await run(policy({ failurePolicy: 'Ignore', matchConditions: conditions(4), validations: [{ expression: 'false' }] }), asUser('alice'));
  t.equal(ignored.error, undefined, 'Ignore: the policy does not apply');
});

t.test('webhook match conditions: authorizer and budget', async (t) => {
  const compile = celMatchConditionCompiler(() => authorizer()).compile;
  const a = asUser('alice');
  const input = (name: string) => ({
    versioned: { attributes: a, kind: CM_KIND, object: configMap('c'), oldObject: undefined, dirty: false },
    request: { userInfo: { username: name } },
    user: { name },
  });
  const readers = compile([{ name: 'readers', expression: `${canGetPods}.allowed()` }]);
  t.same(await readers(input('alice')), [true]);
  t.same(await readers(input('bob')), [false]);
  const costly = compile(Array.from({ length: 4 }, (_, i) => ({ name: `c${i}`, expression: twoChecks })));
  t.same(await costly(input('alice')), [{ error: 'validation failed due to running out of cost budget, no further validation rules will be run' }]);
  const unbound = celMatchConditionCompiler(() => undefined).compile([{ name: 'r', expression: `${canGetPods}.allowed()` }]);
  t.match(await unbound(input('alice')), [{ error: /resulted in error/ }], 'without an authorizer the condition errs');
});
