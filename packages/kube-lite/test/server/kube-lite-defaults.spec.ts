import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

t.test('kube-lite defaults: groups, controllers, event TTL', async (t) => {
  const kl = await startKubeLite({ eventTTLMillis: 60_000 });
  t.teardown(() => kl.stop());
  const get = (path: string): Promise<Response> => fetch(`${kl.url}${path}`);
  const groups = (await (await get('/apis')).json()) as { groups: { name: string }[] };
  t.same(groups.groups.map((g) => g.name), ['apiregistration.k8s.io', 'apps', 'events.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io', 'autoscaling', 'batch', 'certificates.k8s.io', 'networking.k8s.io', 'policy', 'rbac.authorization.k8s.io', 'storage.k8s.io', 'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'scheduling.k8s.io', 'coordination.k8s.io', 'node.k8s.io', 'discovery.k8s.io', 'flowcontrol.apiserver.k8s.io']);
  const sa = await until('default service account', async () => ((await get('/api/v1/namespaces/default/serviceaccounts/default')).status === 200 ? true : undefined));
  t.ok(sa, 'the service accounts controller created default/default');

  const post = (path: string, body: unknown): Promise<Response> =>
    fetch(`${kl.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  t.equal((await post('/api/v1/namespaces', { metadata: { name: 'team' } })).status, 201);
  t.equal((await post('/api/v1/namespaces/team/configmaps', { metadata: { name: 'c' } })).status, 201);
  const event = await post('/api/v1/namespaces/team/events', { metadata: { name: 'e' }, involvedObject: { kind: 'ConfigMap', name: 'c', namespace: 'team' }, reason: 'Test' });
  t.equal(event.status, 201);

  const deleted = await fetch(`${kl.url}/api/v1/namespaces/team`, { method: 'DELETE' });
  t.equal(deleted.status, 200);
  t.match(await deleted.json(), { status: { phase: 'Terminating' } });
  await until('namespace gone', async () => ((await get('/api/v1/namespaces/team')).status === 404 ? true : undefined));
  t.equal((await get('/api/v1/namespaces/team/configmaps/c')).status, 404, 'content deleted with the namespace');
});

t.test('DefaultTolerationSeconds admission with --default-*-toleration-seconds', async (t) => {
  const kl = await startKubeLite({ defaultNotReadyTolerationSeconds: 60, defaultUnreachableTolerationSeconds: 120 });
  t.teardown(() => kl.stop());
  const pod = { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }], tolerations: [{ key: 'dedicated', operator: 'Exists' }] } };
  const created = await fetch(`${kl.url}/api/v1/namespaces/default/pods`, { method: 'POST', body: JSON.stringify(pod), headers: { 'content-type': 'application/json' } });
  t.equal(created.status, 201);
  const { spec } = (await created.json()) as { spec: { tolerations: unknown[] } };
  t.same(spec.tolerations, [
    { key: 'dedicated', operator: 'Exists' },
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 },
  ]);
});
