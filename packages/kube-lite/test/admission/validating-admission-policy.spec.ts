/**
 * The ValidatingAdmissionPolicy plugin over fixed policies, bindings and params: matching (rules, names,
 * exclusions, selectors, equivalent resources), param resolution, the validation actions, failure policies,
 * messages and reasons, variables, match conditions and audit annotations.
 */
import { type ApiObject, type Attributes, newAttributesRecord, type RequestContext } from '@apiserver/registry';
import type { LabelsSelector, StatusError } from '@apiserver/runtime';
import t from 'tap';
import { matchResources, type MatchResources } from '../../src/admission/validating-admission-policy/match-resources.js';
import { collectParams, type ParamStore } from '../../src/admission/validating-admission-policy/params.js';
import { ValidatingAdmissionPolicyPlugin } from '../../src/admission/validating-admission-policy/plugin.js';
import { staticPolicySource } from '../../src/admission/validating-admission-policy/policy-source.js';

const CM = { group: '', version: 'v1', resource: 'configmaps' };
const CM_KIND = { group: '', version: 'v1', kind: 'ConfigMap' };
const rule = { operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] };

const configMap = (name: string, labels: Record<string, string> = {}, data: Record<string, string> = {}): ApiObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', labels }, data }) as ApiObject;

const attrs = (over: Partial<Attributes> = {}): Attributes =>
  newAttributesRecord({ operation: 'CREATE', kind: CM_KIND, resource: CM, namespace: 'ns', name: 'c', object: configMap('c'), ...over });

const namespaces: Record<string, ApiObject> = { ns: { metadata: { name: 'ns', labels: { env: 'prod' } } } as ApiObject };
const getNamespace = async (name: string) => namespaces[name];

