/**
 * A GenericAPIServer configured as an aggregated server is (delegating authentication from the remote server's
 * extension-apiserver-authentication ConfigMap, delegating authorization by SubjectAccessReview), over TLS.
 */
import t from 'tap';
import { DelegatingAuthenticationError, delegatingAuthentication } from '../../src/delegation/delegating-authentication.js';
import { delegatingAuthorizer } from '../../src/delegation/delegating-authorization.js';
import {
  extensionAPIServerAuthenticationData,
  parseExtensionAPIServerAuthentication,
} from '../../src/delegation/extension-apiserver-authentication.js';
import { RemoteAPIServerClient } from '../../src/delegation/remote-client.js';
import { generateCACertKey, generateClientCertKey } from '../../src/server/certificate-authority.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText, serve, tempDir } from '../helpers.js';
import { fakeRemote } from './fake-remote.js';

const proxyCA = generateCACertKey('front-proxy-ca');
const clientCA = generateCACertKey('client-ca');
const proxy = generateClientCertKey(proxyCA, { commonName: 'front-proxy-client' });
const alice = generateClientCertKey(clientCA, { commonName: 'alice' });

const configMapData = extensionAPIServerAuthenticationData({
  clientCA: clientCA.cert,
  requestHeader: { clientCA: proxyCA.cert, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'] },
});

t.test('the ConfigMap data: PEM CAs and JSON lists, read back', async (t) => {
  t.same(Object.keys(configMapData).sort(), [
    'client-ca-file',
    'requestheader-allowed-names',
    'requestheader-client-ca-file',
    'requestheader-extra-headers-prefix',
    'requestheader-group-headers',
    'requestheader-username-headers',
  ]);
  t.equal(configMapData['requestheader-username-headers'], '["X-Remote-User"]');
  t.equal(extensionAPIServerAuthenticationData({ requestHeader: { clientCA: proxyCA.cert } })['requestheader-allowed-names'], 'null', "an empty list is Go's null");
  t.same(parseExtensionAPIServerAuthentication(configMapData).requestHeader?.allowedNames, ['front-proxy-client']);
  t.same(parseExtensionAPIServerAuthentication({ 'requestheader-client-ca-file': 'x', 'requestheader-allowed-names': 'null' }).requestHeader?.allowedNames, []);
  t.throws(() => parseExtensionAPIServerAuthentication({ 'requestheader-client-ca-file': 'x', 'requestheader-group-headers': 'X-Remote-Group' }), /requestheader-group-headers/);
  t.same(parseExtensionAPIServerAuthentication({}), {});
});

t.test('an aggregated server authenticating and authorizing by its remote server', async (t) => {
  const reviews: string[] = [];
  const remote = await fakeRemote(t, configMapData, (path, body) => {
    const spec = body.spec as { user?: string; token?: string };
    if (path.endsWith('/tokenreviews')) {
      const ok = spec.token === 'valid';
      return { status: 201, body: { status: { authenticated: ok, ...(ok && { user: { username: 'token-user', groups: ['readers'] } }) } } };
    }
    reviews.push(spec.user ?? '');
    return { status: 201, body: { status: { allowed: spec.user !== 'mallory' } } };
  });
  const client = new RemoteAPIServerClient({ server: remote.url });
  const authentication = await delegatingAuthentication({ client, anonymous: false });
  const ca = authentication.clientCA;
  t.ok(authentication.requestHeader !== undefined && typeof ca === 'object' && ca.currentCABundleContent() === clientCA.cert, 'the CAs came from the ConfigMap');
  const server = new GenericAPIServer({ authentication, authorization: { authorizer: delegatingAuthorizer({ client }) }, log: () => undefined });
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const [url = ''] = await server.listen({ bindAddress: '127.0.0.1', secure: { port: 0, certDirectory: dir } });
  t.teardown(() => server.shutdown());
  const get = (path: string, o: { cert?: { cert: string; key: string }; headers?: Record<string, string> } = {}) =>
    fetchText(`${url}${path}`, { rejectUnauthorized: false, headers: o.headers ?? {}, ...(o.cert !== undefined && { cert: o.cert.cert, key: o.cert.key }) });

  const forged = { 'x-remote-user': 'admin', 'x-remote-group': 'system:masters' };
  t.equal((await get('/version', { headers: forged })).status, 401, 'forged identity headers without the proxy certificate: 401');
  t.equal((await get('/version', { headers: forged, cert: alice })).status, 200, 'with a client-CA certificate the request is alice, not the forged user');
  t.same(reviews, ['alice']);
  t.equal((await get('/version', { headers: { 'x-remote-user': 'bob' }, cert: proxy })).status, 200, "the proxy's user is reviewed");
  t.equal((await get('/version', { headers: { 'x-remote-user': 'mallory' }, cert: proxy })).status, 403, 'and denied when the review says so');
  t.equal((await get('/version', { headers: { ...forged }, cert: proxy })).status, 200, 'system:masters from the proxy skips the review');
  t.equal((await get('/version', { headers: { authorization: 'Bearer valid' } })).status, 200, 'a token the remote server knows');
  t.equal((await get('/version', { headers: { authorization: 'Bearer nope' } })).status, 401);
  t.same(reviews, ['alice', 'bob', 'mallory', 'token-user']);
});

t.test('a ConfigMap that cannot be read', async (t) => {
  const remoteServer = await serve((req, res) => {
    res.writeHead(req.url?.includes('missing') === true ? 404 : 403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'configmaps is forbidden' }));
  });
  t.teardown(() => remoteServer.close());
  const client = new RemoteAPIServerClient({ server: remoteServer.url });
  await t.rejects(delegatingAuthentication({ client }), new DelegatingAuthenticationError('unable to load configmap based request-header-client-ca-file: configmaps is forbidden'));
  const logged: string[] = [];
  const tolerated = await delegatingAuthentication({ client, tolerateInClusterLookupFailure: true, log: (m) => logged.push(m) });
  t.same([tolerated.requestHeader, tolerated.clientCA, tolerated.anonymous], [undefined, undefined, true]);
  t.match(logged, [/continuing without it/]);
  const skipped = await delegatingAuthentication({ client, skipInClusterLookup: true });
  t.equal(skipped.requestHeader, undefined);
});
