/**
 * `--etcd-servers-overrides` on real etcd: events go to a second etcd under `/registry/events/...`, everything else
 * stays on `--etcd-servers`; both backends are closed with the server.
 */
import { startEtcd } from '@apiserver/testing';
import { Etcd3 } from 'etcd3';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

async function post(url: string, body: object): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.text();
  return res.status;
}

async function keys(client: Etcd3, prefix: string): Promise<string[]> {
  return (await client.getAll().prefix(prefix).keys()).sort();
}

t.test('an /events override stores events on the second etcd', async (t) => {
  const [main, events] = await Promise.all([startEtcd(), startEtcd()]);
  t.teardown(() => Promise.all([main.stop(), events.stop()]));
  const kl = await startKubeLite({
    storageBackend: 'etcd3',
    etcdServers: [main.endpoint],
    etcdServersOverrides: [`/events#${events.endpoint}`],
  });
  let stopped = false;
  t.teardown(() => (stopped ? undefined : kl.stop()));
  t.same(kl.server.storageFactory.configFor({ group: '', resource: 'events' }).etcdServers, [events.endpoint]);

  const ns = `${kl.url}/api/v1/namespaces/default`;
  t.equal(await post(`${ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm1' }, data: { a: '1' } }), 201);
  const event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'ev1' },
    involvedObject: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'cm1' },
    reason: 'Tested',
    message: 'stored on the events etcd',
    type: 'Normal',
  };
  t.equal(await post(`${ns}/events`, event), 201);
  const read = await fetch(`${ns}/events/ev1`);
  t.equal(read.status, 200, 'the event reads back through the server');
  await read.text();

  const mainClient = new Etcd3({ hosts: main.host });
  const eventsClient = new Etcd3({ hosts: events.host });
  t.teardown(() => {
    mainClient.close();
    eventsClient.close();
  });
  t.same(await keys(eventsClient, '/registry/events/'), ['/registry/events/default/ev1'], 'the event is on the events etcd');
  t.same(await keys(mainClient, '/registry/events/'), [], 'no event on --etcd-servers');
  t.same(await keys(mainClient, '/registry/configmaps/default/cm1'), ['/registry/configmaps/default/cm1'], 'configmaps stay on --etcd-servers');
  t.same(await keys(eventsClient, '/registry/configmaps/'), [], 'and not on the events etcd');
  const stored = JSON.parse((await eventsClient.get('/registry/events/default/ev1').string()) ?? '{}') as { message?: string };
  t.equal(stored.message, 'stored on the events etcd');

  await kl.stop();
  stopped = true;
});
