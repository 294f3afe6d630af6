/**
 * The resource quota controller inside kube-lite (HTTP): status.hard follows spec.hard, objects present before the
 * quota are counted, scopes select pods, and a `count/<resource>.<group>` usage goes back down at the next resync
 * after a delete (no replenishment watch for it).
 */
import t from 'tap';
import { parseObjectCountName } from '../../../src/controllers/resourcequota/calculate-usage.js';
import { startKubeLite } from '../../../src/testing/index.js';
import { until } from '../until.js';

type Json = Record<string, unknown>;

async function call(url: string, method: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { method, headers: { 'Content-Type': contentType }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Json };
}

function statusOf(q: Json): { hard?: Json; used?: Json } {
  return (q['status'] ?? {}) as { hard?: Json; used?: Json };
}

const deployment = (name: string): Json => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

t.test('count/<resource>.<group> names', async (t) => {
  t.same(parseObjectCountName('count/pods'), { group: '', resource: 'pods' });
  t.same(parseObjectCountName('count/deployments.apps'), { group: 'apps', resource: 'deployments' });
  t.same(parseObjectCountName('count/widgets.example.com'), { group: 'example.com', resource: 'widgets' });
  t.equal(parseObjectCountName('pods'), undefined);
  t.equal(parseObjectCountName('count/'), undefined);
});

t.test('quota status: hard, existing objects, scopes, resync after deletes', async (t) => {
  const kl = await startKubeLite({ resourceQuotaSyncPeriodMillis: 300 });
  t.teardown(() => kl.stop());
  const ns = `${kl.url}/api/v1/namespaces/rq`;
  t.equal((await call(`${kl.url}/api/v1/namespaces`, 'POST', { metadata: { name: 'rq' } })).status, 201);
  for (const name of ['a', 'b']) t.equal((await call(`${ns}/services`, 'POST', { metadata: { name }, spec: { ports: [{ port: 80 }] } })).status, 201);
  const quota = (name: string, hard: Json, spec: Json = {}): Json => ({ metadata: { name }, spec: { hard, ...spec } });
  t.equal((await call(`${ns}/resourcequotas`, 'POST', quota('objects', { services: '5', 'count/deployments.apps': '3' }))).status, 201);
  t.equal((await call(`${ns}/resourcequotas`, 'POST', quota('best-effort', { pods: '4' }, { scopes: ['BestEffort'] }))).status, 201);

  const get = async (name: string) => statusOf((await call(`${ns}/resourcequotas/${name}`, 'GET')).body);
  await until(t, 'the existing services counted', async () => (await get('objects')).used?.['services'] === '2');
  await until(t, 'the scoped quota synced', async () => (await get('best-effort')).used?.['pods'] === '0');
  t.same(await get('objects'), { hard: { 'count/deployments.apps': '3', services: '5' }, used: { 'count/deployments.apps': '0', services: '2' } });

  const pod = (name: string, resources?: Json): Json => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx', ...(resources && { resources }) }] } });
  t.equal((await call(`${ns}/pods`, 'POST', pod('free'))).status, 201);
  t.equal((await call(`${ns}/pods`, 'POST', pod('paid', { requests: { cpu: '100m' } }))).status, 201);
  t.same((await get('best-effort')).used, { pods: '1' }, 'only the BestEffort pod is charged');

  for (const name of ['d1', 'd2']) t.equal((await call(`${kl.url}/apis/apps/v1/namespaces/rq/deployments`, 'POST', deployment(name))).status, 201);
  t.equal((await get('objects')).used?.['count/deployments.apps'], '2', 'admission charged the deployments');
  t.equal((await call(`${kl.url}/apis/apps/v1/namespaces/rq/deployments/d1`, 'DELETE', { propagationPolicy: 'Background' })).status, 200);
  await until(t, 'the resync to count one deployment', async () => (await get('objects')).used?.['count/deployments.apps'] === '1');

  t.equal((await call(`${ns}/pods/free`, 'DELETE')).status, 200);
  await until(t, 'the deleted pod given back', async () => (await get('best-effort')).used?.['pods'] === '0');

  const patched = await call(`${ns}/resourcequotas/objects`, 'PATCH', { spec: { hard: { services: '10', 'count/deployments.apps': null } } }, 'application/merge-patch+json');
  t.equal(patched.status, 200);
  await until(t, 'status.hard to follow spec.hard', async () => JSON.stringify(await get('objects')) === JSON.stringify({ hard: { services: '10' }, used: { services: '2' } }));
});

t.test('count/<plural>.<group> quotas of custom resources', async (t) => {
  const kl = await startKubeLite({ resourceQuotaSyncPeriodMillis: 300 });
  t.teardown(() => kl.stop());
  t.equal((await call(`${kl.url}/api/v1/namespaces`, 'POST', { metadata: { name: 'crq' } })).status, 201);
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
  t.equal((await call(`${kl.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, 'POST', crd)).status, 201);
  const widgets = `${kl.url}/apis/example.com/v1/namespaces/crq/widgets`;
  await until(t, 'widgets served', async () => (await fetch(widgets)).status === 200);
  const quotas = `${kl.url}/api/v1/namespaces/crq/resourcequotas`;
  t.equal((await call(quotas, 'POST', { metadata: { name: 'w' }, spec: { hard: { 'count/widgets.example.com': '1' } } })).status, 201);
  await until(t, 'the quota synced', async () => statusOf((await call(`${quotas}/w`, 'GET')).body).used?.['count/widgets.example.com'] === '0');
  const widget = (name: string): Json => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name } });
  t.equal((await call(widgets, 'POST', widget('one'))).status, 201);
  const refused = await call(widgets, 'POST', widget('two'));
  t.equal(refused.status, 403);
  t.equal(refused.body['message'], 'widgets.example.com "two" is forbidden: exceeded quota: w, requested: count/widgets.example.com=1, used: count/widgets.example.com=1, limited: count/widgets.example.com=1');
  t.equal((await call(`${widgets}/one`, 'DELETE')).status, 200);
  await until(t, 'the resync to count no widget', async () => statusOf((await call(`${quotas}/w`, 'GET')).body).used?.['count/widgets.example.com'] === '0');
  t.equal((await call(widgets, 'POST', widget('two'))).status, 201);
});