t.test('matchResources: rules, names, exclusions, selectors, equivalents', async (t) => {
  const m = { getNamespace };
  const match = (r: MatchResources, a: Attributes = attrs()) => matchResources(r, a, m);
  t.match(await match({ resourceRules: [rule] }), { resource: CM, kind: CM_KIND });
  t.match(await match({}), { resource: CM }, 'no resource rules: everything');
  t.equal(await match({ resourceRules: [{ ...rule, operations: ['DELETE'] }] }), undefined);
  t.match(await match({ resourceRules: [{ ...rule, apiGroups: ['*'], resources: ['*'] }] }), { resource: CM }, '* groups and resources');
  t.match(await match({ resourceRules: [{ ...rule, resourceNames: ['c'] }] }), { resource: CM }, 'resourceNames naming the object');
  t.equal(await match({ resourceRules: [{ ...rule, resourceNames: ['other'] }] }), undefined, 'resourceNames naming others');
  t.equal(await match({ resourceRules: [rule], excludeResourceRules: [{ ...rule, resourceNames: ['c'] }] }), undefined, 'excluded');
  t.match(await match({ resourceRules: [rule], namespaceSelector: { matchLabels: { env: 'prod' } } }), { resource: CM });
  t.equal(await match({ resourceRules: [rule], namespaceSelector: { matchLabels: { env: 'dev' } } }), undefined, 'namespaceSelector');
  t.equal(await match({ resourceRules: [rule], objectSelector: { matchLabels: { app: 'x' } } }), undefined, 'objectSelector');
  t.match(await match({ resourceRules: [rule], objectSelector: { matchLabels: { app: 'x' } } }, attrs({ object: configMap('c', { app: 'x' }) })), { resource: CM });
  const missing = await match({ resourceRules: [rule], namespaceSelector: { matchLabels: { env: 'prod' } } }, attrs({ namespace: 'gone' }));
  t.match(missing, { code: 404 }, 'an unknown namespace is an error when the rules match');

  const V2 = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };
  const V1 = { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' };
  const equivalents = { equivalentResourcesFor: () => [V2, V1], kindFor: (r: typeof V1) => ({ group: r.group, version: r.version, kind: 'HorizontalPodAutoscaler' }), convert: (o: ApiObject) => o };
  const hpa = attrs({ resource: V2, kind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' } });
  const v1Rule = { ...rule, apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers'] };
  t.match(await matchResources({ resourceRules: [v1Rule] }, hpa, { getNamespace, equivalents }), { resource: V1, kind: { version: 'v1' } }, 'Equivalent (default) matches v1');
  t.equal(await matchResources({ resourceRules: [v1Rule], matchPolicy: 'Exact' }, hpa, { getNamespace, equivalents }), undefined, 'Exact does not');
});

/** A param store over fixed objects. */
function store(objects: ApiObject[], namespaced = true): ParamStore {
  return {
    namespaced,
    get: async (namespace, name) => objects.find((o) => o.metadata.name === name && (o.metadata.namespace ?? '') === namespace),
    list: async (namespace, selector: LabelsSelector) => objects.filter((o) => (namespace === '' || o.metadata.namespace === namespace) && selector.matches(o.metadata.labels ?? {})),
  };
}

t.test('collectParams', async (t) => {
  const kind = { apiVersion: 'v1', kind: 'ConfigMap' };
  const params = store([configMap('p1', { tier: 'a' }), configMap('p2', { tier: 'a' }), configMap('p3', { tier: 'b' })]);
  t.same(await collectParams(undefined, params, { name: 'p1' }, 'ns'), [null], 'no paramKind: one null param');
  t.same(await collectParams(kind, params, undefined, 'ns'), [null], 'no paramRef: one null param');
  t.match(await collectParams(kind, params, { name: 'p1', parameterNotFoundAction: 'Deny' }, 'ns'), [{ metadata: { name: 'p1' } }], 'by name in the request namespace');
  t.same(await collectParams(kind, params, { name: 'p1', namespace: 'other', parameterNotFoundAction: 'Allow' }, 'ns'), [], 'another namespace: none, allowed');
  const names = (await collectParams(kind, params, { selector: { matchLabels: { tier: 'a' } } }, 'ns')) as ApiObject[];
  t.same(names.map((p) => p.metadata.name), ['p1', 'p2'], 'by selector');
  t.equal((await collectParams(kind, params, { name: 'nope', parameterNotFoundAction: 'Deny' }, 'ns')).toString(), 'Error: no params found for policy binding with `Deny` parameterNotFoundAction');
  t.equal((await collectParams(kind, params, { name: 'p1' }, '')).toString(), 'Error: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  t.equal((await collectParams(kind, store([], false), { name: 'p1', namespace: 'ns' }, 'ns')).toString(), 'Error: paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
});

const policy = (name: string, spec: Record<string, unknown>): ApiObject => ({ metadata: { name }, spec: { failurePolicy: 'Fail', matchConstraints: { resourceRules: [rule] }, ...spec } }) as ApiObject;
const binding = (name: string, policyName: string, spec: Record<string, unknown> = {}): ApiObject =>
  ({ metadata: { name }, spec: { policyName, validationActions: ['Deny'], ...spec } }) as ApiObject;

interface Recorded {
  readonly warnings: string[];
  readonly annotations: Record<string, string>;
  readonly ctx: RequestContext;
}

function recorder(): Recorded {
  const warnings: string[] = [];
  const annotations: Record<string, string> = {};
  return { warnings, annotations, ctx: { addWarning: (w) => warnings.push(w), addAuditAnnotation: (k, v) => (annotations[k] = v) } };
}

async function run(policies: ApiObject[], bindings: ApiObject[], a: Attributes = attrs(), params: ParamStore = store([])): Promise<{ error: StatusError | undefined } & Recorded> {
  const plugin = new ValidatingAdmissionPolicyPlugin({ source: staticPolicySource(policies, bindings), getNamespace, paramStores: () => params });
  const r = recorder();
  try {
    await plugin.validate(r.ctx, a);
    return { error: undefined, ...r };
  } catch (err) {
    return { error: err as StatusError, ...r };
  }
}

t.test('Deny: upstream message, reason and code', async (t) => {
  const p = policy('p', { validations: [{ expression: "object.metadata.name != 'c'", message: 'not c' }] });
  const { error } = await run([p], [binding('b', 'p')]);
  t.equal(error?.code, 422);
  t.equal(error?.status.reason, 'Invalid');
  t.equal(error?.message, `configmaps "c" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: not c`);
  t.same(error?.status.details?.causes, [{ message: "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: not c" }]);
  const forbidden = await run([policy('p', { validations: [{ expression: 'false', reason: 'Forbidden' }] })], [binding('b', 'p')]);
  t.equal(forbidden.error?.code, 403, 'reason Forbidden: 403');
  t.match(forbidden.error?.message, /denied request: failed expression: false$/, 'no message: the expression');
  const tooLarge = await run([policy('p', { validations: [{ expression: 'false', reason: 'RequestEntityTooLarge' }] })], [binding('b', 'p')]);
  t.equal(tooLarge.error?.code, 413);
  t.equal((await run([p], [])).error, undefined, 'a policy without bindings does nothing');
  t.equal((await run([p], [binding('b', 'p')], attrs({ name: 'd', object: configMap('d') }))).error, undefined, 'passing validation');
});

t.test('messageExpression, variables, match conditions', async (t) => {
  const p = policy('p', {
    variables: [{ name: 'n', expression: 'object.metadata.name' }, { name: 'upper', expression: 'variables.n.upperAscii()' }],
    validations: [{ expression: "variables.n != 'c'", messageExpression: "'name ' + variables.upper + ' is taken'", message: 'fallback' }],
  });
  t.match((await run([p], [binding('b', 'p')])).error?.message, /denied request: name C is taken$/);
  const blank = policy('p', { validations: [{ expression: 'false', messageExpression: "'  '", message: 'fallback' }] });
  t.match((await run([blank], [binding('b', 'p')])).error?.message, /denied request: fallback$/, 'a blank messageExpression falls back to message');
  const conditional = policy('p', { matchConditions: [{ name: 'labelled', expression: "'check' in object.metadata.labels" }], validations: [{ expression: 'false' }] });
  t.equal((await run([conditional], [binding('b', 'p')])).error, undefined, 'a false match condition skips the policy');
  t.equal((await run([conditional], [binding('b', 'p')], attrs({ object: configMap('c', { check: 'y' }) }))).error?.code, 422, 'a true one applies it');
});

t.test('failurePolicy: evaluation and configuration errors', async (t) => {
  const erroring = { validations: [{ expression: "object.data.missing == 'x'" }] };
  const fail = await run([policy('p', erroring)], [binding('b', 'p')]);
  t.match(fail.error?.message, /denied request: expression 'object.data.missing == 'x'' resulted in error: no such key: missing$/);
  t.equal((await run([policy('p', { ...erroring, failurePolicy: 'Ignore' })], [binding('b', 'p')])).error, undefined, 'Ignore admits');
  const paramKind = { apiVersion: 'example.com/v1', kind: 'Missing' };
  const unknown = new ValidatingAdmissionPolicyPlugin({ source: staticPolicySource([policy('p', { paramKind, validations: [{ expression: 'true' }] })], [binding('b', 'p', { paramRef: { name: 'x' } })]), getNamespace, paramStores: () => undefined });
  await t.rejects(unknown.validate({}, attrs()), { message: `configmaps "c" is forbidden: ValidatingAdmissionPolicy 'p' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Missing'` });
});

t.test('params: evaluated once per param', async (t) => {
  const p = policy('p', { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'object.metadata.name != params.data.forbidden', messageExpression: "'forbidden by ' + params.metadata.name" }] });
  const params = store([configMap('p1', { set: 'x' }, { forbidden: 'z' }), configMap('p2', { set: 'x' }, { forbidden: 'c' })]);
  const selected = await run([p], [binding('b', 'p', { paramRef: { selector: { matchLabels: { set: 'x' } }, parameterNotFoundAction: 'Deny' } })], attrs(), params);
  t.match(selected.error?.message, /denied request: forbidden by p2$/);
  const allowed = await run([p], [binding('b', 'p', { paramRef: { name: 'none', parameterNotFoundAction: 'Allow' } })], attrs(), params);
  t.equal(allowed.error, undefined, 'no params with Allow: nothing to validate');
  const nullParams = await run([policy('q', { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'params == null' }] })], [binding('b', 'q')], attrs(), params);
  t.equal(nullParams.error, undefined, 'a binding without paramRef: params is null');
});

