import { join } from 'node:path';
import { findKubectl, runKubectl } from '@apiserver/testing';
import t from 'tap';
import { ADMIN_TOKEN, BOB_TOKEN, call, type SecurityFixture, startSecurityFixture } from './reviews-fixture.js';

const found = await findKubectl();

async function waitForDefaultServiceAccount(f: SecurityFixture): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await call(f.url, ADMIN_TOKEN, 'GET', '/api/v1/namespaces/default/serviceaccounts/default');
    if (res.status === 200) return res.body;
    if (Date.now() > deadline) throw new Error(`no default service account: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const f = await startSecurityFixture();
t.teardown(() => f.stop());
await waitForDefaultServiceAccount(f);

const SSAR = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const ssar = (resourceAttributes: Record<string, unknown>) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes } });

async function requestToken(name: string, spec: Record<string, unknown> = {}, namespace = 'default') {
  return call(f.url, ADMIN_TOKEN, 'POST', `/api/v1/namespaces/${namespace}/serviceaccounts/${name}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec });
}

t.test('SelfSubjectAccessReview answers with the request user through the authorizer', async (t) => {
  const table: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
    ['admin may create pods', ADMIN_TOKEN, { verb: 'create', resource: 'pods', namespace: 'default' }, { allowed: true, reason: 'master' }],
    ['bob may list configmaps in default', BOB_TOKEN, { verb: 'list', resource: 'configmaps', namespace: 'default' }, { allowed: true, reason: 'reader' }],
    ['bob may not list configmaps in kube-system', BOB_TOKEN, { verb: 'list', resource: 'configmaps', namespace: 'kube-system' }, { allowed: false }],
    ['bob is denied secrets', BOB_TOKEN, { verb: 'get', resource: 'secrets', namespace: 'default' }, { allowed: false, denied: true, reason: 'no secrets for bob' }],
  ];
  for (const [name, token, attrs, status] of table) {
    const res = await call(f.url, token, 'POST', SSAR, ssar(attrs));
    t.equal(res.status, 201, `${name}: 201`);
    t.same(res.body.status, status, name);
    t.equal(res.body.kind, 'SelfSubjectAccessReview');
  }
  const nonResource = await call(f.url, ADMIN_TOKEN, 'POST', SSAR, { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { nonResourceAttributes: { path: '/healthz', verb: 'get' } } });
  t.same(nonResource.body.status, { allowed: true, reason: 'master' }, 'non-resource attributes');
  const both = await call(f.url, ADMIN_TOKEN, 'POST', SSAR, { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: {}, nonResourceAttributes: {} } });
  t.equal(both.status, 422, 'both attribute kinds: 422');
  t.match(both.body.message, /spec.nonResourceAttributes: Invalid value: .*cannot be specified in combination with resourceAttributes/);
  const none = await call(f.url, ADMIN_TOKEN, 'POST', SSAR, { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: {} });
  t.match(none.body.message, /exactly one of nonResourceAttributes or resourceAttributes must be specified/);
  const list = await call(f.url, ADMIN_TOKEN, 'GET', SSAR);
  t.equal(list.status, 405, 'reviews are create-only');
});

t.test('SubjectAccessReview asks for the user of the spec (admin only)', async (t) => {
  const path = '/apis/authorization.k8s.io/v1/subjectaccessreviews';
  const body = (spec: Record<string, unknown>) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec });
  const bob = await call(f.url, ADMIN_TOKEN, 'POST', path, body({ user: 'bob', resourceAttributes: { verb: 'get', resource: 'configmaps', namespace: 'default' } }));
  t.same(bob.body.status, { allowed: true, reason: 'reader' });
  const nobody = await call(f.url, ADMIN_TOKEN, 'POST', path, body({ resourceAttributes: { verb: 'get', resource: 'pods' } }));
  t.equal(nobody.status, 422);
  t.match(nobody.body.message, /spec.user: Invalid value: "": at least one of user or group must be specified/);
  const forbidden = await call(f.url, BOB_TOKEN, 'POST', path, body({ user: 'bob', resourceAttributes: { verb: 'get' } }));
  t.equal(forbidden.status, 403, 'creating a SubjectAccessReview needs permission');
  const selectors = { verb: 'list', resource: 'configmaps', namespace: 'default', fieldSelector: { requirements: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] }, labelSelector: { rawSelector: 'a in (x' } };
  const selected = await call(f.url, ADMIN_TOKEN, 'POST', path, body({ user: 'bob', resourceAttributes: selectors }));
  t.equal(selected.status, 201);
  t.same(selected.body.spec, { user: 'bob', resourceAttributes: selectors }, 'the selectors are kept (AuthorizeWithSelectors is on by default)');
  t.same(selected.body.status, { allowed: true, reason: 'reader', evaluationError: 'spec.resourceAttributes.labelSelector ignored due to parse error' });
  const both = await call(f.url, ADMIN_TOKEN, 'POST', path, body({ user: 'bob', resourceAttributes: { ...selectors, labelSelector: { rawSelector: 'a=b', requirements: [{ key: 'a', operator: 'Exists' }] } } }));
  t.equal(both.status, 422);
  t.equal(both.body.message, 'SubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.labelSelector.rawSelector: Invalid value: "a=b": may not specified at the same time as requirements');
});

