/**
 * A delegating server keeps its client CA and requestheader settings current as the remote ConfigMap changes
 * (watched, no restart), keeps the last good values when the ConfigMap goes bad or away, and stops watching at
 * shutdown.
 */
import t from 'tap';
import type { Authorizer } from '../../src/authorization/authorizer.js';
import { delegatingAuthentication } from '../../src/delegation/delegating-authentication.js';
import { ExtensionAPIServerAuthenticationController } from '../../src/delegation/extension-apiserver-authentication-controller.js';
import { extensionAPIServerAuthenticationData } from '../../src/delegation/extension-apiserver-authentication.js';
import { RemoteAPIServerClient } from '../../src/delegation/remote-client.js';
import { generateCACertKey, generateClientCertKey } from '../../src/server/certificate-authority.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText, tempDir } from '../helpers.js';
import { fakeRemote } from './fake-remote.js';

const caA = generateCACertKey('front-proxy-ca-a');
const caB = generateCACertKey('front-proxy-ca-b');
const clientCAX = generateCACertKey('client-ca-x');
const clientCAY = generateCACertKey('client-ca-y');
const proxyA = generateClientCertKey(caA, { commonName: 'front-proxy-client' });
const proxyB = generateClientCertKey(caB, { commonName: 'other-proxy' });
const proxyBWrongName = generateClientCertKey(caB, { commonName: 'front-proxy-client' });
const aliceX = generateClientCertKey(clientCAX, { commonName: 'alice' });
const aliceY = generateClientCertKey(clientCAY, { commonName: 'alice-y' });

const before = extensionAPIServerAuthenticationData({ clientCA: clientCAX.cert, requestHeader: { clientCA: caA.cert, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'] } });
const after = extensionAPIServerAuthenticationData({
  clientCA: clientCAY.cert,
  requestHeader: { clientCA: caB.cert, allowedNames: ['other-proxy'], usernameHeaders: ['X-Remote-User'], uidHeaders: ['X-Remote-Uid'] },
});

/** Resolves once `check` holds (polled every 5 ms, at most 5 s). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

t.test('the next request after a ConfigMap change is judged by the new CA, names, headers and client CA', async (t) => {
  const remote = await fakeRemote(t, before);
  const client = new RemoteAPIServerClient({ server: remote.url });
  const logged: string[] = [];
  const authentication = await delegatingAuthentication({ client, anonymous: false, log: (m) => logged.push(m) });
  const users: string[] = [];
  const recorder: Authorizer = {
    authorize(a) {
      users.push(`${a.user?.name ?? ''}/${a.user?.uid ?? ''}`);
      return { decision: 'Allow', reason: '' };
    },
  };
  const server = new GenericAPIServer({ authentication, authorization: { authorizer: recorder }, log: () => undefined });
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const [url = ''] = await server.listen({ bindAddress: '127.0.0.1', secure: { port: 0, certDirectory: dir } });
  const get = async (cert: { cert: string; key: string }, headers: Record<string, string> = {}) =>
    (await fetchText(`${url}/version`, { rejectUnauthorized: false, headers, cert: cert.cert, key: cert.key })).status;
  const who = { 'x-remote-user': 'bob', 'x-remote-uid': 'u-1' };

  await until(() => remote.openWatches() === 1);
  t.equal(remote.openWatches(), 1, 'listening started the watch');
  t.equal(await get(proxyA, who), 200);
  t.equal(await get(aliceX), 200);
  t.equal(await get(proxyB, who), 401, 'the second proxy is not trusted yet');
  t.same(users, ['bob/', 'alice/'], 'no UID header configured yet: the uid is not read');

  let changes = 0;
  const remove = authentication.requestHeader !== undefined && 'current' in authentication.requestHeader ? authentication.requestHeader.addListener(() => changes++) : () => false;
  remote.setData(after);
  await until(() => changes > 0);
  remove();
  t.equal(await get(proxyA, who), 401, 'the old proxy CA is gone');
  t.equal(await get(proxyBWrongName, who), 401, 'a name no longer allowed');
  t.equal(await get(proxyB, who), 200, 'the new proxy CA and name');
  t.equal(await get(aliceX), 401, 'the old client CA is gone');
  t.equal(await get(aliceY), 200, 'the new client CA');
  t.same(users.slice(2), ['bob/u-1', 'alice-y/'], 'the UID header now configured is read');

  remote.setData({ ...after, 'requestheader-allowed-names': 'not json', 'client-ca-file': '' });
  remote.setData(undefined);
  await until(() => logged.some((m) => m.includes('was deleted')));
  t.equal(await get(proxyB, who), 200, 'a bad list, an empty CA and a deleted ConfigMap leave the last values');
  t.equal(await get(aliceY), 200);
  t.match(logged, [/not json|Unexpected token/, /was deleted/]);

  await server.shutdown();
  await until(() => remote.openWatches() === 0);
  t.equal(remote.openWatches(), 0, 'shutdown stopped the watch');
});

t.test('the controller alone: created later, a failed watch lists again, stop() ends it', async (t) => {
  const remote = await fakeRemote(t, undefined);
  const client = new RemoteAPIServerClient({ server: remote.url });
  const controller = new ExtensionAPIServerAuthenticationController({ client, relistBackoffMillis: { initialMillis: 1, maxMillis: 5 } });
  t.equal(await controller.runOnce(), false, 'no ConfigMap yet');
  t.equal(controller.clientCA.currentCABundleContent(), undefined);
  t.equal(controller.requestHeader.current(), undefined);
  controller.run();
  controller.run();
  await until(() => remote.openWatches() === 1);
  t.equal(remote.openWatches(), 1, 'one loop however often run is called');
  remote.setData(before);
  await until(() => controller.requestHeader.current() !== undefined);
  t.match(controller.requestHeader.current(), { clientCA: caA.cert, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'], uidHeaders: [] });
  t.equal(controller.clientCA.currentCABundleContent(), clientCAX.cert);
  remote.expireWatches();
  await until(() => remote.lists() === 2 && remote.openWatches() === 1);
  t.same([remote.lists(), remote.openWatches()], [2, 1], 'an ERROR event: listed and watched again');
  await controller.stop();
  await until(() => remote.openWatches() === 0);
  t.equal(remote.openWatches(), 0);
});
