import t from 'tap';
import {
  createAdmissionReview,
  newAttributesRecord,
  newVersionedAttributes,
  reviewVersionFor,
  toStatusErr,
  unstructuredResponseError,
  verifyAdmissionResponse,
  webhookAccessors,
} from '../../../src/index.js';

const CM = { group: '', version: 'v1', resource: 'configmaps' };
const CM_KIND = { group: '', version: 'v1', kind: 'ConfigMap' };
const hook = webhookAccessors([{ metadata: { name: 'c' }, webhooks: [{ name: 'h.example.com', clientConfig: { url: 'https://x' } }] }])[0]!;

t.test('the AdmissionReview v1 request', async (t) => {
  const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'ns' } };
  const a = newAttributesRecord({ operation: 'UPDATE', kind: CM_KIND, resource: CM, namespace: 'ns', name: 'cm', object, oldObject: object, options: { fieldManager: 'kubectl' }, dryRun: true });
  const invocation = { webhook: hook, resource: CM, subresource: '', kind: CM_KIND };
  const { uid, review } = createAdmissionReview('v1', newVersionedAttributes(a, CM_KIND, undefined), invocation, { name: 'alice', groups: ['devs'], uid: '42' });
  t.match(uid, /^[0-9a-f-]{36}$/);
  t.same(review, {
    kind: 'AdmissionReview',
    apiVersion: 'admission.k8s.io/v1',
    request: {
      uid,
      kind: CM_KIND,
      resource: CM,
      requestKind: CM_KIND,
      requestResource: CM,
      name: 'cm',
      namespace: 'ns',
      operation: 'UPDATE',
      userInfo: { username: 'alice', uid: '42', groups: ['devs'] },
      object,
      oldObject: object,
      dryRun: true,
      options: { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'kubectl' },
    },
  });
  const del = newAttributesRecord({ operation: 'DELETE', kind: CM_KIND, resource: CM, namespace: 'ns', name: 'cm', oldObject: object, subresource: '' });
  const deleted = createAdmissionReview('v1beta1', newVersionedAttributes(del, CM_KIND, undefined), invocation, undefined).review as { apiVersion: string; request: Record<string, unknown> };
  t.equal(deleted.apiVersion, 'admission.k8s.io/v1beta1');
  t.same([deleted.request.object, deleted.request.options, deleted.request.userInfo], [null, null, {}]);
});

t.test('a Namespace request names the namespace', async (t) => {
  const ns = { group: '', version: 'v1', resource: 'namespaces' };
  const a = newAttributesRecord({ operation: 'CREATE', kind: { group: '', version: 'v1', kind: 'Namespace' }, resource: ns, name: 'team', object: { metadata: { name: 'team' } } });
  const { review } = createAdmissionReview('v1', newVersionedAttributes(a, a.kind, undefined), { webhook: hook, resource: ns, subresource: '', kind: a.kind }, undefined);
  t.equal((review as { request: { namespace: string } }).request.namespace, 'team');
});

t.test('review versions', async (t) => {
  t.equal(reviewVersionFor(['v2', 'v1beta1', 'v1']), 'v1beta1', 'the first known one, as the webhook lists them');
  t.equal(reviewVersionFor(['v2']), undefined);
});

t.test('verifying the response', async (t) => {
  const ok = (response: unknown, extra: Record<string, unknown> = {}) => ({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response, ...extra });
  const patch = Buffer.from('[{"op":"add","path":"/a","value":1}]').toString('base64');
  const r = verifyAdmissionResponse('u1', 'v1', true, ok({ uid: 'u1', allowed: true, patchType: 'JSONPatch', patch, warnings: ['w'], auditAnnotations: { k: 'v' } }));
  t.same([r.allowed, r.patch, r.patchType, r.warnings, r.auditAnnotations], [true, '[{"op":"add","path":"/a","value":1}]', 'JSONPatch', ['w'], { k: 'v' }]);
  const fails = (uid: string, mutating: boolean, body: Record<string, unknown>, version = 'v1') => t.throws(() => verifyAdmissionResponse(uid, version, mutating, body));
  t.throws(() => verifyAdmissionResponse('u1', 'v1', false, ok(undefined)), { message: 'webhook response was absent' });
  t.throws(() => verifyAdmissionResponse('u1', 'v1', false, ok({ uid: 'u2', allowed: true })), { message: 'expected response.uid="u1", got "u2"' });
  t.throws(() => verifyAdmissionResponse('u1', 'v1', false, { apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { uid: 'u1' } }), {
    message: 'expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1beta1, Kind=AdmissionReview',
  });
  t.throws(() => verifyAdmissionResponse('u1', 'v1', true, ok({ uid: 'u1', allowed: true, patch })), { message: 'webhook returned response.patch but not response.patchType' });
  t.throws(() => verifyAdmissionResponse('u1', 'v1', true, ok({ uid: 'u1', allowed: true, patch, patchType: 'Merge' })), { message: 'webhook returned invalid response.patchType of "Merge"' });
  t.throws(() => verifyAdmissionResponse('u1', 'v1', false, ok({ uid: 'u1', allowed: true, patch, patchType: 'JSONPatch' })), { message: 'validating webhook may not return response.patch' });
  fails('u1', false, ok({ uid: 'u1', allowed: true, patchType: 'JSONPatch' }));
  const beta = verifyAdmissionResponse('u1', 'v1beta1', true, { response: { allowed: true, patch } });
  t.equal(beta.patchType, 'JSONPatch', 'v1beta1: no uid check, patchType implied');
});

t.test('denials as upstream words them', async (t) => {
  const withMessage = toStatusErr('h.example.com', { message: 'no red', code: 403, reason: 'Forbidden' });
  t.same(withMessage.status, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'admission webhook "h.example.com" denied the request: no red', reason: 'Forbidden', code: 403 });
  t.equal(toStatusErr('h', { reason: 'Policy' }).message, 'admission webhook "h" denied the request: Policy');
  const bare = toStatusErr('h', undefined);
  t.same([bare.message, bare.code], ['admission webhook "h" denied the request without explanation', 400], 'codes below 400 become 400');
});

t.test("client-go's errors for non-2xx answers", async (t) => {
  const answer = (status: number, body: string, contentType = 'application/json') => ({ status, contentType, body: Buffer.from(body) });
  t.equal(unstructuredResponseError(answer(500, '{"kind":"Status","status":"Failure","message":"boom"}')), 'boom', 'a Status body is used');
  t.equal(unstructuredResponseError(answer(500, 'oops\n', 'text/plain')), 'an error on the server ("oops") has prevented the request from succeeding');
  t.equal(unstructuredResponseError(answer(502, '<html>')), 'an error on the server ("unknown") has prevented the request from succeeding');
  t.equal(unstructuredResponseError(answer(404, '')), 'the server could not find the requested resource');
  t.equal(unstructuredResponseError(answer(418, '')), 'the server responded with the status code 418 but did not return more information');
});
