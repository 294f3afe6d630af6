/**
 * What core/v1's conversion to the internal version and back does to what a client writes, on a started kube-lite:
 * a pod's `podIP`/`hostIP` fill their lists (and win over them), a node's `podCIDR` fills `podCIDRs`, a pod's
 * negative grace period is stored as 1 without the template warning, and the pre-1.8 init container annotations are
 * dropped from pods and workload templates.
 */
import t from 'tap';
import { callJSON } from '../../http-json.js';
import { startKubeLite } from '../../../src/testing/index.js';

type Json = Record<string, unknown>;

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const PODS = `${kl.url}/api/v1/namespaces/default/pods`;
const call = (url: string, method: string, body?: unknown, contentType?: string) => callJSON<Json>(url, method, body, contentType);
const MERGE = 'application/merge-patch+json';
const INIT_ANNOTATION = 'pod.beta.kubernetes.io/init-containers';

async function created(url: string, body: Json): Promise<Json> {
  const answer = await call(url, 'POST', body);
  if (answer.status !== 201) throw new Error(`POST ${url}: ${answer.status} ${String(answer.json.message)}`);
  return answer.json;
}

const statusOf = (obj: Json) => obj.status as Json;

t.test('pods/status: podIP and hostIP alone fill podIPs and hostIPs', async (t) => {
  await created(PODS, { metadata: { name: 'ips' }, spec: { nodeName: 'n', containers: [{ name: 'c', image: 'nginx' }] } });
  const patched = await call(`${PODS}/ips/status`, 'PATCH', { status: { podIP: '10.244.0.7', hostIP: '192.168.0.4' } }, MERGE);
  t.equal(patched.status, 200, String(patched.json.message));
  const stored = statusOf((await call(`${PODS}/ips`, 'GET')).json);
  t.same(stored.podIPs, [{ ip: '10.244.0.7' }]);
  t.same(stored.hostIPs, [{ ip: '192.168.0.4' }]);
});

t.test('pods/status: a podIP the list does not start with replaces the list; a list alone sets podIP', async (t) => {
  await created(PODS, { metadata: { name: 'ips2' }, spec: { nodeName: 'n', containers: [{ name: 'c', image: 'nginx' }] } });
  const dual = { podIPs: [{ ip: '10.244.0.8' }, { ip: 'fd00::8' }] };
  t.equal((await call(`${PODS}/ips2/status`, 'PATCH', { status: dual }, MERGE)).status, 200);
  let stored = statusOf((await call(`${PODS}/ips2`, 'GET')).json);
  t.equal(stored.podIP, '10.244.0.8', 'podIP is podIPs[0]');
  t.same(stored.podIPs, dual.podIPs);
  // An older client that knows only podIP changes it: the list follows it, as upstream's conversion makes it.
  t.equal((await call(`${PODS}/ips2/status`, 'PATCH', { status: { podIP: '10.244.0.9' } }, MERGE)).status, 200);
  stored = statusOf((await call(`${PODS}/ips2`, 'GET')).json);
  t.equal(stored.podIP, '10.244.0.9');
  t.same(stored.podIPs, [{ ip: '10.244.0.9' }]);
});

t.test('a pod with a negative grace period is stored with 1 and no warning; a template keeps it and warns', async (t) => {
  const res = await fetch(PODS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'grace' }, spec: { terminationGracePeriodSeconds: -1, containers: [{ name: 'c', image: 'nginx' }] } }),
  });
  t.equal(res.status, 201);
  t.equal(res.headers.get('warning'), null, 'the internal pod has 1, so nothing warns');
  t.equal(((await res.json()) as { spec: Json }).spec.terminationGracePeriodSeconds, 1);

  const templates = `${kl.url}/api/v1/namespaces/default/podtemplates`;
  const answer = await fetch(templates, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'grace' }, template: { spec: { terminationGracePeriodSeconds: -1, containers: [{ name: 'c', image: 'nginx' }] } } }),
  });
  t.equal(answer.status, 201);
  t.match(answer.headers.get('warning') ?? '', /template\.spec\.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1/);
  t.equal(((await answer.json()) as { template: { spec: Json } }).template.spec.terminationGracePeriodSeconds, -1);
});

t.test('init container annotations are dropped from pods and workload templates', async (t) => {
  const annotations = { [INIT_ANNOTATION]: '[]', 'pod.alpha.kubernetes.io/init-container-statuses': '[]', team: 'a' };
  const pod = await created(PODS, { metadata: { name: 'init', annotations }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  t.same((pod.metadata as Json).annotations, { team: 'a' });
  const deployment = await created(`${kl.url}/apis/apps/v1/namespaces/default/deployments`, {
    metadata: { name: 'init' },
    spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' }, annotations: { [INIT_ANNOTATION]: '[]' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  });
  const template = (deployment.spec as Json).template as Json;
  t.same(template.metadata, { creationTimestamp: null, labels: { app: 'x' } }, 'the emptied annotations are omitted, as Go omits an empty map');
});

t.test('a node: podCIDR fills podCIDRs, and podCIDRs alone sets podCIDR', async (t) => {
  const nodes = `${kl.url}/api/v1/nodes`;
  const one = await created(nodes, { metadata: { name: 'cidr-1' }, spec: { podCIDR: '10.0.1.0/24' } });
  t.same((one.spec as Json).podCIDRs, ['10.0.1.0/24']);
  const two = await created(nodes, { metadata: { name: 'cidr-2' }, spec: { podCIDRs: ['10.0.2.0/24', 'fd00:2::/64'] } });
  t.equal((two.spec as Json).podCIDR, '10.0.2.0/24');
  t.same((two.spec as Json).podCIDRs, ['10.0.2.0/24', 'fd00:2::/64']);
});
