import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestAuthenticator } from '@apiserver/server';
import t from 'tap';
import { setAuthProxyHeaders } from '../../src/index.js';
import { startSampleAPIServer } from '../sample-apiserver/server.js';
import { apiService, eventually, fetchText, json, post, startAggregator } from '../fixtures.js';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';
const FLUNDERS = '/apis/wardle.example.com/v1alpha1/namespaces/default/flunders';

/** Bearer `alice` → alice in devs (with an extra value); other tokens have no opinion. */
const aliceAuthenticator: RequestAuthenticator = {
  authenticateRequest(request) {
    if (request.headers.authorization !== 'Bearer alice') return undefined;
    return { name: 'alice', uid: '', groups: ['devs', 'system:authenticated'], extra: { 'scopes.example.com/Team': ['blue', 'red'] } } as never;
  },
};

async function condition(url: string, name: string): Promise<{ status?: string; reason?: string; message?: string } | undefined> {
  const obj = json(await fetchText(`${url}${APISERVICES}/${name}`)) as { status?: { conditions?: Array<{ type: string; status?: string; reason?: string; message?: string }> } };
  return obj.status?.conditions?.find((c) => c.type === 'Available');
}

t.test('remote APIService: proxied with the user, watch streams, 503 while unavailable', async (t) => {
  const sample = await startSampleAPIServer();
  const f = await startAggregator({ autoRegister: false, genericConfig: { log: () => undefined, authentication: { authenticators: [aliceAuthenticator] } } });
  t.teardown(async () => {
    await f.stop();
    await sample.stop().catch(() => undefined);
  });
  f.services.set('default/api:443', sample.url);
  const created = await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }));
  t.equal(created.status, 201, created.body);
  t.ok(await eventually(async () => (await condition(f.url, 'v1alpha1.wardle.example.com'))?.status === 'True'), 'becomes Available');
  t.match(await condition(f.url, 'v1alpha1.wardle.example.com'), { status: 'True', reason: 'Passed', message: 'all checks passed' });

  // A watch through the proxy sees events as they happen.
  const events: string[] = [];
  const watch = httpRequest(new URL(`${f.url}${FLUNDERS}?watch=true`), { agent: false, headers: { authorization: 'Bearer alice' } });
  const watching = new Promise<void>((resolve) => {
    watch.on('response', (res) => {
      t.equal(res.statusCode, 200);
      res.setEncoding('utf8');
      res.on('data', (c: string) => events.push(c));
      resolve();
    });
  });
  watch.on('error', () => undefined);
  watch.end();
  await watching;

  sample.seen.length = 0;
  const flunder = { apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', metadata: { name: 'one' }, spec: { reference: 'x' } };
  const made = await fetchText(`${f.url}${FLUNDERS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer alice', 'x-remote-user': 'mallory' },
    body: JSON.stringify(flunder),
  });
  t.equal(made.status, 201, made.body);
  t.match(json(made), { kind: 'Flunder', metadata: { name: 'one', namespace: 'default' } });
  // The availability checks (as system:kube-aggregator) may interleave; the client's request came as alice.
  t.same(
    sample.seen.filter((s) => !s.startsWith('system:kube-aggregator|')),
    ['alice|devs,system:authenticated'],
    'the sample server saw the aggregator-authenticated user, not the spoofed header',
  );
  t.ok(sample.seen.every((s) => s === 'alice|devs,system:authenticated' || s === 'system:kube-aggregator|system:masters,system:authenticated'));
  t.ok(await eventually(() => events.join('').includes('"type":"ADDED"')), 'the watch event came through');
  watch.destroy();

  const listed = json(await fetchText(`${f.url}${FLUNDERS}`));
  t.same((listed.items as Array<{ metadata: { name: string } }>).map((i) => i.metadata.name), ['one']);

  // The backend goes away: the condition flips and requests get 503.
  await sample.stop();
  t.ok(await eventually(async () => (await condition(f.url, 'v1alpha1.wardle.example.com'))?.status === 'False'), 'becomes unavailable');
  const down = await condition(f.url, 'v1alpha1.wardle.example.com');
  t.equal(down?.reason, 'FailedDiscoveryCheck');
  t.match(down?.message, `failing or missing response from ${sample.url}/apis/wardle.example.com/v1alpha1: `);
  const unavailable = await fetchText(`${f.url}${FLUNDERS}`);
  t.equal(unavailable.status, 503);
  t.match(json(unavailable), { kind: 'Status', reason: 'ServiceUnavailable', message: 'service unavailable', code: 503 });
});

t.test('forwarded headers: identity replaced, credentials and hop-by-hop headers dropped', async (t) => {
  let seen: IncomingHttpHeaders = {};
  let seenURL = '';
  const echo = createServer((req, res) => {
    seen = req.headers;
    seenURL = req.url ?? '';
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end('{"kind":"APIResourceList","groupVersion":"echo.example.com/v1","resources":[]}');
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  const f = await startAggregator({ autoRegister: false, genericConfig: { log: () => undefined, authentication: { authenticators: [aliceAuthenticator] } } });
  t.teardown(async () => {
    await f.stop();
    echo.close();
  });
  f.services.set('ns/echo:8443', `http://127.0.0.1:${(echo.address() as AddressInfo).port}`);
  await post(`${f.url}${APISERVICES}`, apiService('echo.example.com', 'v1', { service: { namespace: 'ns', name: 'echo', port: 8443 } }));
  t.ok(await eventually(async () => (await condition(f.url, 'v1.echo.example.com'))?.status === 'True'));
  const reply = await fetchText(`${f.url}/apis/echo.example.com/v1/things?labelSelector=a%3Db&x=1`, {
    headers: { authorization: 'Bearer alice', 'x-remote-group': 'system:masters', 'x-remote-uid': 'forged', 'x-remote-extra-evil': 'yes', 'x-custom': 'kept' },
  });
  t.equal(reply.status, 200);
  t.equal(seenURL, '/apis/echo.example.com/v1/things?labelSelector=a%3Db&x=1');
  t.equal(seen['x-remote-user'], 'alice');
  t.equal(seen['x-remote-group'], 'devs, system:authenticated');
  t.equal(seen['x-remote-extra-scopes.example.com%2fteam'], 'blue, red');
  t.equal(seen['x-remote-extra-evil'], undefined);
  t.equal(seen['x-remote-uid'], undefined, 'a client X-Remote-Uid is dropped; no UID is sent without forwardUserUID');
  t.equal(seen.authorization, undefined);
  t.equal(seen['x-custom'], 'kept');
});

