/**
 * The certificate admission plugins on an RBAC kube-lite: approving needs `approve` and issuing needs `sign` on the
 * request's signer (or its domain's `<domain>/*`), and no one may ask kube-apiserver-client for system:masters.
 */
import t from 'tap';
import { b64, CERTIFICATE, MASTERS_CSR, RSA_CSR } from '../registry/certificates/pem-fixtures.js';
import { ALICE_TOKEN, BOB_TOKEN, request, startRBACFixture } from './rbac-fixture.js';

const V1 = 'rbac.authorization.k8s.io/v1';
const RBAC_API = '/apis/rbac.authorization.k8s.io/v1';
const CSRS = '/apis/certificates.k8s.io/v1/certificatesigningrequests';

t.test('CertificateApproval, CertificateSigning and CertificateSubjectRestriction with RBAC', async (t) => {
  const f = await startRBACFixture();
  t.teardown(() => f.stop());
  const alice = (method: string, path: string, body?: unknown) => request(f.url, ALICE_TOKEN, method, path, body);
  const bob = (method: string, path: string, body?: unknown) => request(f.url, BOB_TOKEN, method, path, body);
  const grant = async (name: string, rules: unknown[]) => {
    const role = { apiVersion: V1, kind: 'ClusterRole', metadata: { name }, rules };
    t.equal((await alice('POST', `${RBAC_API}/clusterroles`, role)).status, 201, `role ${name}`);
    const binding = { apiVersion: V1, kind: 'ClusterRoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name }, subjects: [{ kind: 'User', name: 'bob' }] };
    t.equal((await alice('POST', `${RBAC_API}/clusterrolebindings`, binding)).status, 201, `binding ${name}`);
  };
  const csr = (name: string, signerName: string, pem = RSA_CSR) => ({
    apiVersion: 'certificates.k8s.io/v1',
    kind: 'CertificateSigningRequest',
    metadata: { name },
    spec: { request: b64(pem), signerName, usages: ['client auth'] },
  });
  const withStatus = async (who: typeof bob, name: string, sub: string, status: Record<string, unknown>) => {
    const current = (await alice('GET', `${CSRS}/${name}`)).body;
    return who('PUT', `${CSRS}/${name}/${sub}`, { ...current, status: { ...(current['status'] as object), ...status } });
  };
  const approved = { conditions: [{ type: 'Approved', status: 'True', reason: 'Test', message: 'ok' }] };

  await grant('csr-requester', [
    { apiGroups: ['certificates.k8s.io'], resources: ['certificatesigningrequests'], verbs: ['create', 'get'] },
    { apiGroups: ['certificates.k8s.io'], resources: ['certificatesigningrequests/approval', 'certificatesigningrequests/status'], verbs: ['update'] },
  ]);
  t.equal((await bob('POST', CSRS, csr('bob-1', 'example.com/signer'))).status, 201);

  const refused = await withStatus(bob, 'bob-1', 'approval', approved);
  t.equal(refused.status, 403);
  t.match(refused.body, {
    reason: 'Forbidden',
    message: 'certificatesigningrequests.certificates.k8s.io "bob-1" is forbidden: user not permitted to approve requests with signerName "example.com/signer"',
  });
  await grant('example-approver', [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/*'], verbs: ['approve'] }]);
  const allowed = await withStatus(bob, 'bob-1', 'approval', approved);
  t.equal(allowed.status, 200, 'approve on the domain wildcard');

  const unsigned = await withStatus(bob, 'bob-1', 'status', { certificate: b64(CERTIFICATE) });
  t.equal(unsigned.status, 403);
  t.match(unsigned.body, { message: 'certificatesigningrequests.certificates.k8s.io "bob-1" is forbidden: user not permitted to sign requests with signerName "example.com/signer"' });
  await grant('example-signer', [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/signer'], verbs: ['sign'] }]);
  const signed = await withStatus(bob, 'bob-1', 'status', { certificate: b64(CERTIFICATE) });
  t.equal(signed.status, 200, 'sign on the signer name');
  t.equal((signed.body['status'] as Record<string, unknown>)['certificate'], b64(CERTIFICATE));

  const masters = 'certificatesigningrequests.certificates.k8s.io "root" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed';
  for (const who of [bob, alice]) {
    const res = await who('POST', CSRS, csr('root', 'kubernetes.io/kube-apiserver-client', MASTERS_CSR));
    t.equal(res.status, 403);
    t.match(res.body, { reason: 'Forbidden', message: masters });
  }
  t.equal((await bob('POST', CSRS, csr('masters-elsewhere', 'example.com/signer', MASTERS_CSR))).status, 201, 'other signers may be asked for any group');
  t.equal((await bob('POST', CSRS, csr('client', 'kubernetes.io/kube-apiserver-client'))).status, 201, 'O=dev is fine');
});
