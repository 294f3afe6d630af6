/**
 * `services/status` writes on a started kube-lite: a bad load balancer ingress IP is a 422 with upstream's cause, an
 * ingress point of a non-LoadBalancer service is forbidden, and a cloud controller's write is stored with `ipMode: VIP`
 * defaulted.
 */
import t from 'tap';
import { callJSON, type StatusAnswer } from '../../../http-json.js';
import { startKubeLite } from '../../../../src/testing/index.js';

type Json = Record<string, unknown>;
type Answer = StatusAnswer;

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const SERVICES = `${kl.url}/api/v1/namespaces/default/services`;

const call = (url: string, method: string, body?: unknown, contentType?: string) => callJSON<Answer>(url, method, body, contentType);

/** Replaces the status of service `name` with `status` through `/status`. */
async function putStatus(name: string, status: Json): Promise<{ status: number; json: Answer }> {
  const { json } = await call(`${SERVICES}/${name}`, 'GET');
  return call(`${SERVICES}/${name}/status`, 'PUT', { ...json, status });
}

t.test('load balancer status writes', async (t) => {
  t.equal((await call(SERVICES, 'POST', { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: [{ port: 80 }] } })).status, 201);
  t.equal((await call(SERVICES, 'POST', { metadata: { name: 'plain' }, spec: { ports: [{ port: 80 }] } })).status, 201);

  const bad = await putStatus('lb', { loadBalancer: { ingress: [{ ip: '203.0.113.300' }] } });
  t.equal(bad.status, 422);
  t.equal(bad.json.message, 'Service "lb" is invalid: status.loadBalancer.ingress[0].ip: Invalid value: "203.0.113.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)');
  t.same(bad.json.details?.causes, [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "203.0.113.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)', field: 'status.loadBalancer.ingress[0].ip' },
  ]);

  const good = await putStatus('lb', { loadBalancer: { ingress: [{ ip: '203.0.113.10' }, { hostname: 'lb.example.com' }] } });
  t.equal(good.status, 200);
  const want = { loadBalancer: { ingress: [{ ip: '203.0.113.10', ipMode: 'VIP' }, { hostname: 'lb.example.com' }] } };
  t.same(good.json.status, want, 'ipMode defaulted');
  t.same((await call(`${SERVICES}/lb`, 'GET')).json.status, want, 'and stored');

  const plain = await putStatus('plain', { loadBalancer: { ingress: [{ ip: '203.0.113.11' }] } });
  t.equal(plain.status, 422);
  t.equal(plain.json.message, "Service \"plain\" is invalid: status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'");
});