t.test('Warn and Audit actions, audit annotations', async (t) => {
  const p = policy('p', { validations: [{ expression: 'false', message: 'nope' }], auditAnnotations: [{ key: 'seen', valueExpression: "'saw ' + object.metadata.name" }, { key: 'quiet', valueExpression: 'null' }] });
  const warn = await run([p], [binding('w', 'p', { validationActions: ['Warn'] })]);
  t.equal(warn.error, undefined, 'Warn does not deny');
  t.same(warn.warnings, ["Validation failed for ValidatingAdmissionPolicy 'p' with binding 'w': nope"]);
  const audit = await run([p], [binding('a', 'p', { validationActions: ['Audit', 'Warn'] })]);
  t.equal(audit.error, undefined);
  t.same(audit.annotations, {
    'validation.policy.admission.k8s.io/validation_failure': '[{"message":"nope","policy":"p","binding":"a","expressionIndex":0,"validationActions":["Audit","Warn"]}]',
    'p/seen': 'saw c',
  });
  t.equal(audit.warnings.length, 1);
  const badAnnotation = await run([policy('p', { auditAnnotations: [{ key: 'n', valueExpression: '1' }] })], [binding('b', 'p')]);
  t.match(badAnnotation.error?.message, /denied request: compilation error: must evaluate to one of \[string null_type\]$/, 'an annotation that cannot be evaluated denies under Fail');
});

t.test('exempt kinds and readiness', async (t) => {
  const p = policy('p', { matchConstraints: {}, validations: [{ expression: 'false' }] });
  const exempt = attrs({ kind: { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingAdmissionPolicy' }, resource: { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicies' } });
  t.equal((await run([p], [binding('b', 'p')], exempt)).error, undefined, 'policies do not apply to the admission configuration kinds');
  const never = new ValidatingAdmissionPolicyPlugin({
    source: { hooks: () => [], hasSynced: () => false, waitForSync: async () => false },
    getNamespace,
    paramStores: () => undefined,
    readyTimeoutMillis: 1,
  });
  await t.rejects(never.validate({}, attrs()), { code: 403, message: 'configmaps "c" is forbidden: not yet ready to handle request' });
});
