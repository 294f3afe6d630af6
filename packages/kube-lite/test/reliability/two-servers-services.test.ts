/**
 * Two kube-lite processes on one etcd hand out service cluster IPs and node ports from one stored set each
 * (`/registry/ranges/serviceips`, `/registry/ranges/servicenodeports`, as kube-apiservers sharing an etcd do): services
 * created concurrently through both servers never share an address or a port, and what one server frees the other
 * hands out again.
 */
import { startEtcd } from '@apiserver/testing';
import t from 'tap';
import { call, closeAgent } from './http.js';
import { spawnKubeLite } from './kube-lite-process.js';

const SERVICES = 30;
const PATH = '/api/v1/namespaces/default/services';

t.setTimeout(90_000);
t.teardown(closeAgent);

const nodePortService = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name },
  spec: { type: 'NodePort', selector: { app: name }, ports: [{ port: 80 }] },
});
const specOf = (body: Record<string, unknown>) => (body.spec ?? {}) as { clusterIP?: string; ports?: Array<{ nodePort?: number }> };

t.test('two servers on one etcd: concurrent service creates get distinct cluster IPs and node ports', async (t) => {
  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  const servers = await Promise.all([0, 1].map(() => spawnKubeLite(['--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`])));
  for (const s of servers) t.teardown(() => s.stop());
  const [a, b] = servers.map((s) => s.url);
  if (a === undefined || b === undefined) throw new Error('two servers expected');

  const answers = await Promise.all(Array.from({ length: SERVICES }, (_, i) => call(i % 2 === 0 ? a : b, 'POST', PATH, nodePortService(`s${i}`))));
  t.same(
    answers.filter((r) => r.status !== 201).map((r) => r.text),
    [],
    'every create answered 201',
  );
  const ips = answers.map((r) => specOf(r.body).clusterIP);
  const ports = answers.map((r) => specOf(r.body).ports?.[0]?.nodePort);
  t.equal(new Set(ips).size, SERVICES, `${SERVICES} distinct cluster IPs`);
  t.equal(new Set(ports).size, SERVICES, `${SERVICES} distinct node ports`);
  t.notOk(ips.includes('10.0.0.1'), 'the address of default/kubernetes is not handed out');

  const first = answers[0];
  if (first === undefined) throw new Error('no first service');
  t.equal((await call(a, 'DELETE', `${PATH}/s0`)).status, 200, 's0 deleted through the first server');
  const again = await call(b, 'POST', PATH, nodePortService('again'));
  t.equal(again.status, 201);
  t.equal(specOf(again.body).clusterIP, specOf(first.body).clusterIP, 'the second server hands out the address the first freed');
  t.equal(specOf(again.body).ports?.[0]?.nodePort, specOf(first.body).ports?.[0]?.nodePort, 'and the node port');
  const clash = await call(a, 'POST', PATH, { ...nodePortService('clash'), spec: { ...nodePortService('clash').spec, clusterIP: specOf(again.body).clusterIP } });
  t.equal(clash.status, 422, 'an address the other server gave out is refused when requested');
  t.match(clash.text, 'provided IP is already allocated');
});
