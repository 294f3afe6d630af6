/**
 * `localsubjectaccessreviews` (pkg/registry/authorization/localsubjectaccessreview/rest.go): namespaced,
 * validated as `ValidateLocalSubjectAccessReview`, the request's namespace required and matched, answered by the
 * authorizer the other access reviews use; over HTTP with token users and directly.
 */
import type { ApiObject } from '@apiserver/registry';
import type { StatusError } from '@apiserver/runtime';
import type { Attributes } from '@apiserver/server';
import t from 'tap';
import {
  LocalSubjectAccessReviewREST,
  SelfSubjectAccessReviewREST,
  SubjectAccessReviewREST,
  validateLocalSubjectAccessReview,
} from '../../../src/registry/authorization/access-review-rest.js';
import { AuthorizerReference } from '../../../src/registry/authorization/authorizer-reference.js';
import { ADMIN_TOKEN, BOB_TOKEN, call, startSecurityFixture, TestAuthorizer } from '../../security/reviews-fixture.js';

const GV = 'authorization.k8s.io/v1';
const lsar = (namespace: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): ApiObject => ({ apiVersion: GV, kind: 'LocalSubjectAccessReview', metadata: { namespace, ...metadata }, spec });

t.test('validation: upstream field paths and messages', async (t) => {
  const strings = (obj: ApiObject) => validateLocalSubjectAccessReview(obj).map((e) => e.toString());
  t.same(strings(lsar('default', { user: 'bob', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' } })), []);
  t.same(strings(lsar('default', { user: 'bob', resourceAttributes: { verb: 'get', namespace: 'other' } })), ['spec.resourceAttributes.namespace: Invalid value: "other": must match metadata.namespace']);
  t.same(strings(lsar('default', { groups: ['g'], resourceAttributes: { verb: 'get' } })), ['spec.resourceAttributes.namespace: Invalid value: "": must match metadata.namespace']);
  const nonResource = strings(lsar('default', { user: 'bob', nonResourceAttributes: { path: '/x', verb: 'get' } }));
  t.equal(nonResource.length, 1);
  t.match(nonResource[0], /^spec.nonResourceAttributes: Invalid value: .*: disallowed on this kind of request$/);
  t.same(strings(lsar('default', { resourceAttributes: { namespace: 'default' } })), ['spec.user: Invalid value: "": at least one of user or group must be specified']);
  const named = strings(lsar('default', { user: 'bob', resourceAttributes: { namespace: 'default' } }, { name: 'x', managedFields: [] }));
  t.equal(named.length, 1, 'managed fields are ignored, a name is not');
  t.match(named[0], /^metadata: Invalid value: .*: must be empty except for namespace$/);
});

t.test('direct calls: the request namespace is required and must be the review\'s', async (t) => {
  const ref = new AuthorizerReference();
  ref.bind(new TestAuthorizer(), new TestAuthorizer());
  const rest = new LocalSubjectAccessReviewREST(ref);
  t.equal(rest.namespaceScoped(), true);
  t.equal(rest.getSingularName(), 'localsubjectaccessreview');
  const review = lsar('default', { user: 'bob', resourceAttributes: { verb: 'list', resource: 'configmaps', namespace: 'default' } });
  const none = (await rest.create({}, review).catch((e: unknown) => e)) as StatusError;
  t.equal(none.code, 400);
  t.equal(none.message, 'namespace is required on this type: ');
  const other = (await rest.create({ namespace: 'kube-system' }, review).catch((e: unknown) => e)) as StatusError;
  t.equal(other.message, 'spec.resourceAttributes.namespace must match namespace: kube-system');
  const invalid = (await rest.create({}, lsar('default', { user: 'bob' })).catch((e: unknown) => e)) as StatusError;
  t.equal(invalid.code, 422, 'validation comes before the namespace checks');
  let admitted = false;
  const answered = await rest.create({ namespace: 'default' }, review, async () => {
    admitted = true;
  });
  t.ok(admitted, 'validating admission runs');
  t.same(answered.status, { allowed: true, reason: 'reader' });
});

t.test('over HTTP with the server authorizer', async (t) => {
  const f = await startSecurityFixture();
  t.teardown(() => f.stop());
  const path = (ns: string) => `/apis/${GV}/namespaces/${ns}/localsubjectaccessreviews`;
  const discovery = await call(f.url, ADMIN_TOKEN, 'GET', `/apis/${GV}`);
  const resources = discovery.body.resources as Record<string, unknown>[];
  t.same(
    resources.find((r) => r.name === 'localsubjectaccessreviews'),
    { name: 'localsubjectaccessreviews', singularName: 'localsubjectaccessreview', namespaced: true, kind: 'LocalSubjectAccessReview', verbs: ['create'] },
  );
  const ask = (ns: string, user: string, namespace: string) => lsar(ns, { user, resourceAttributes: { verb: 'get', resource: 'configmaps', namespace } });
  const bob = await call(f.url, ADMIN_TOKEN, 'POST', path('default'), ask('default', 'bob', 'default'));
  t.equal(bob.status, 201);
  t.equal(bob.body.kind, 'LocalSubjectAccessReview');
  t.same(bob.body.status, { allowed: true, reason: 'reader' });
  const elsewhere = await call(f.url, ADMIN_TOKEN, 'POST', path('kube-system'), ask('kube-system', 'bob', 'kube-system'));
  t.same(elsewhere.body.status, { allowed: false });
  const denied = await call(f.url, ADMIN_TOKEN, 'POST', path('default'), lsar('default', { user: 'bob', resourceAttributes: { verb: 'get', resource: 'secrets', namespace: 'default' } }));
  t.same(denied.body.status, { allowed: false, denied: true, reason: 'no secrets for bob' });
  const mismatch = await call(f.url, ADMIN_TOKEN, 'POST', path('default'), ask('default', 'bob', 'kube-system'));
  t.equal(mismatch.status, 422);
  t.equal(mismatch.body.message, 'LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "kube-system": must match metadata.namespace');
  const otherNamespace = await call(f.url, ADMIN_TOKEN, 'POST', path('default'), ask('kube-system', 'bob', 'kube-system'));
  t.equal(otherNamespace.status, 400, 'a body in another namespace than the URL');
  const forbidden = await call(f.url, BOB_TOKEN, 'POST', path('default'), ask('default', 'bob', 'default'));
  t.equal(forbidden.status, 403, 'creating a LocalSubjectAccessReview needs permission');
});

t.test('selectors (AuthorizeWithSelectors): validation, the attributes the authorizer gets, evaluationError', async (t) => {
  const seen: Attributes[] = [];
  const ref = new AuthorizerReference();
  ref.bind({
    authorize: (a) => {
      seen.push(a);
      return { decision: 'NoOpinion', reason: '' };
    },
  });
  const sar = (resourceAttributes: Record<string, unknown>): ApiObject => ({ apiVersion: GV, kind: 'SubjectAccessReview', metadata: {}, spec: { user: 'bob', resourceAttributes: { verb: 'list', resource: 'pods', ...resourceAttributes } } });
  const rest = new SubjectAccessReviewREST(ref);
  const raw = await rest.create({}, sar({ fieldSelector: { rawSelector: 'spec.nodeName=n1' }, labelSelector: { rawSelector: 'b=2,a in (y,x)' } }));
  t.same(raw.status, { allowed: false });
  t.same(seen[0]?.fieldSelectorRequirements, [{ field: 'spec.nodeName', operator: '=', value: 'n1' }]);
  t.same(seen[0]?.labelSelectorRequirements, [{ key: 'a', operator: 'in', values: ['x', 'y'] }, { key: 'b', operator: '=', values: ['2'] }]);
  t.equal(seen[0]?.apiVersion, '*', 'no version: every version (matchAllVersionIfEmpty)');
  const partial = await rest.create({}, sar({
    fieldSelector: { requirements: [{ key: 'a', operator: 'Exists' }] },
    labelSelector: { requirements: [{ key: 'app', operator: 'NotIn', values: ['a'] }, { key: 'n', operator: 'Gt', values: ['1'] }] },
  }));
  t.same(partial.status, {
    allowed: false,
    evaluationError: 'spec.resourceAttributes.fieldSelector ignored due to parse error; spec.resourceAttributes.labelSelector partially ignored due to parse error',
  });
  t.equal(seen[1]?.fieldSelectorParsingError?.message, 'fieldSelectors do not yet support Exists');
  t.equal(seen[1]?.labelSelectorParsingError?.message, '"Gt" is not a valid label selector operator');
  t.same(seen[1]?.labelSelectorRequirements, [{ key: 'app', operator: 'notin', values: ['a'] }]);
  const unparsable = await rest.create({}, sar({ fieldSelector: { rawSelector: 'spec.nodeName' }, labelSelector: { requirements: [{ key: 'a', operator: 'In', values: ['1', '2'] }] } }));
  t.same(unparsable.status, { allowed: false, evaluationError: 'spec.resourceAttributes.fieldSelector ignored due to parse error' });
  t.same(seen[2]?.labelSelectorRequirements, [{ key: 'a', operator: 'in', values: ['1', '2'] }]);
  const invalid = (await rest.create({}, sar({
    fieldSelector: { rawSelector: 'a=b', requirements: [{ key: 'a', operator: 'In', values: ['b'] }] },
    labelSelector: { requirements: [{ key: 'bad key', operator: 'In' }] },
  })).catch((e: unknown) => e)) as StatusError;
  t.equal(invalid.code, 422);
  t.equal(
    invalid.message,
    'SubjectAccessReview.authorization.k8s.io "" is invalid: [spec.resourceAttributes.fieldSelector.rawSelector: Invalid value: "a=b": may not specified at the same time as requirements, ' +
      "spec.resourceAttributes.labelSelector.requirements[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn', " +
      'spec.resourceAttributes.labelSelector.requirements[0].key: Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')]',
  );
  const empty = (await rest.create({}, sar({ labelSelector: {} })).catch((e: unknown) => e)) as StatusError;
  t.match(empty.message, /spec.resourceAttributes.labelSelector.requirements: Required value: when spec.resourceAttributes.labelSelector is specified, requirements or rawSelector is required$/);
  const self = (await new SelfSubjectAccessReviewREST(ref).create({}, { ...sar({ fieldSelector: {} }), kind: 'SelfSubjectAccessReview' }).catch((e: unknown) => e)) as StatusError;
  t.equal(self.code, 422, 'self reviews validate their selectors too');

  const off = new SubjectAccessReviewREST(ref, { authorizeWithSelectors: false });
  const dropped = await off.create({}, sar({ fieldSelector: {}, labelSelector: { rawSelector: 'a=b' } }));
  t.same(dropped.spec, { user: 'bob', resourceAttributes: { verb: 'list', resource: 'pods' } }, 'gate off: the selectors are dropped before validation');
  t.same([seen.at(-1)?.fieldSelectorRequirements, seen.at(-1)?.labelSelectorRequirements], [undefined, undefined]);
});
