/** The requestheader and client-certificate authenticators over real TLS connections, with certificates this package makes. */
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { AuthenticationError, type RequestAuthenticator } from '../../src/authentication/authenticator.js';
import { RequestHeaderAuthenticator } from '../../src/authentication/request-header.js';
import { X509Authenticator } from '../../src/authentication/x509.js';
import { generateCACertKey, generateClientCertKey } from '../../src/server/certificate-authority.js';
import { generateSelfSignedCertKey } from '../../src/server/self-signed.js';
import { fetchText } from '../helpers.js';

const proxyCA = generateCACertKey('front-proxy-ca');
const clientCA = generateCACertKey('client-ca');
const proxy = generateClientCertKey(proxyCA, { commonName: 'front-proxy-client' });
const otherProxy = generateClientCertKey(proxyCA, { commonName: 'someone-else' });
const alice = generateClientCertKey(clientCA, { commonName: 'alice', organizations: ['dev', 'ops'] });
const rogueCA = generateCACertKey('front-proxy-ca');
const rogue = generateClientCertKey(rogueCA, { commonName: 'front-proxy-client' });
const serving = generateSelfSignedCertKey({ hosts: ['127.0.0.1'] });

/** Serves one authenticator; each answer is `{user}` or `{error}` and the headers left after authentication. */
async function authServer(t: Test, authenticator: RequestAuthenticator): Promise<string> {
  const server = createServer({ cert: serving.cert, key: serving.key, ca: [proxyCA.cert, clientCA.cert], requestCert: true, rejectUnauthorized: false }, (req: IncomingMessage, res) => {
    void (async () => {
      let out: unknown;
      try {
        out = { user: (await authenticator.authenticateRequest(req)) ?? null };
      } catch (err) {
        out = { error: err instanceof AuthenticationError ? err.message : `unexpected ${String(err)}` };
      }
      res.end(JSON.stringify({ ...(out as object), headers: Object.keys(req.headers).filter((h) => h.startsWith('x-')).sort() }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function ask(url: string, pair: { cert: string; key: string } | undefined, headers: Record<string, string | string[]>): Promise<Record<string, unknown>> {
  const reply = await fetchText(url, { ca: serving.cert, headers, ...(pair !== undefined && { cert: pair.cert, key: pair.key }) });
  return JSON.parse(reply.body) as Record<string, unknown>;
}

t.test('requestheader: the proxy certificate decides whether the headers are believed', async (t) => {
  const url = await authServer(t, new RequestHeaderAuthenticator({ clientCA: proxyCA.cert, allowedNames: ['front-proxy-client'] }));
  const forged = { 'x-remote-user': 'admin', 'x-remote-group': 'system:masters' };
  t.same(await ask(url, undefined, forged), { user: null, headers: ['x-remote-group', 'x-remote-user'] }, 'no certificate: no opinion, headers untouched');
  t.same(await ask(url, rogue, forged), { error: 'x509: certificate signed by unknown authority', headers: ['x-remote-group', 'x-remote-user'] });
  t.same(await ask(url, alice, forged), { error: 'x509: certificate signed by unknown authority', headers: ['x-remote-group', 'x-remote-user'] }, 'a client-CA certificate is not a proxy');
  t.same(await ask(url, otherProxy, forged), { error: 'x509: subject with cn=someone-else is not in the allowed list', headers: ['x-remote-group', 'x-remote-user'] });
  t.same(await ask(url, proxy, { 'x-other': '1' }), { user: null, headers: ['x-other'] }, 'a proxy certificate without a user header: no opinion');
  const got = await ask(url, proxy, {
    'x-remote-user': 'bob',
    'x-remote-group': ['g1', 'g2'],
    'x-remote-extra-scopes': ['a', 'b'],
    'x-remote-extra-example.com%2fKey': 'v',
    'x-remote-extra-bad%zz': 'w',
    'x-other': 'kept',
  });
  t.same(got, {
    user: { name: 'bob', uid: '', groups: ['g1', 'g2'], extra: { scopes: ['a', 'b'], 'example.com/key': ['v'], 'bad%zz': ['w'] } },
    headers: ['x-other'],
  }, 'user, groups and extra (lower-cased, unescaped keys) read; identity headers removed');
});

t.test('requestheader: configured headers, first non-empty user header wins, any CN without allowed names', async (t) => {
  const url = await authServer(t, new RequestHeaderAuthenticator({ clientCA: proxyCA.cert, usernameHeaders: ['X-User-A', 'X-User-B'], groupHeaders: ['X-Groups'], extraHeaderPrefixes: ['X-E-', 'X-F-'] }));
  const got = await ask(url, otherProxy, { 'x-user-a': '', 'x-user-b': 'carol', 'x-groups': 'team', 'x-remote-user': 'ignored', 'x-f-k': '2', 'x-e-k': '1' });
  t.same(got, { user: { name: 'carol', uid: '', groups: ['team'], extra: { k: ['1', '2'] } }, headers: ['x-remote-user'] }, 'extra values in the order of the prefixes');
});

t.test('x509 with its own client CA ignores certificates of the front proxy CA', async (t) => {
  const url = await authServer(t, new X509Authenticator(clientCA.cert));
  t.same(await ask(url, alice, {}), { user: { name: 'alice', uid: '', groups: ['dev', 'ops'] }, headers: [] });
  t.same(await ask(url, proxy, {}), { error: 'x509: certificate signed by unknown authority', headers: [] });
  t.same(await ask(url, undefined, {}), { user: null, headers: [] });
  t.throws(() => new X509Authenticator('not a pem'), /data does not contain any valid RSA or ECDSA certificates/);
});

t.test('requestheader: UID headers (requestheader-uid-headers) when configured, first non-empty wins, removed', async (t) => {
  const url = await authServer(t, new RequestHeaderAuthenticator({ clientCA: proxyCA.cert, uidHeaders: ['X-Uid-A', 'X-Remote-Uid'] }));
  const got = await ask(url, proxy, { 'x-remote-user': 'dave', 'x-uid-a': '', 'x-remote-uid': 'uid-7', 'x-other': '1' });
  t.same(got, { user: { name: 'dave', uid: 'uid-7', groups: [], extra: {} }, headers: ['x-other'] });
  const none = await authServer(t, new RequestHeaderAuthenticator({ clientCA: proxyCA.cert }));
  t.same(await ask(none, proxy, { 'x-remote-user': 'dave', 'x-remote-uid': 'uid-7' }), { user: { name: 'dave', uid: '', groups: [], extra: {} }, headers: ['x-remote-uid'] }, 'no UID header by default (as 1.32): not read, not removed');
});
