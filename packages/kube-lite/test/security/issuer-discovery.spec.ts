/**
 * Service account issuer discovery (`/.well-known/openid-configuration`, `/openid/v1/jwks`) as kube-apiserver
 * serves it: a relying party verifies a TokenRequest token with the published keys alone; RBAC lets service accounts
 * read both documents and nobody else by default; the `jwks_uri` follows `--service-account-jwks-uri` and
 * `--external-hostname`; an issuer the documents cannot describe leaves the routes out, logged.
 */
import { createPublicKey, generateKeyPairSync, type JsonWebKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { parseFlags } from '../../src/cli/flags.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';
import { startKubeLite } from '../../src/testing/index.js';
import { call } from './reviews-fixture.js';

const ADMIN = 'discovery-admin-token';
const dir = mkdtempSync(join(tmpdir(), 'kube-lite-discovery-'));
const tokenAuthFile = join(dir, 'tokens.csv');
writeFileSync(tokenAuthFile, `${ADMIN},admin,admin-uid,system:masters\n`);
const signingKeyFile = join(dir, 'sa.key');
writeFileSync(signingKeyFile, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

/** GET `path` with an optional bearer token and Accept header: status, headers and body text. */
async function get(url: string, path: string, token?: string, accept?: string): Promise<{ status: number; type: string | null; cache: string | null; text: string }> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (accept !== undefined) headers.accept = accept;
  const res = await fetch(`${url}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text: await res.text() };
}

/** A token of `default/default`, once the service accounts controller has created the account. */
async function serviceAccountToken(url: string): Promise<string> {
  for (let i = 0; i < 100 && (await call(url, ADMIN, 'GET', '/api/v1/namespaces/default/serviceaccounts/default')).status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const issued = await call(url, ADMIN, 'POST', '/api/v1/namespaces/default/serviceaccounts/default/token', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} });
  return String((issued.body.status as Record<string, unknown>).token);
}

t.test('a relying party verifies a service account token with the published documents; RBAC grants them to service accounts', async (t) => {
  const kl = await startKubeLite({
    tokenAuthFile,
    authorizationModes: ['RBAC'],
    serviceAccountSigningKeyFile: signingKeyFile,
    serviceAccountIssuers: ['https://issuer.example', 'https://old.example'],
  });
  t.teardown(() => kl.stop());
  const token = await serviceAccountToken(kl.url);
  const config = await get(kl.url, '/.well-known/openid-configuration', token);
  t.equal(config.status, 200, config.text);
  t.equal(config.type, 'application/json');
  t.equal(config.cache, 'public, max-age=3600', "upstream's hour, not the chain's no-cache");
  const port = new URL(kl.url).port;
  t.equal(
    config.text,
    `{"issuer":"https://issuer.example","jwks_uri":"https://127.0.0.1:${port}/openid/v1/jwks","response_types_supported":["id_token"],"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["RS256"]}`,
    'the first issuer; jwks_uri on the external address (advertised address, listening port)',
  );
  const jwks = await get(kl.url, '/openid/v1/jwks', token);
  t.equal(jwks.status, 200);
  t.equal(jwks.type, 'application/jwk-set+json');
  t.equal(jwks.cache, 'public, max-age=3600');
  const keys = (JSON.parse(jwks.text) as { keys: (JsonWebKey & { kid: string; use: string; alg: string })[] }).keys;
  t.equal(keys.length, 1);
  t.same(Object.keys(keys[0] ?? {}), ['use', 'kty', 'kid', 'alg', 'n', 'e'], "go-jose's member order");
  const [h = '', p = '', s = ''] = token.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>;
  const key = keys.find((k) => k.kid === header.kid);
  t.ok(key, "the token's kid names a published key");
  t.ok(verify('sha256', Buffer.from(`${h}.${p}`), createPublicKey({ key: key as JsonWebKey, format: 'jwk' }), Buffer.from(s, 'base64url')), 'the published key verifies the token');
  t.equal((await get(kl.url, '/openid/v1/jwks', token, 'application/json')).status, 406, 'the key set is only application/jwk-set+json (go-restful 406)');
  t.equal((await get(kl.url, '/openid/v1/jwks/', token)).status, 200, 'the trailing-slash form the role also names');
  t.equal((await get(kl.url, '/.well-known/openid-configuration')).status, 403, 'anonymous: not bound by default, as upstream');
  t.equal((await get(kl.url, '/openid/v1/jwks', ADMIN)).status, 200, 'system:masters');
  const binding = await call(kl.url, ADMIN, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/system:service-account-issuer-discovery');
  t.same(binding.body.subjects, [{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:serviceaccounts' }]);
  const index = JSON.parse((await get(kl.url, '/', ADMIN)).text) as { paths: string[] };
  t.ok(index.paths.includes('/.well-known/openid-configuration') && index.paths.includes('/openid/v1/jwks'), 'listed at /');
});

t.test('--service-account-jwks-uri and --external-hostname name the jwks_uri', async (t) => {
  const { options, errors } = parseFlags(['--service-account-jwks-uri=https://keys.example/jwks?a=1&b=2', '--external-hostname=kube.example']);
  t.same(errors, []);
  t.equal(options.serviceAccountJWKSURI, 'https://keys.example/jwks?a=1&b=2');
  t.equal(options.externalHostname, 'kube.example');
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), serviceAccountJWKSURI: 'http://keys.example/jwks' }), ['service-account-jwks-uri requires https scheme, parsed as: http://keys.example/jwks']);
  const given = await startKubeLite({ serviceAccountJWKSURI: 'https://keys.example/jwks?a=1&b=2' });
  t.teardown(() => given.stop());
  t.match((await get(given.url, '/.well-known/openid-configuration')).text, '"jwks_uri":"https://keys.example/jwks?a=1\\u0026b=2"', "as given, with Go's JSON escaping");
  const named = await startKubeLite({ externalHostname: 'kube.example' });
  t.teardown(() => named.stop());
  t.match((await get(named.url, '/.well-known/openid-configuration')).text, `"jwks_uri":"https://kube.example:${new URL(named.url).port}/openid/v1/jwks"`, 'the listening port added');
  const ported = await startKubeLite({ externalHostname: 'kube.example:8443' });
  t.teardown(() => ported.stop());
  t.match((await get(ported.url, '/.well-known/openid-configuration')).text, '"jwks_uri":"https://kube.example:8443/openid/v1/jwks"', 'a hostname naming its port is kept');
});

t.test('an issuer the documents cannot describe leaves the routes out, logged as upstream', async (t) => {
  const logged: string[] = [];
  const kl = await startKubeLite({ serviceAccountIssuers: ['http://insecure.example'], log: (m) => logged.push(m) });
  t.teardown(() => kl.stop());
  t.equal((await get(kl.url, '/.well-known/openid-configuration')).status, 404);
  t.equal((await get(kl.url, '/openid/v1/jwks')).status, 404);
  t.ok(
    logged.some((m) => m.includes('Could not construct pre-rendered responses for ServiceAccountIssuerDiscovery endpoints. Endpoints will not be enabled. Error: issuer URL must use https scheme, got: http://insecure.example')),
    JSON.stringify(logged.filter((m) => m.includes('ServiceAccountIssuerDiscovery'))),
  );
});
