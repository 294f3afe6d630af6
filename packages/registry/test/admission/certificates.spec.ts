import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { CertificateApproval } from '../../src/admission/plugins/certificates/certificate-approval.js';
import { CertificateSigning } from '../../src/admission/plugins/certificates/certificate-signing.js';
import { CertificateSubjectRestriction } from '../../src/admission/plugins/certificates/certificate-subject-restriction.js';
import type { SignerAuthorizationAttributes } from '../../src/admission/plugins/certificates/signer-authorization.js';
import type { ApiObject, UserInfo } from '../../src/rest/types.js';
import { statusOf } from '../fixtures.js';

const alice: UserInfo = { name: 'alice', groups: ['system:authenticated'] };

function csr(signerName: string, status?: Record<string, unknown>, request = 'UEVN'): ApiObject {
  return {
    apiVersion: 'certificates.k8s.io/v1',
    kind: 'CertificateSigningRequest',
    metadata: { name: 'req' },
    spec: { signerName, request, usages: ['client auth'] },
    ...(status && { status }),
  };
}

function csrAttrs(operation: Operation, subresource: string, object: ApiObject | undefined, oldObject?: ApiObject, group = 'certificates.k8s.io') {
  return newAttributesRecord({
    operation,
    kind: { group: 'certificates.k8s.io', version: 'v1', kind: 'CertificateSigningRequest' },
    resource: { group, version: 'v1', resource: 'certificatesigningrequests' },
    name: 'req',
    object,
    oldObject,
    subresource,
    user: alice,
  });
}

/** An authorizer allowing `names` for `verb`, recording every question; 'boom' throws. */
function authorizer(verb: string, ...names: string[]) {
  const asked: SignerAuthorizationAttributes[] = [];
  const authorize = (a: SignerAuthorizationAttributes) => {
    asked.push(a);
    if (a.name === 'boom/x') throw new Error('evaluation failed');
    return a.verb === verb && names.includes(a.name);
  };
  return { asked, authorize };
}

t.test('CertificateApproval: approve on the old object’s signer, then on its domain wildcard', async (t) => {
  const exact = authorizer('approve', 'example.com/signer');
  const plugin = new CertificateApproval(exact.authorize);
  t.ok(plugin.handles('UPDATE'));
  t.notOk(plugin.handles('CREATE'));
  await plugin.validate({}, csrAttrs('UPDATE', 'approval', csr('other.io/x'), csr('example.com/signer')));
  t.same(exact.asked, [{ user: alice, verb: 'approve', name: 'example.com/signer', apiGroup: 'certificates.k8s.io', apiVersion: '*', resource: 'signers' }]);
  const wildcard = authorizer('approve', 'example.com/*');
  await new CertificateApproval(wildcard.authorize).validate({}, csrAttrs('UPDATE', 'approval', csr('example.com/signer'), csr('example.com/signer')));
  t.same(wildcard.asked.map((a) => a.name), ['example.com/signer', 'example.com/*']);
  const denied = await statusOf(t, plugin.validate({}, csrAttrs('UPDATE', 'approval', csr('example.com/signer'), csr('other.io/x'))));
  t.match(denied, { code: 403, reason: 'Forbidden', message: 'certificatesigningrequests.certificates.k8s.io "req" is forbidden: user not permitted to approve requests with signerName "other.io/x"' });
  const failing = authorizer('approve', 'boom/*');
  await new CertificateApproval(failing.authorize).validate({}, csrAttrs('UPDATE', 'approval', csr('boom/x'), csr('boom/x')));
  t.same(failing.asked.map((a) => a.name), ['boom/x', 'boom/*'], 'an authorizer error is a no and the wildcard is asked');
  const fromContext = authorizer('approve', 'example.com/signer');
  const bob: UserInfo = { name: 'bob' };
  const noUser = { ...csrAttrs('UPDATE', 'approval', csr('example.com/signer'), csr('example.com/signer')), user: undefined };
  await new CertificateApproval(fromContext.authorize).validate({ user: bob }, noUser);
  t.equal(fromContext.asked[0]?.user, bob, 'without a user in the attributes, the request context’s');
  const noDomain = authorizer('approve', 'plain/*');
  await new CertificateApproval(noDomain.authorize).validate({}, csrAttrs('UPDATE', 'approval', csr('plain'), csr('plain')));
  t.same(noDomain.asked.map((a) => a.name), ['plain', 'plain/*'], 'a name without a slash is its own domain');
});

