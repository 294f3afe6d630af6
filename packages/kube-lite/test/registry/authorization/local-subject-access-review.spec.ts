/**
 * `localsubjectaccessreviews` (pkg/registry/authorization/localsubjectaccessreview/rest.go): namespaced,
 * validated as `ValidateLocalSubjectAccessReview`, the request's namespace required and matched, answered by the
 * authorizer the other access reviews use; over HTTP with token users and directly.
 */
import type { ApiObject } from '@apiserver/registry';
import type { StatusError } from '@apiserver/runtime';
import t from 'tap';
import { LocalSubjectAccessReviewREST, validateLocalSubjectAccessReview } from '../../../src/registry/authorization/access-review-rest.js';
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
