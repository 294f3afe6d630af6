/**
 * The pod connect subresources over HTTP: exec, attach and portforward answer 400 `pod <name> does not have a host
 * assigned` for an unscheduled pod (after the container checks exec and attach make), 503 once bound (no
 * kubelet); proxy answers 400 `address not allowed` for a pod without an IP and forwards to one with an IP;
 * pods/binding answers a Success Status with code 201 and a second binding 409; pods/log checks its options and
 * the container, answers 204 for an unscheduled pod and 503 once bound.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { splitSchemeNamePort, isGlobalUnicast } from '../../../../src/registry/core/pod/proxy-rest.js';
import { startKubeLite } from '../../../../src/testing/index.js';

type Json = Record<string, unknown>;

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as Json) : { text } };
}

t.test('ids and addresses', async (t) => {
  t.same(splitSchemeNamePort('web'), { scheme: '', name: 'web', port: '' });
  t.same(splitSchemeNamePort('web:8080'), { scheme: '', name: 'web', port: '8080' });
  t.same(splitSchemeNamePort('https:web:443'), { scheme: 'https', name: 'web', port: '443' });
  t.equal(splitSchemeNamePort('ftp:web:21'), undefined);
  t.same(['10.0.0.1', '127.0.0.1', '169.254.1.1', '0.0.0.0', '', 'fe80::1', '2001:db8::1'].map(isGlobalUnicast), [true, false, false, false, false, false, true]);
});

t.test('connect subresources and binding', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const pods = `${kl.url}/api/v1/namespaces/default/pods`;
  const containers = [{ name: 'a', image: 'nginx', ports: [{ containerPort: 8080 }] }, { name: 'b', image: 'nginx' }];
  t.equal((await call(pods, { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers } }) })).status, 201);

  const exec = await call(`${pods}/web/exec?command=ls&stdout=true`, { method: 'POST' });
  t.match(exec, { status: 400, body: { message: 'a container name must be specified for pod web, choose one of: [a b]' } });
  const wrong = await call(`${pods}/web/attach?container=c&stdout=true`, { method: 'POST' });
  t.match(wrong, { status: 400, body: { message: 'container c is not valid for pod web' } });
  for (const path of ['exec?container=a&command=ls&stdout=true', 'attach?container=b&stdout=true', 'portforward?ports=8080']) {
    t.match(await call(`${pods}/web/${path}`, { method: 'POST' }), { status: 400, body: { kind: 'Status', reason: 'BadRequest', message: 'pod web does not have a host assigned' } }, path);
  }
  t.match(await call(`${pods}/web/proxy/healthz`), { status: 400, body: { message: 'address not allowed' } });
  t.match(await call(`${pods}/nope/exec?command=ls`, { method: 'POST' }), { status: 404, body: { message: 'pods "nope" not found' } });

  t.match(await call(`${pods}/web/log`), { status: 400, body: { message: 'a container name must be specified for pod web, choose one of: [a b]' } });
  t.match(await call(`${pods}/web/log?container=c`), { status: 400, body: { message: 'container c is not valid for pod web' } });
  const empty = await fetch(`${pods}/web/log?container=a&follow=true`);
  t.same([empty.status, await empty.text()], [204, ''], 'a pod without a node has no log yet: 204 No Content');
  t.match(await call(`${pods}/web/log?container=a&tailLines=-1&limitBytes=0`), {
    status: 422,
    body: {
      message: 'PodLogOptions "web" is invalid: [tailLines: Invalid value: -1: must be greater than or equal to 0, limitBytes: Invalid value: 0: must be greater than 0]',
      details: { kind: 'PodLogOptions', causes: [{ field: 'tailLines' }, { field: 'limitBytes' }] },
    },
  });
  t.match(await call(`${pods}/web/log?container=a&sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z`), {
    status: 422,
    body: { message: 'PodLogOptions "web" is invalid: []: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified' }, // Go renders NewPath("") as []
  });
  t.match(await call(`${pods}/web/log?container=a&sinceSeconds=0`), { status: 422, body: { details: { causes: [{ field: 'sinceSeconds', message: 'Invalid value: 0: must be greater than 0' }] } } });
  t.match(await call(`${pods}/web/log?container=a&stream=Stdout`), { status: 422, body: { details: { causes: [{ field: 'stream', message: 'Forbidden: may not be specified' }] } } }, 'PodLogsQuerySplitStreams is off in 1.32');
  t.match(await call(`${pods}/web/log?tailLines=x`), { status: 400 });
  t.match(await call(`${pods}/nope/log`), { status: 404, body: { message: 'pods "nope" not found' } });
  const v2 = (await call(`${kl.url}/openapi/v2`)).body as { paths: Record<string, { get?: { operationId?: string; produces?: string[] } }> };
  t.match(v2.paths['/api/v1/namespaces/{namespace}/pods/{name}/log']?.get, { operationId: 'readCoreV1NamespacedPodLog', produces: ['text/plain', 'application/json'] });

  const binding = { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web' }, target: { kind: 'Node', name: 'node-1' } };
  t.match(await call(`${pods}/web/binding`, { method: 'POST', body: JSON.stringify(binding) }), { status: 201, body: { kind: 'Status', status: 'Success', code: 201 } });
  t.match(await call(`${pods}/web/binding`, { method: 'POST', body: JSON.stringify(binding) }), { status: 409, body: { reason: 'Conflict' } });
  t.match(await call(`${pods}/web/portforward?ports=8080`, { method: 'POST' }), { status: 503, body: { message: 'no kubelet serves node node-1: kube-lite runs no nodes' } });
  t.match(await call(`${pods}/web/log?container=b`), { status: 503, body: { message: 'no kubelet serves node node-1: kube-lite runs no nodes' } });

  const backend = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`pod says ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.2', resolve));
  t.teardown(() => backend.close());
  const port = (backend.address() as AddressInfo).port;
  const status = { phase: 'Running', podIP: '10.1.2.3' };
  const got = await call(`${pods}/web`);
  t.equal((await call(`${pods}/web/status`, { method: 'PUT', body: JSON.stringify({ ...got.body, status }) })).status, 200);
  t.match(await call(`${pods}/web:${port}/proxy/x`), { status: 503, body: { message: /^error trying to reach service: / } }, '10.1.2.3 is not reachable here');
});

t.test('pods/ephemeralcontainers', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const pods = `${kl.url}/api/v1/namespaces/default/pods`;
  t.equal((await call(pods, { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers: [{ name: 'a', image: 'nginx' }] } }) })).status, 201);
  const got = await call(`${pods}/web/ephemeralcontainers`);
  t.match(got, { status: 200, body: { kind: 'Pod', metadata: { name: 'web' } } });
  const debug = { name: 'debug', image: 'busybox', targetContainerName: 'a' };
  const patch = { spec: { ephemeralContainers: [debug], containers: [{ name: 'a', image: 'changed' }] } };
  const added = await call(`${pods}/web/ephemeralcontainers`, { method: 'PATCH', body: JSON.stringify(patch), headers: { 'Content-Type': 'application/strategic-merge-patch+json' } });
  t.match(added, { status: 200, body: { spec: { ephemeralContainers: [debug], containers: [{ name: 'a', image: 'nginx' }] } } }, 'only ephemeral containers change');
  const changed = await call(`${pods}/web/ephemeralcontainers`, {
    method: 'PATCH',
    body: JSON.stringify({ spec: { ephemeralContainers: [{ ...debug, image: 'alpine' }] } }),
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  t.match(changed, { status: 422, body: { details: { causes: [{ field: 'spec.ephemeralContainers', message: 'Forbidden: existing ephemeral containers "debug" may not be changed\n' }] } } });
  const removed = await call(`${pods}/web/ephemeralcontainers`, {
    method: 'PATCH',
    body: JSON.stringify({ spec: { ephemeralContainers: [] } }),
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  t.match(removed, { status: 422, body: { details: { causes: [{ message: 'Forbidden: existing ephemeral containers "debug" may not be removed\n' }] } } });
});
