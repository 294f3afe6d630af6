/**
 * `pods/eviction` over HTTP: discovery (`pods/eviction`, kind policy/v1 Eviction, verbs [create]), v1 and
 * v1beta1 bodies, the 429 refusal with its cause and Retry-After, the Success Status (201), the 400 name check.
 */
import t from 'tap';
import { startKubeLite } from '../../../../src/testing/index.js';

type Json = Record<string, unknown>;

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as Json) : { text }, headers: res.headers };
}

const post = (url: string, body: unknown) => call(url, { method: 'POST', body: JSON.stringify(body) });
const put = (url: string, body: unknown) => call(url, { method: 'PUT', body: JSON.stringify(body) });

t.test('evictions over HTTP', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const core = await call(`${kl.url}/api/v1`);
  const resources = core.body.resources as Json[];
  t.same(resources.find((r) => r.name === 'pods/eviction'), { name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] });

  const pods = `${kl.url}/api/v1/namespaces/default/pods`;
  const budgets = `${kl.url}/apis/policy/v1/namespaces/default/poddisruptionbudgets`;
  const spec = { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx' }] };
  for (const name of ['web-1', 'web-2']) {
    t.equal((await post(pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'web' } }, spec })).status, 201);
    const pod = (await call(`${pods}/${name}`)).body;
    t.equal((await put(`${pods}/${name}/status`, { ...pod, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } })).status, 200);
  }
  t.equal((await post(budgets, { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } })).status, 201);
  const pdb = (await call(`${budgets}/web`)).body;
  const status = { observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 };
  t.equal((await put(`${budgets}/web/status`, { ...pdb, status })).status, 200);

  const wrong = await post(`${pods}/web-1/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'web-2' } });
  t.match(wrong, { status: 400, body: { message: 'name in URL does not match name in Eviction object' } });

  const first = await post(`${pods}/web-1/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'web-1' }, deleteOptions: { gracePeriodSeconds: 0 } });
  t.same({ status: first.status, body: first.body }, { status: 201, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } });
  t.equal((await call(`${pods}/web-1`)).status, 404);
  const spent = ((await call(`${budgets}/web`)).body.status ?? {}) as Json;
  t.match(spent, { disruptionsAllowed: 0, disruptedPods: { 'web-1': /Z$/ } });

  const refused = await post(`${pods}/web-2/eviction`, { apiVersion: 'policy/v1beta1', kind: 'Eviction', metadata: { name: 'web-2' } });
  t.equal(refused.status, 429, 'a v1beta1 body is accepted, and refused by the budget');
  t.same(refused.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: "Cannot evict pod as it would violate the pod's disruption budget.",
    reason: 'TooManyRequests',
    details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 1 healthy pods and has 2 currently' }] },
    code: 429,
  });
  const wrongGroup = await post(`${pods}/web-2/eviction`, { apiVersion: 'v1', kind: 'Eviction', metadata: { name: 'web-2' } });
  t.equal(wrongGroup.status, 400, 'only policy bodies');
});
