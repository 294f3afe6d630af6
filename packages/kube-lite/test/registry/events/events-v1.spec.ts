/**
 * events.k8s.io/v1 events cohabit with core/v1 events: one stored object, two versions, the stricter v1 rules on
 * writes through events.k8s.io, field selectors on the renamed fields, watches converted, and (etcd) one key
 * for both, on the etcd an `/events` override names.
 */
import { startEtcd } from '@apiserver/testing';
import { Etcd3 } from 'etcd3';
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function send(method: string, url: string, body?: object, contentType = 'application/json'): Promise<Reply> {
  const res = await fetch(url, { method, headers: { 'content-type': contentType }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const regarding = { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u-1' };
const v1Event = {
  apiVersion: 'events.k8s.io/v1',
  kind: 'Event',
  metadata: { name: 'web-1.started', namespace: 'default' },
  eventTime: '2026-11-26T12:00:00.000000Z',
  reportingController: 'example.com/controller',
  reportingInstance: 'controller-0',
  action: 'Start',
  reason: 'Started',
  regarding,
  note: 'container started',
  type: 'Normal',
};

t.test('one object, two versions; strict rules and selectors on events.k8s.io/v1', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const events = `${kl.url}/apis/events.k8s.io/v1/namespaces/default/events`;
  const core = `${kl.url}/api/v1/namespaces/default/events`;

  const discovery = await send('GET', `${kl.url}/apis/events.k8s.io/v1`);
  t.match(discovery.body.resources, [{ name: 'events', namespaced: true, kind: 'Event', shortNames: ['ev'] }]);

  const created = await send('POST', events, v1Event);
  t.equal(created.status, 201);
  t.match(created.body, { apiVersion: 'events.k8s.io/v1', kind: 'Event', regarding, note: 'container started', reportingController: 'example.com/controller' });
  t.notOk('involvedObject' in created.body, 'no core field names in the v1 answer');

  const asCore = await send('GET', `${core}/web-1.started`);
  t.equal(asCore.status, 200, 'the same object through core/v1');
  t.match(asCore.body, { apiVersion: 'v1', kind: 'Event', involvedObject: regarding, message: 'container started', reportingComponent: 'example.com/controller' });
  t.equal((asCore.body.metadata as { uid: string }).uid, (created.body.metadata as { uid: string }).uid);

  const legacy = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'old', namespace: 'default' }, involvedObject: regarding, reason: 'Pulled', message: 'pulled', count: 3, type: 'Normal', source: { component: 'kubelet' } };
  t.equal((await send('POST', core, legacy)).status, 201);
  const oldAsV1 = await send('GET', `${events}/old`);
  t.match(oldAsV1.body, { apiVersion: 'events.k8s.io/v1', deprecatedCount: 3, deprecatedSource: { component: 'kubelet' }, regarding, note: 'pulled' });

  const strict = await send('POST', events, { ...v1Event, metadata: { name: 'bad' }, eventTime: undefined, type: 'Info', deprecatedCount: 2, series: { count: 1 } });
  t.equal(strict.status, 422);
  t.equal(
    strict.body.message,
    'Event.events.k8s.io "bad" is invalid: [series.count: Invalid value: "": should be at least 2, series.lastObservedTime: Required value, eventTime: Required value, type: Invalid value: "": has invalid value: Info, count: Invalid value: "": needs to be unset]',
  );

  const list = await send('GET', `${events}?fieldSelector=regarding.name%3Dweb-1,reportingController%3Dexample.com%2Fcontroller`);
  t.same((list.body.items as Array<{ metadata: { name: string } }>).map((e) => e.metadata.name), ['web-1.started'], 'selected by the renamed fields');
  t.equal(list.body.kind, 'EventList');
  t.equal(list.body.apiVersion, 'events.k8s.io/v1');
  const badLabel = await send('GET', `${events}?fieldSelector=involvedObject.name%3Dweb-1`);
  t.equal(badLabel.status, 400, 'core field names are not events.k8s.io/v1 labels');

  const changed = await send('PATCH', `${events}/web-1.started`, { note: 'changed' }, 'application/merge-patch+json');
  t.equal(changed.status, 422);
  t.match(changed.body.message, /message: Invalid value: "changed": field is immutable/);
  const series = await send('PATCH', `${events}/web-1.started`, { series: { count: 2, lastObservedTime: '2026-11-26T12:01:00.000000Z' } }, 'application/merge-patch+json');
  t.equal(series.status, 200, 'the series may change');
  t.match(series.body.series, { count: 2 });

  const table = await fetch(`${events}`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
  const rows = ((await table.json()) as { rows: Array<{ cells: unknown[] }> }).rows;
  t.equal(rows.length, 2, 'the core printer renders v1 events');

  t.equal((await send('DELETE', `${events}/old`)).status, 200);
  t.equal((await send('GET', `${core}/old`)).status, 404, 'deleted for both versions');
});

t.test('a watch through events.k8s.io/v1 converts the objects core/v1 writes', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const controller = new AbortController();
  const res = await fetch(`${kl.url}/apis/events.k8s.io/v1/namespaces/default/events?watch=1`, { signal: controller.signal });
  const reader = res.body?.getReader();
  t.ok(reader);
  const legacy = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'w1' }, involvedObject: regarding, reason: 'Pulled', message: 'pulled', type: 'Normal' };
  t.equal((await send('POST', `${kl.url}/api/v1/namespaces/default/events`, legacy)).status, 201);
  let text = '';
  while (!text.includes('\n')) text += new TextDecoder().decode((await reader?.read())?.value);
  const event = JSON.parse(text.split('\n')[0] ?? '{}') as { type: string; object: Record<string, unknown> };
  t.equal(event.type, 'ADDED');
  t.match(event.object, { apiVersion: 'events.k8s.io/v1', kind: 'Event', note: 'pulled', regarding });
  controller.abort();
});

t.test('etcd: both versions are one key, on the etcd an /events override names', async (t) => {
  const [main, eventsEtcd] = await Promise.all([startEtcd(), startEtcd()]);
  t.teardown(() => Promise.all([main.stop(), eventsEtcd.stop()]));
  const kl = await startKubeLite({ storageBackend: 'etcd3', etcdServers: [main.endpoint], etcdServersOverrides: [`/events#${eventsEtcd.endpoint}`] });
  t.teardown(() => kl.stop());
  t.same(kl.server.storageFactory.configFor({ group: 'events.k8s.io', resource: 'events' }), { resourcePrefix: '/events', watchCache: undefined, etcdServers: [eventsEtcd.endpoint] });
  t.equal((await send('POST', `${kl.url}/apis/events.k8s.io/v1/namespaces/default/events`, v1Event)).status, 201);
  const client = new Etcd3({ hosts: eventsEtcd.host });
  t.teardown(() => client.close());
  const keys = await client.getAll().prefix('/registry/events/').keys();
  t.same(keys, ['/registry/events/default/web-1.started']);
  const stored = JSON.parse((await client.get('/registry/events/default/web-1.started').string()) ?? '{}') as Record<string, unknown>;
  t.match(stored, { apiVersion: 'v1', kind: 'Event', involvedObject: regarding, message: 'container started' }, 'stored as a core/v1 Event');
  t.equal((await send('GET', `${kl.url}/api/v1/namespaces/default/events/web-1.started`)).status, 200);
});
