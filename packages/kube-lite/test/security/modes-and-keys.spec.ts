import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { parseFlags } from '../../src/cli/flags.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';
import { startKubeLite } from '../../src/testing/index.js';
import { call } from './reviews-fixture.js';

const ADMIN = 'modes-admin-token';
const BOB = 'modes-bob-token';
const dir = mkdtempSync(join(tmpdir(), 'kube-lite-modes-'));
const tokenAuthFile = join(dir, 'tokens.csv');
writeFileSync(tokenAuthFile, `${ADMIN},admin,admin-uid,system:masters\n${BOB},bob,bob-uid\n`);
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

t.test('service account and RBAC flags', async (t) => {
  const { options, errors } = parseFlags([
    '--authorization-mode=RBAC,AlwaysDeny',
    '--service-account-issuer=https://one.example',
    '--service-account-issuer',
    'https://two.example',
    '--service-account-key-file=/a.pem',
    '--service-account-key-file=/b.pem',
    '--service-account-signing-key-file=/sign.pem',
    '--api-audiences=api, vault',
  ]);
  t.same(errors, []);
  t.same(options.authorizationModes, ['RBAC', 'AlwaysDeny']);
  t.same(options.serviceAccountIssuers, ['https://one.example', 'https://two.example'], 'repeatable, in order');
  t.same(options.serviceAccountKeyFiles, ['/a.pem', '/b.pem']);
  t.equal(options.serviceAccountSigningKeyFile, '/sign.pem');
  t.same(options.apiAudiences, ['api', 'vault']);
  t.same(validateKubeLiteOptions(options), []);
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), serviceAccountIssuers: ['https://x:y:z'] }), [
    '--service-account-issuer "https://x:y:z" contains a \':\' but is not a valid URL',
  ]);
});

const SSAR = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const review = (verb: string, resource: string) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { verb, resource, namespace: 'default' } } });

t.test('modes chain in order as upstream union authorizer, system:masters always allowed', async (t) => {
  const table: [string[], number, number][] = [
    [['RBAC'], 403, 200],
    [['RBAC', 'AlwaysDeny'], 403, 200],
    [['AlwaysAllow', 'RBAC'], 200, 200],
    [['AlwaysDeny'], 403, 200],
  ];
  for (const [modes, bobStatus, adminStatus] of table) {
    const kl = await startKubeLite({ tokenAuthFile, anonymousAuth: false, authorizationModes: modes });
    try {
      const bob = await call(kl.url, BOB, 'GET', '/api/v1/namespaces/default/pods');
      t.equal(bob.status, bobStatus, `${modes.join(',')}: bob lists pods → ${bobStatus}`);
      t.equal((await call(kl.url, ADMIN, 'GET', '/api/v1/namespaces/default/pods')).status, adminStatus, `${modes.join(',')}: system:masters`);
      if (modes.includes('AlwaysDeny')) t.match(bob.body.message, /Everything is forbidden\.$/, 'AlwaysDeny reason in the 403');
      if (modes.includes('RBAC')) {
        const ssar = await call(kl.url, BOB, 'POST', SSAR, review('list', 'pods'));
        t.equal(ssar.status, 201, 'system:basic-user may create reviews');
        t.equal((ssar.body.status as Record<string, unknown>).allowed, bobStatus === 200);
        const rules = await call(kl.url, BOB, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectRulesReview',
          spec: { namespace: 'default' },
          // kubectl <= 1.31 sends Go's JSON of the empty status: nil lists are null.
          status: { resourceRules: null, nonResourceRules: null, incomplete: false },
        });
        t.equal(rules.status, 201, `JSON nulls decode as empty lists: ${JSON.stringify(rules.body.message)}`);
        const status = rules.body.status as Record<string, unknown>;
        t.equal(status.incomplete, false, 'RBAC, AlwaysAllow and AlwaysDeny can list their rules');
        const wildcard = JSON.stringify(status.resourceRules).includes('"resources":["*"]');
        t.equal(wildcard, modes.includes('AlwaysAllow'), 'AlwaysAllow lists the wildcard rule');
      }
    } finally {
      await kl.stop();
    }
  }
});

t.test('--service-account-signing-key-file, --service-account-issuer and --api-audiences shape the tokens', async (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKeyFile = join(dir, 'sa.key');
  writeFileSync(signingKeyFile, privateKey.export({ type: 'pkcs1', format: 'pem' }));
  const kl = await startKubeLite({
    tokenAuthFile,
    anonymousAuth: false,
    authorizationModes: ['RBAC'],
    serviceAccountSigningKeyFile: signingKeyFile,
    serviceAccountIssuers: ['https://issuer.example'],
    apiAudiences: ['api.example', 'other.example'],
  });
  t.teardown(() => kl.stop());
  let sa = await call(kl.url, ADMIN, 'GET', '/api/v1/namespaces/default/serviceaccounts/default');
  for (let i = 0; sa.status !== 200 && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 50));
    sa = await call(kl.url, ADMIN, 'GET', '/api/v1/namespaces/default/serviceaccounts/default');
  }
  const issued = await call(kl.url, ADMIN, 'POST', '/api/v1/namespaces/default/serviceaccounts/default/token', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} });
  t.equal(issued.status, 201, JSON.stringify(issued.body));
  const token = String((issued.body.status as Record<string, unknown>).token);
  const [h = '', p = '', s = ''] = token.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  t.equal(header.alg, 'RS256', 'an RSA key signs RS256');
  t.ok(verify('sha256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url')), 'signed by the given key');
  t.equal(claims.iss, 'https://issuer.example');
  t.same(claims.aud, ['api.example', 'other.example'], 'default audiences are --api-audiences');
  t.equal((await call(kl.url, token, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' })).status, 201);
  const review = await call(kl.url, ADMIN, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } });
  t.match(review.body.status, { authenticated: true, user: { username: 'system:serviceaccount:default:default' }, audiences: ['api.example', 'other.example'] });
});
