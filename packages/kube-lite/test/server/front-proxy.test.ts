/**
 * kube-lite as a front proxy: the front-proxy CA and client certificate it makes, the
 * kube-system/extension-apiserver-authentication ConfigMap it publishes, the requestheader authentication it
 * accepts itself (only with the proxy's certificate), and the front-proxy flags.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import {
  delegatingAuthentication,
  extensionAPIServerAuthenticationData,
  GenericAPIServer,
  generateCACertKey,
  generateClientCertKey,
  parseExtensionAPIServerAuthentication,
  RemoteAPIServerClient,
} from '@apiserver/server';
import { tempDir } from '@apiserver/testing';
import t from 'tap';
import { parseFlags } from '../../src/cli/flags.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';
import { FRONT_PROXY_CLIENT_NAME, FrontProxyError, frontProxyOf, maybeFrontProxyCertificates } from '../../src/server/front-proxy.js';
import { startKubeLite } from '../../src/testing/index.js';

const REVIEW = '/apis/authentication.k8s.io/v1/selfsubjectreviews';

function whoAmI(url: string, headers: Record<string, string>, pair?: { cert: string; key: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${REVIEW}`, { method: 'POST', agent: false, rejectUnauthorized: false, headers: { 'content-type': 'application/json', ...headers }, ...pair }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }));
  });
}

t.test('generated front-proxy pair, published ConfigMap, requestheader accepted only from the proxy', async (t) => {
  const dir = await tempDir('front-proxy-');
  const certDir = join(dir.path, 'certs');
  const kl = await startKubeLite({ port: -1, securePort: 0, certDir });
  t.teardown(async () => {
    await kl.stop();
    await dir.remove();
  });
  const ca = readFileSync(join(certDir, 'front-proxy-ca.crt'), 'utf8');
  const client = { cert: readFileSync(join(certDir, 'front-proxy-client.crt'), 'utf8'), key: readFileSync(join(certDir, 'front-proxy-client.key'), 'utf8') };

  const { cert: adminCert, key: adminKey } = client;
  // The ConfigMap, read with the proxy's identity for a system:masters user.
  const cm = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${kl.url}/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication`, { agent: false, rejectUnauthorized: false, cert: adminCert, key: adminKey, headers: { 'x-remote-user': 'admin', 'x-remote-group': 'system:masters' } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
  t.equal(cm.status, 200, cm.body);
  const data = (JSON.parse(cm.body) as { data: Record<string, string> }).data;
  t.same(
    Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'requestheader-client-ca-file')),
    {
      'requestheader-allowed-names': '["front-proxy-client"]',
      'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
      'requestheader-group-headers': '["X-Remote-Group"]',
      'requestheader-username-headers': '["X-Remote-User"]',
    },
    'upstream keys, JSON lists; no client-ca-file without --client-ca-file',
  );
  t.equal(data['requestheader-client-ca-file'], ca);
  t.equal(parseExtensionAPIServerAuthentication(data).requestHeader?.allowedNames?.[0], FRONT_PROXY_CLIENT_NAME);

  const asProxy = await whoAmI(kl.url, { 'x-remote-user': 'bob', 'x-remote-group': 'devs', 'x-remote-extra-team': 'blue' }, client);
  t.equal(asProxy.status, 201, asProxy.body);
  t.match(JSON.parse(asProxy.body), { status: { userInfo: { username: 'bob', groups: ['devs', 'system:authenticated'], extra: { team: ['blue'] } } } });
  const forged = await whoAmI(kl.url, { 'x-remote-user': 'bob', 'x-remote-group': 'system:masters' });
  t.match(JSON.parse(forged.body), { status: { userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } } }, 'forged headers without the certificate are ignored');
  const otherCA = generateCACertKey('front-proxy-ca');
  const rogue = generateClientCertKey(otherCA, { commonName: FRONT_PROXY_CLIENT_NAME });
  t.equal((await whoAmI(kl.url, { 'x-remote-user': 'bob' }, rogue)).status, 401, 'a certificate of another CA');
  const wrongName = generateClientCertKey({ cert: ca, key: readFileSync(join(certDir, 'front-proxy-ca.key'), 'utf8') }, { commonName: 'not-the-proxy' });
  t.equal((await whoAmI(kl.url, { 'x-remote-user': 'bob' }, wrongName)).status, 401, 'a CN not allowed');
});

t.test('front-proxy flags', async (t) => {
  const parsed = parseFlags([
    '--proxy-client-cert-file=/p.crt',
    '--proxy-client-key-file=/p.key',
    '--requestheader-client-ca-file=/ca.crt',
    '--requestheader-allowed-names=a,b',
    '--requestheader-username-headers=X-U',
    '--requestheader-group-headers=X-G1,X-G2',
    '--requestheader-extra-headers-prefix=X-E-',
  ]);
  t.match(parsed, {
    options: {
      proxyClientCertFile: '/p.crt',
      proxyClientKeyFile: '/p.key',
      requestheaderClientCAFile: '/ca.crt',
      requestheaderAllowedNames: ['a', 'b'],
      requestheaderUsernameHeaders: ['X-U'],
      requestheaderGroupHeaders: ['X-G1', 'X-G2'],
      requestheaderExtraHeadersPrefix: ['X-E-'],
    },
  });
  const base = defaultKubeLiteOptions();
  t.same([base.requestheaderUsernameHeaders, base.requestheaderGroupHeaders, base.requestheaderExtraHeadersPrefix, base.requestheaderAllowedNames], [['X-Remote-User'], ['X-Remote-Group'], ['X-Remote-Extra-'], []]);
  t.match(validateKubeLiteOptions({ ...base, proxyClientCertFile: '/p.crt' }), ['--proxy-client-cert-file and --proxy-client-key-file must be given together']);
  t.match(validateKubeLiteOptions({ ...base, requestheaderClientCAFile: '/ca.crt' }), ['--requestheader-client-ca-file needs --secure-port']);
});

t.test('front-proxy files: generated once, or read from the flags', async (t) => {
  const tmp = await tempDir('front-proxy-');
  t.teardown(() => tmp.remove());
  const dir = tmp.path;
  const first = maybeFrontProxyCertificates(dir);
  t.same(maybeFrontProxyCertificates(dir), first, 'kept for the next start');
  const given = frontProxyOf({ ...defaultKubeLiteOptions(), certDir: join(dir, 'other'), requestheaderClientCAFile: join(dir, 'front-proxy-ca.crt'), requestheaderUsernameHeaders: [] });
  t.same(given, {}, 'no proxy certificate given, and no user header: requestheader off');
  const both = frontProxyOf({ ...defaultKubeLiteOptions(), proxyClientCertFile: join(dir, 'front-proxy-client.crt'), proxyClientKeyFile: join(dir, 'front-proxy-client.key'), requestheaderClientCAFile: join(dir, 'front-proxy-ca.crt') });
  t.same(both, { proxyClientCertificate: first.client, requestHeader: { clientCA: first.ca.cert, allowedNames: [], usernameHeaders: ['X-Remote-User'], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'] } });
  t.throws(() => frontProxyOf({ ...defaultKubeLiteOptions(), requestheaderClientCAFile: join(dir, 'missing.crt') }), FrontProxyError);
});

t.test('--requestheader-uid-headers: behind the RemoteRequestHeaderUID gate (alpha in 1.32), must name X-Remote-Uid, published', async (t) => {
  const parsed = parseFlags(['--requestheader-uid-headers=X-Remote-Uid,X-Uid', '--feature-gates=RemoteRequestHeaderUID=true']);
  t.match(parsed, { options: { requestheaderUIDHeaders: ['X-Remote-Uid', 'X-Uid'], featureGates: { RemoteRequestHeaderUID: true } } });
  t.match(parseFlags(['--feature-gates=NoSuchGate=true']), { errors: [/invalid argument "NoSuchGate=true" for "--feature-gates" flag: unrecognized feature gate: NoSuchGate/] });
  t.match(parseFlags(['--feature-gates=RemoteRequestHeaderUID=yes']), { errors: [/invalid value of RemoteRequestHeaderUID=yes/] });
  const base = defaultKubeLiteOptions();
  t.same([base.requestheaderUIDHeaders, base.featureGates], [[], {}], 'no UID headers by default, as upstream');
  t.match(validateKubeLiteOptions({ ...base, requestheaderUIDHeaders: ['X-Remote-Uid'] }), ['--requestheader-uid-headers requires the "RemoteRequestHeaderUID" feature to be enabled']);
  t.match(validateKubeLiteOptions({ ...base, requestheaderUIDHeaders: ['X-Uid'], featureGates: { RemoteRequestHeaderUID: true } }), [/must include the standard X-Remote-Uid header/]);
  t.same(validateKubeLiteOptions({ ...base, requestheaderUIDHeaders: ['x-remote-uid'], featureGates: { RemoteRequestHeaderUID: true } }), [], 'any case');
  const tmp = await tempDir('front-proxy-');
  t.teardown(() => tmp.remove());
  const resolved = frontProxyOf({ ...base, certDir: tmp.path, requestheaderUIDHeaders: ['X-Remote-Uid'], featureGates: { RemoteRequestHeaderUID: true } });
  t.same(resolved.requestHeader?.uidHeaders, ['X-Remote-Uid'], 'read by kube-lite itself');
  const data = extensionAPIServerAuthenticationData({ requestHeader: resolved.requestHeader ?? { clientCA: '' } });
  t.equal(data['requestheader-uid-headers'], '["X-Remote-Uid"]', 'and published in the ConfigMap');
  t.equal(extensionAPIServerAuthenticationData({ requestHeader: frontProxyOf({ ...base, certDir: tmp.path }).requestHeader ?? { clientCA: '' } })['requestheader-uid-headers'], undefined, 'not published when unset');
});

t.test('a delegating server follows kube-lite\'s ConfigMap: the next request after a change is judged by the new CA and names', async (t) => {
  const dir = await tempDir('delegating-');
  t.teardown(() => dir.remove());
  const certDir = join(dir.path, 'kube-lite-certs');
  const kl = await startKubeLite({ port: 0, certDir });
  t.teardown(() => kl.stop());
  const cmPath = '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication';
  const call = (method: string, path: string, body?: unknown) => fetch(`${kl.url}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  for (let i = 0; i < 200 && (await call('GET', cmPath)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  const client = new RemoteAPIServerClient({ server: kl.url });
  const authentication = await delegatingAuthentication({ client, anonymous: false });
  const users: string[] = [];
  const backend = new GenericAPIServer({
    authentication,
    authorization: {
      authorizer: {
        authorize(a) {
          users.push(a.user?.name ?? '');
          return { decision: 'Allow', reason: '' };
        },
      },
    },
    log: () => undefined,
  });
  const [url = ''] = await backend.listen({ bindAddress: '127.0.0.1', secure: { port: 0, certDirectory: join(dir.path, 'backend-certs') } });
  t.teardown(() => backend.shutdown());
  const klProxy = { cert: readFileSync(join(certDir, 'front-proxy-client.crt'), 'utf8'), key: readFileSync(join(certDir, 'front-proxy-client.key'), 'utf8') };
  const newCA = generateCACertKey('rotated-front-proxy-ca');
  const newProxy = generateClientCertKey(newCA, { commonName: 'rotated-proxy' });
  const get = (pair: { cert: string; key: string }) =>
    new Promise<number>((resolve, reject) => {
      request(`${url}/version`, { agent: false, rejectUnauthorized: false, headers: { 'x-remote-user': 'bob' }, ...pair }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
  t.equal(await get(klProxy), 200, "kube-lite's proxy certificate is trusted");
  t.equal(await get(newProxy), 401, 'a certificate of a CA not published yet');
  const cm = (await (await call('GET', cmPath)).json()) as { data: Record<string, string> };
  const updated = await call('PUT', cmPath, { ...cm, data: { ...cm.data, 'requestheader-client-ca-file': newCA.cert, 'requestheader-allowed-names': '["rotated-proxy"]' } });
  t.equal(updated.status, 200);
  const provider = authentication.requestHeader;
  for (let i = 0; i < 200 && !(provider !== undefined && 'current' in provider && provider.current()?.clientCA === newCA.cert); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  t.equal(await get(newProxy), 200, 'the rotated CA and name, without a restart');
  t.equal(await get(klProxy), 401, 'the CA taken out of the ConfigMap');
  t.same(users, ['bob', 'bob']);
});