t.test('local APIService: served by the delegate, Available as Local', async (t) => {
  const f = await startAggregator({ autoRegister: false });
  t.teardown(() => f.stop());
  await post(`${f.url}${APISERVICES}`, apiService('apps', 'v1', { group: 17800 }));
  await post(`${f.url}${APISERVICES}`, apiService('nothing.example.com', 'v1'));
  t.ok(await eventually(async () => (await condition(f.url, 'v1.apps'))?.reason === 'Local'));
  t.match(await condition(f.url, 'v1.apps'), { status: 'True', reason: 'Local', message: 'Local APIServices are always available' });
  const deployments = await fetchText(`${f.url}/apis/apps/v1/namespaces/default/deployments`);
  t.match(json(deployments), { kind: 'DeploymentList' });
  // A local APIService whose group the delegate does not serve: the delegate's 404.
  t.equal((await fetchText(`${f.url}/apis/nothing.example.com/v1/things`)).status, 404);
  // Paths no APIService names go to the delegate too.
  t.match(json(await fetchText(`${f.url}/api/v1/namespaces/default/configmaps`)), { kind: 'ConfigMapList' });
  t.match(json(await fetchText(`${f.url}/api`)), { kind: 'APIVersions', versions: ['v1'] });
});

t.test('remote APIService without a resolvable service stays unavailable', async (t) => {
  const f = await startAggregator({ autoRegister: false });
  t.teardown(() => f.stop());
  await post(`${f.url}${APISERVICES}`, apiService('gone.example.com', 'v1', { service: { namespace: 'default', name: 'gone' } }));
  t.ok(await eventually(async () => (await condition(f.url, 'v1.gone.example.com'))?.status === 'False'));
  t.match(await condition(f.url, 'v1.gone.example.com'), { reason: 'FailedDiscoveryCheck', message: 'service "gone" not found' });
  const r = await fetchText(`${f.url}/apis/gone.example.com/v1/things`);
  t.equal(r.status, 503);
});

t.test('setAuthProxyHeaders: X-Remote-Uid only for a user with a UID, whatever the client sent', async (t) => {
  const headers = { 'X-Remote-Uid': 'forged', 'x-remote-user': 'mallory', accept: '*/*' };
  setAuthProxyHeaders(headers, { name: 'alice', uid: 'u-1', groups: [] });
  t.same(headers, { accept: '*/*', 'x-remote-user': 'alice', 'x-remote-uid': 'u-1' });
  const noUID = { 'x-remote-uid': 'forged' };
  setAuthProxyHeaders(noUID, { name: 'bob', uid: '', groups: ['g'] });
  t.same(noUID, { 'x-remote-user': 'bob', 'x-remote-group': ['g'] });
});
