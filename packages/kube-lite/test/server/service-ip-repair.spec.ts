/**
 * `start-service-ip-repair-controllers`: readiness waits for a first repair of the services' stored cluster IP and
 * node port sets, and the rounds that follow free what no service holds (here every 100 ms instead of 3 minutes).
 */
import t from 'tap';
import { SERVICE_IP_ALLOCATIONS_KEY } from '../../src/registry/core/service/allocators.js';
import { startKubeLite } from '../../src/testing/index.js';

const SERVICES = '/api/v1/namespaces/default/services';

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const clusterIPOf = (body: Record<string, unknown>): unknown => (body.spec as { clusterIP?: unknown } | undefined)?.clusterIP;

t.test('the repair hook gates readiness and frees a leaked cluster IP', async (t) => {
  const kl = await startKubeLite({ serviceIPRepairIntervalMillis: 100 });
  t.teardown(() => kl.stop());
  const readyz = await fetch(`${kl.url}/readyz?verbose`).then((r) => r.text());
  t.match(readyz, '[+]poststarthook/start-service-ip-repair-controllers ok');

  const set = kl.server.storageFactory.getRawStorage({ group: '', resource: 'serviceipallocations' });
  t.match(await set.get(SERVICE_IP_ALLOCATIONS_KEY), { kind: 'RangeAllocation', range: '10.0.0.0/24', data: 'AQ==' }, 'the first repair stored the set: 10.0.0.1 of default/kubernetes');

  const made = await call(`${kl.url}${SERVICES}`, 'POST', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'a' }, spec: { ports: [{ port: 80 }] } });
  t.equal(made.status, 201);
  t.equal(clusterIPOf(made.body), '10.0.0.2');
  // The service is removed behind the allocator's back: its address leaks until three rounds found it unheld.
  const services = kl.server.storageFactory.getRawStorage({ group: '', resource: 'services' });
  await services.delete('/services/specs/default/a');
  let freed = false;
  for (let i = 0; i < 100 && !freed; i++) {
    await new Promise((r) => setTimeout(r, 50));
    freed = (await set.get(SERVICE_IP_ALLOCATIONS_KEY))?.data === 'AQ==';
  }
  t.ok(freed, 'the repair rounds freed the leaked address');
  const again = await call(`${kl.url}${SERVICES}`, 'POST', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'b' }, spec: { ports: [{ port: 80 }] } });
  t.equal(clusterIPOf(again.body), '10.0.0.2', 'and it is handed out again');
});
