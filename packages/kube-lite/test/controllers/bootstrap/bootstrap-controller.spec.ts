import { findKubectl, runKubectl, tempDir } from '@apiserver/testing';
import * as k8s from '@kubernetes/client-node';
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';

/** GETs a path of the server as JSON. */
async function getJSON(url: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls `fn` every 20 ms until it returns true (false after `timeoutMs`). */
async function eventually(fn: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

const SVC = '/api/v1/namespaces/default/services/kubernetes';
const EP = '/api/v1/namespaces/default/endpoints/kubernetes';
const SLICE = '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/kubernetes';

t.test('bootstrap: system namespaces, default/kubernetes with endpoints at the server, repaired', async (t) => {
  const kl = await startKubeLite({ port: 0, endpointReconcilerIntervalMillis: 100, systemNamespacesIntervalMillis: 100 });
  t.teardown(() => kl.stop());
  const port = Number(new URL(kl.url).port);

  const readyz = await fetch(`${kl.url}/readyz?verbose`).then((r) => r.text());
  t.match(readyz, '[+]poststarthook/bootstrap-controller ok');
  t.match(readyz, '[+]poststarthook/start-system-namespaces-controller ok');

  const namespaces = await getJSON(kl.url, '/api/v1/namespaces');
  const names = (namespaces.body.items as { metadata: { name: string } }[]).map((n) => n.metadata.name).sort();
  t.same(names, ['default', 'kube-node-lease', 'kube-public', 'kube-system']);

  const svc = await getJSON(kl.url, SVC);
  t.match(svc.body, {
    metadata: { labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: { clusterIP: '10.0.0.1', clusterIPs: ['10.0.0.1'], type: 'ClusterIP', sessionAffinity: 'None', ipFamilyPolicy: 'SingleStack' },
  });
  t.same((svc.body.spec as Record<string, unknown>).ports, [{ name: 'https', protocol: 'TCP', port: 443, targetPort: port }]);
  t.notOk('selector' in (svc.body.spec as object), 'no selector');

  const ep = await getJSON(kl.url, EP);
  t.same(ep.body.subsets, [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port, protocol: 'TCP' }] }]);
  t.same((ep.body.metadata as Record<string, unknown>).labels, { 'endpointslice.kubernetes.io/skip-mirror': 'true' });

  const slice = await getJSON(kl.url, SLICE);
  t.match(slice.body, {
    kind: 'EndpointSlice',
    metadata: { labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['127.0.0.1'], conditions: { ready: true } }],
    ports: [{ name: 'https', protocol: 'TCP', port }],
  });

  for (const path of [SVC, EP, SLICE]) {
    t.equal((await fetch(`${kl.url}${path}`, { method: 'DELETE' })).status, 200, `DELETE ${path}`);
    t.ok(await eventually(async () => (await getJSON(kl.url, path)).status === 200), `${path} recreated`);
  }
  const recreated = await getJSON(kl.url, SVC);
  t.equal((recreated.body.spec as Record<string, unknown>).clusterIP, '10.0.0.1', 'the recreated Service gets the first IP again');

  const moved = { ...ep.body, metadata: { name: 'kubernetes', namespace: 'default' }, subsets: [{ addresses: [{ ip: '10.9.9.9' }], ports: [{ name: 'https', port, protocol: 'TCP' }] }] };
  const put = await fetch(`${kl.url}${EP}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(moved) });
  t.equal(put.status, 200);
  t.ok(
    await eventually(async () => JSON.stringify((await getJSON(kl.url, EP)).body.subsets) === JSON.stringify(ep.body.subsets)),
    'a changed address is put back',
  );

  const lease = await fetch(`${kl.url}/api/v1/namespaces/kube-node-lease`, { method: 'DELETE' });
  t.equal(lease.status, 200);
  t.ok(
    await eventually(async () => {
      const ns = await getJSON(kl.url, '/api/v1/namespaces/kube-node-lease');
      return ns.status === 200 && (ns.body.metadata as Record<string, unknown>).deletionTimestamp === undefined;
    }, 10_000),
    'a deleted system namespace is recreated',
  );

  const kc = new k8s.KubeConfig();
  kc.loadFromFile(kl.kubeconfigPath);
  const read = await kc.makeApiClient(k8s.CoreV1Api).readNamespacedEndpoints({ name: 'kubernetes', namespace: 'default' });
  t.same(
    read.subsets?.map((s) => ({ ips: s.addresses?.map((a) => a.ip), ports: s.ports?.map((p) => [p.name, p.port, p.protocol]) })),
    [{ ips: ['127.0.0.1'], ports: [['https', port, 'TCP']] }],
    'client-node reads the Endpoints',
  );
  const slices = await kc.makeApiClient(k8s.DiscoveryV1Api).listNamespacedEndpointSlice({ namespace: 'default', labelSelector: 'kubernetes.io/service-name=kubernetes' });
  t.same(
    slices.items.map((s) => [s.metadata?.name, s.addressType, s.endpoints.map((e) => [e.addresses, e.conditions?.ready]), s.ports?.map((p) => p.port)]),
    [['kubernetes', 'IPv4', [[['127.0.0.1'], true]], [port]]],
    'client-node lists the EndpointSlice by its service-name label',
  );

  const kubectl = await findKubectl();
  if ('reason' in kubectl) {
    t.comment(`kubectl checks skipped: ${kubectl.reason}`);
    return;
  }
  const work = await tempDir('kube-lite-bootstrap-');
  t.teardown(work.remove);
  const run = (...args: string[]) => runKubectl(kubectl.binary, args, { kubeconfig: kl.kubeconfigPath, cacheDir: work.path });
  const svcOut = await run('get', 'svc', 'kubernetes');
  t.equal(svcOut.code, 0, svcOut.stderr);
  t.match(svcOut.stdout, /^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE\nkubernetes\s+ClusterIP\s+10\.0\.0\.1\s+<none>\s+443\/TCP\s+\d+s\n$/);
  const epOut = await run('get', 'ep', 'kubernetes');
  t.equal(epOut.code, 0, epOut.stderr);
  t.match(epOut.stdout, new RegExp(`^NAME\\s+ENDPOINTS\\s+AGE\\nkubernetes\\s+127\\.0\\.0\\.1:${port}\\s+\\d+s\\n$`));
  const sliceOut = await run('get', 'endpointslices', '-n', 'default');
  t.equal(sliceOut.code, 0, sliceOut.stderr);
  t.match(sliceOut.stdout, new RegExp(`^NAME\\s+ADDRESSTYPE\\s+PORTS\\s+ENDPOINTS\\s+AGE\\nkubernetes\\s+IPv4\\s+${port}\\s+127\\.0\\.0\\.1\\s+\\d+s\\n$`));
});

t.test('--advertise-address: default/kubernetes and the external address name it', async (t) => {
  const kl = await startKubeLite({ advertiseAddress: '10.9.8.7' });
  t.teardown(() => kl.stop());
  const port = Number(new URL(kl.url).port);
  let ep = await fetch(`${kl.url}${EP}`);
  for (let i = 0; i < 100 && ep.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
    ep = await fetch(`${kl.url}${EP}`);
  }
  t.same(((await ep.json()) as { subsets?: unknown }).subsets, [{ addresses: [{ ip: '10.9.8.7' }], ports: [{ name: 'https', port, protocol: 'TCP' }] }]);
  const config = (await (await fetch(`${kl.url}/.well-known/openid-configuration`)).json()) as { jwks_uri?: string };
  t.equal(config.jwks_uri, `https://10.9.8.7:${port}/openid/v1/jwks`);
});