t.test('SelfSubjectRulesReview and SelfSubjectReview', async (t) => {
  const rules = await call(f.url, BOB_TOKEN, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'default' } });
  t.equal(rules.status, 201);
  t.match(rules.body.status, { incomplete: false, nonResourceRules: [], resourceRules: [{}, {}, { verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'] }] });
  const noNamespace = await call(f.url, BOB_TOKEN, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: {} });
  t.equal(noNamespace.status, 400);
  t.equal(noNamespace.body.message, 'no namespace on request');
  const who = await call(f.url, BOB_TOKEN, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
  t.equal(who.status, 201);
  t.same(who.body.status, { userInfo: { username: 'bob', uid: 'bob-uid', groups: ['developers', 'system:authenticated'] } });
  t.match(who.body.metadata, { creationTimestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ });
});

t.test('TokenRequest issues tokens the authenticator accepts', async (t) => {
  const sa = await call(f.url, ADMIN_TOKEN, 'GET', '/api/v1/namespaces/default/serviceaccounts/default');
  const issued = await requestToken('default');
  t.equal(issued.status, 201, JSON.stringify(issued.body));
  t.match(issued.body, { kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1', metadata: { name: 'default', namespace: 'default' } });
  t.match(issued.body.spec, { audiences: ['https://kubernetes.default.svc.cluster.local'], expirationSeconds: 3600 });
  const token = String((issued.body.status as Record<string, unknown>).token);
  const [, payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  t.match(claims, {
    iss: 'https://kubernetes.default.svc.cluster.local',
    sub: 'system:serviceaccount:default:default',
    aud: ['https://kubernetes.default.svc.cluster.local'],
    'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'default', uid: (sa.body.metadata as Record<string, unknown>).uid } },
  });
  t.equal(Number(claims.exp) - Number(claims.iat), 3600);
  t.equal(claims.nbf, claims.iat);
  const expiry = Date.parse(String((issued.body.status as Record<string, unknown>).expirationTimestamp));
  t.equal(expiry / 1000, claims.exp, 'expirationTimestamp is exp');

  const who = await call(f.url, token, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
  t.same((who.body.status as Record<string, unknown>).userInfo, {
    username: 'system:serviceaccount:default:default',
    uid: (sa.body.metadata as Record<string, unknown>).uid,
    groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
  });
  t.equal((await call(f.url, token, 'GET', '/api/v1/namespaces/default/configmaps')).status, 200, 'the token authorizes as the service account');
  t.equal((await call(f.url, token, 'GET', '/api/v1/namespaces/default/secrets')).status, 403, 'only what the service account may do');

  const review = await call(f.url, ADMIN_TOKEN, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } });
  t.match(review.body.status, { authenticated: true, user: { username: 'system:serviceaccount:default:default' }, audiences: ['https://kubernetes.default.svc.cluster.local'] });
  const badReview = await call(f.url, ADMIN_TOKEN, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: `${token.slice(0, -4)}AAAA` } });
  t.match(badReview.body.status, { user: {}, error: /signature/ });
  t.notOk((badReview.body.status as Record<string, unknown>).authenticated);
});

t.test('a TokenReview checks the audiences it names (spec.audiences), not only the API audiences', async (t) => {
  const vault = String(((await requestToken('default', { audiences: ['vault', 'db'] })).body.status as Record<string, unknown>).token);
  const review = (spec: Record<string, unknown>) =>
    call(f.url, ADMIN_TOKEN, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec });
  const forVault = await review({ token: vault, audiences: ['db', 'vault', 'other'] });
  t.match(forVault.body.status, { authenticated: true, user: { username: 'system:serviceaccount:default:default' } });
  t.same((forVault.body.status as Record<string, unknown>).audiences, ['vault', 'db'], "the token's audiences among those asked, in the token's order");
  const forApi = await review({ token: vault });
  t.same(forApi.body.status, {
    user: {},
    error: 'token audiences ["vault" "db"] is invalid for the target audiences ["https://kubernetes.default.svc.cluster.local"]',
  });
  const elsewhere = await review({ token: vault, audiences: ['other'] });
  t.same(elsewhere.body.status, { user: {}, error: 'token audiences ["vault" "db"] is invalid for the target audiences ["other"]' });
});

t.test('forged, wrong-audience, orphaned and recreated-account tokens get 401', async (t) => {
  const get = (token: string) => call(f.url, token, 'GET', '/api/v1/namespaces/default/configmaps');
  const good = String(((await requestToken('default')).body.status as Record<string, unknown>).token);
  const [h = '', p = '', s = ''] = good.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'system:serviceaccount:kube-system:default' })).toString('base64url')}.${s}`;
  const forgedRes = await get(forged);
  t.equal(forgedRes.status, 401, 'a changed payload');
  t.match(forgedRes.body, { kind: 'Status', reason: 'Unauthorized' });
  const other = await requestToken('default', { audiences: ['vault'] });
  t.equal(other.status, 201);
  t.equal((await get(String((other.body.status as Record<string, unknown>).token))).status, 401, 'another audience');
  t.equal((await get('not-a-token')).status, 401, 'an unknown opaque token');

  t.equal((await call(f.url, ADMIN_TOKEN, 'POST', '/api/v1/namespaces/default/serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } })).status, 201);
  const robot = String(((await requestToken('robot', { expirationSeconds: 600 })).body.status as Record<string, unknown>).token);
  t.equal((await get(robot)).status, 200, 'robot token works');
  t.equal((await call(f.url, ADMIN_TOKEN, 'DELETE', '/api/v1/namespaces/default/serviceaccounts/robot')).status, 200);
  t.equal((await get(robot)).status, 401, 'the service account is gone');
  t.equal((await call(f.url, ADMIN_TOKEN, 'POST', '/api/v1/namespaces/default/serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } })).status, 201);
  t.equal((await get(robot)).status, 401, 'a new service account of the same name has another UID');
});

t.test('TokenRequest errors', async (t) => {
  const short = await requestToken('default', { expirationSeconds: 60 });
  t.equal(short.status, 422);
  t.match(short.body.message, /spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes/);
  const long = await requestToken('default', { expirationSeconds: 2 ** 33 });
  t.match(long.body.message, /may not specify a duration larger than 2\^32 seconds/);
  t.equal((await requestToken('nobody')).status, 404, 'no such service account');
  const mismatch = await call(f.url, ADMIN_TOKEN, 'POST', '/api/v1/namespaces/default/serviceaccounts/default/token', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: { name: 'other' }, spec: {} });
  t.equal(mismatch.status, 400);
  const badKind = await requestToken('default', { boundObjectRef: { kind: 'ConfigMap', name: 'x' } });
  t.equal(badKind.status, 400);
  t.equal(badKind.body.message, 'cannot bind token to object of type ConfigMap');
  t.equal((await requestToken('default', { boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 'missing' } })).status, 404, 'bound object must exist');
  const secret = await call(f.url, ADMIN_TOKEN, 'POST', '/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'bound' } });
  const uid = String((secret.body.metadata as Record<string, unknown>).uid);
  const bound = await requestToken('default', { boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 'bound', uid } });
  t.equal(bound.status, 201);
  const payload = String((bound.body.status as Record<string, unknown>).token).split('.')[1] ?? '';
  t.match(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), { 'kubernetes.io': { secret: { name: 'bound', uid } } });
  t.equal((await requestToken('default', { boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 'bound', uid: 'other' } })).status, 409, 'stale UID');
  const pod = await call(f.url, ADMIN_TOKEN, 'POST', '/api/v1/namespaces/default/pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { serviceAccountName: 'robot', containers: [{ name: 'c', image: 'nginx' }] } });
  t.equal(pod.status, 201);
  const wrongPod = await requestToken('default', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'p' } });
  t.equal(wrongPod.status, 400);
  t.match(wrongPod.body.message, /pod running with different serviceaccount name/);
  t.equal((await requestToken('robot', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'p' } })).status, 201, 'the pod runs as robot');
});

t.test('kubectl auth can-i, auth whoami and create token', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const options = { kubeconfig: f.kubeconfigPath, cacheDir: join(f.dir, 'kubectl-cache'), timeoutMs: 30_000 };
  const kubectl = (...args: string[]) => runKubectl(found.binary, args, options);
  const yes = await kubectl('auth', 'can-i', 'create', 'pods');
  t.equal(yes.stdout.trim(), 'yes', `admin can create pods: ${yes.stderr}`);
  const no = await kubectl('--token', BOB_TOKEN, 'auth', 'can-i', 'create', 'pods');
  t.equal(no.stdout.trim(), 'no', `bob cannot: ${no.stderr}`);
  t.equal(no.code, 1, 'can-i exits 1 on no');
  const list = await kubectl('--token', BOB_TOKEN, 'auth', 'can-i', '--list', '-n', 'default');
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, /configmaps\s+\[\]\s+\[\]\s+\[get list\]/, 'rules listed');
  t.match(list.stdout, /selfsubjectreviews\.authentication\.k8s\.io/);
  const whoami = await kubectl('auth', 'whoami');
  t.equal(whoami.code, 0, whoami.stderr);
  t.match(whoami.stdout, /Username\s+admin/);
  t.match(whoami.stdout, /Groups\s+\[system:masters system:authenticated\]/);
  const created = await kubectl('create', 'token', 'default');
  t.equal(created.code, 0, created.stderr);
  const token = created.stdout.trim();
  const asSA = await kubectl('--token', token, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}');
  t.equal(asSA.stdout, 'system:serviceaccount:default:default', asSA.stderr);
  const get = await kubectl('--token', token, 'get', 'configmaps', '-n', 'default');
  t.equal(get.code, 0, get.stderr);
  const denied = await kubectl('--token', `${token.slice(0, -4)}AAAA`, 'get', 'configmaps');
  t.not(denied.code, 0);
  t.match(denied.stderr, /Unauthorized|must be logged in/);
});