t.test('CertificateApproval: only the approval subresource of CSRs; a missing old object is a 403', async (t) => {
  const none = authorizer('approve');
  const plugin = new CertificateApproval(none.authorize);
  await plugin.validate({}, csrAttrs('UPDATE', 'status', csr('a.io/b'), csr('a.io/b')));
  await plugin.validate({}, csrAttrs('UPDATE', '', csr('a.io/b'), csr('a.io/b')));
  await plugin.validate({}, csrAttrs('UPDATE', 'approval', csr('a.io/b'), csr('a.io/b'), 'other.io'));
  t.same(none.asked, []);
  t.match(await statusOf(t, plugin.validate({}, csrAttrs('UPDATE', 'approval', csr('a.io/b')))), {
    code: 403,
    message: 'certificatesigningrequests.certificates.k8s.io "req" is forbidden: expected type CertificateSigningRequest, got: <nil>',
  });
});

const approved = { type: 'Approved', status: 'True', reason: 'R', lastUpdateTime: '2026-01-01T00:00:00Z' };

t.test('CertificateSigning: sign is asked only when the certificate or the conditions change', async (t) => {
  const none = authorizer('sign');
  const plugin = new CertificateSigning(none.authorize);
  t.ok(plugin.handles('UPDATE'));
  t.notOk(plugin.handles('CREATE'));
  await plugin.validate({}, csrAttrs('UPDATE', 'status', csr('a.io/b', { conditions: [approved] }), csr('a.io/b', { conditions: [approved] })));
  await plugin.validate({}, csrAttrs('UPDATE', 'status', csr('a.io/b', { conditions: [] }), csr('a.io/b')));
  await plugin.validate({}, csrAttrs('UPDATE', 'approval', csr('a.io/b', { certificate: 'Q0VSVA==' }), csr('a.io/b')));
  t.same(none.asked, [], 'unchanged (an empty list equals an absent one), or not the status subresource');
  const changes: [string, ApiObject, ApiObject][] = [
    ['a certificate', csr('a.io/b', { certificate: 'Q0VSVA==' }), csr('a.io/b')],
    ['an empty certificate', csr('a.io/b', { certificate: '' }), csr('a.io/b')],
    ['a condition', csr('a.io/b', { conditions: [approved, { type: 'Failed', status: 'True' }] }), csr('a.io/b', { conditions: [approved] })],
  ];
  for (const [what, object, old] of changes) {
    const denied = await statusOf(t, plugin.validate({}, csrAttrs('UPDATE', 'status', object, old)));
    t.match(denied, { code: 403, message: 'certificatesigningrequests.certificates.k8s.io "req" is forbidden: user not permitted to sign requests with signerName "a.io/b"' }, what);
  }
  const signer = authorizer('sign', 'a.io/*');
  await new CertificateSigning(signer.authorize).validate({}, csrAttrs('UPDATE', 'status', csr('x.io/changed', { certificate: 'Q0VSVA==' }), csr('a.io/b')));
  t.same(signer.asked.map((a) => `${a.verb} ${a.name}`), ['sign a.io/b', 'sign a.io/*'], 'the old signer is judged');
  t.equal((await statusOf(t, plugin.validate({}, csrAttrs('UPDATE', 'status', undefined, csr('a.io/b'))))).code, 403);
});

t.test('CertificateSubjectRestriction: system:masters is refused for the kube-apiserver-client signer only', async (t) => {
  const seen: string[] = [];
  const plugin = new CertificateSubjectRestriction((pem) => {
    seen.push(pem);
    if (pem === 'bad') throw new Error('PEM block type must be CERTIFICATE REQUEST');
    return pem === 'masters' ? ['dev', 'system:masters'] : ['dev'];
  });
  t.ok(plugin.handles('CREATE'));
  t.notOk(plugin.handles('UPDATE'));
  const client = 'kubernetes.io/kube-apiserver-client';
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  plugin.validate({}, csrAttrs('CREATE', '', csr(client, undefined, b64('dev'))));
  plugin.validate({}, csrAttrs('CREATE', '', csr('example.com/x', undefined, b64('masters'))));
  plugin.validate({}, csrAttrs('CREATE', 'status', csr(client, undefined, b64('masters'))));
  t.same(seen, ['dev'], 'the request is parsed only for that signer, and only on the resource itself');
  const masters = await statusOf(t, (async () => plugin.validate({}, csrAttrs('CREATE', '', csr(client, undefined, b64('masters')))))());
  t.match(masters, {
    code: 403,
    message: 'certificatesigningrequests.certificates.k8s.io "req" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed',
  });
  const bad = await statusOf(t, (async () => plugin.validate({}, csrAttrs('CREATE', '', csr(client, undefined, b64('bad')))))());
  t.match(bad, { code: 403, message: 'certificatesigningrequests.certificates.k8s.io "req" is forbidden: failed to parse CSR: PEM block type must be CERTIFICATE REQUEST' });
  t.equal((await statusOf(t, (async () => plugin.validate({}, csrAttrs('CREATE', '', undefined)))())).code, 403);
});
