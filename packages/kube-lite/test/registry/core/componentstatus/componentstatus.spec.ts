/**
 * componentstatuses: controller-manager and scheduler probed on 127.0.0.1:10257/10259 (nothing listens there in
 * tests: Unhealthy with Go's connection-refused text), etcd-0 only for the etcd3 backend (healthy when a server
 * answers /health), 500 `Component not found`, field selectors and the NAME STATUS MESSAGE ERROR table.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseFieldSelector } from '@apiserver/runtime';
import t from 'tap';
import { goRequestError } from '../../../../src/registry/core/componentstatus/probes.js';
import { ComponentStatusREST } from '../../../../src/registry/core/componentstatus/rest.js';
import { componentProbes, newComponentStatusStorage } from '../../../../src/registry/core/componentstatus/storage.js';
import { statusErrorOf } from '../core-fixtures.js';

const refused = (port: number) => `Get "https://127.0.0.1:${port}/healthz": dial tcp 127.0.0.1:${port}: connect: connection refused`;

t.test('the components of each backend', async (t) => {
  t.same(componentProbes().map(([n]) => n), ['controller-manager', 'scheduler']);
  t.same(componentProbes({ storageBackend: 'etcd3', etcdServers: ['http://127.0.0.1:2379'] }).map(([n]) => n), ['controller-manager', 'scheduler', 'etcd-0']);
  t.equal(goRequestError('https://127.0.0.1:10259/healthz', Object.assign(new Error('x'), { code: 'ECONNREFUSED' })), refused(10259));
});

t.test('list, get, table', async (t) => {
  const etcd = createServer((req, res) => {
    res.writeHead(req.url === '/health' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end('{"health":"true","reason":""}');
  });
  await new Promise<void>((resolve) => etcd.listen(0, '127.0.0.1', resolve));
  t.teardown(() => etcd.close());
  const server = `http://127.0.0.1:${(etcd.address() as AddressInfo).port}`;
  const rest = newComponentStatusStorage({ storageBackend: 'etcd3', etcdServers: ['http://127.0.0.1:1', server] }).componentstatuses;
  if (!(rest instanceof ComponentStatusREST)) throw new TypeError('unexpected storage');
  t.equal(rest.namespaceScoped(), false);
  t.same(rest.shortNames(), ['cs']);
  const list = await rest.list({});
  t.same(list.items, [
    { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name: 'controller-manager' }, conditions: [{ type: 'Healthy', status: 'False', message: refused(10257) }] },
    { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name: 'scheduler' }, conditions: [{ type: 'Healthy', status: 'False', message: refused(10259) }] },
    { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name: 'etcd-0' }, conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }] },
  ]);
  const selected = await rest.list({}, { fieldSelector: parseFieldSelector('metadata.name=etcd-0') });
  t.same(selected.items.map((o) => o.metadata.name), ['etcd-0']);
  const one = await rest.get({}, 'scheduler');
  t.match(one, { metadata: { name: 'scheduler' }, conditions: [{ status: 'False' }] });
  const missing = await statusErrorOf(t, rest.get({}, 'kubelet'));
  t.match(missing.status, { code: 500, message: 'Component not found: kubelet' });
  const table = await rest.convertToTable({}, list);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Status', 'Message', 'Error']);
  t.same(table.rows?.map((r) => r.cells), [
    ['controller-manager', 'Unhealthy', refused(10257), ''],
    ['scheduler', 'Unhealthy', refused(10259), ''],
    ['etcd-0', 'Healthy', 'ok', ''],
  ]);
});
