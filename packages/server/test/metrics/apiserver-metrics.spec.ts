/**
 * The metrics beyond the request counters, as `/metrics` shows them after the action that moves each: long-running
 * requests, in-flight high-water marks, watch events, watch-cache and storage-object counts, admission latencies.
 * Names, label names and types are upstream's (Kubernetes 1.32).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { AdmissionChain, GenericStrategy, newAdmissionForbidden, Store, type ValidationInterface } from '@apiserver/registry';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { Cacher, MetricsRegistry, StorageObjectCounter } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import t, { type Test } from 'tap';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText } from '../helpers.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of the sample `name{labels}` in a Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Rejects every ConfigMap named `forbidden`. */
const denyForbidden: ValidationInterface = {
  name: 'DenyForbidden',
  handles: (operation) => operation === 'CREATE',
  validate: (_ctx, a) => {
    if (a.name === 'forbidden') throw newAdmissionForbidden(a, new Error('not allowed'));
  },
};

async function newServer(t: Test) {
  const backend = new MemoryBackend();
  const metrics = new MetricsRegistry();
  const raw = backend.storage();
  const cacher = new Cacher({ storage: raw, resourcePrefix: '/configmaps', metrics, groupResource: 'configmaps' });
  const objects = new StorageObjectCounter(metrics, 0);
  objects.track('configmaps', raw, '/configmaps');
  const strategy = new GenericStrategy({ namespaceScoped: true });
  const configmaps = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage: cacher as never,
    resourcePrefix: '/configmaps',
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
  const server = new GenericAPIServer({ log: () => undefined, panicLogger: () => undefined, metrics, watchTerminationGraceMillis: 50 });
  server.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps } },
    scheme: newBuiltinScheme(),
    admission: new AdmissionChain([denyForbidden], { metrics }),
  });
  const [url = ''] = await server.listen({ port: 0 });
  t.teardown(async () => {
    await server.shutdown();
    cacher.stop();
    backend.close();
  });
  await cacher.waitUntilReady();
  const scrape = async (): Promise<string> => (await fetchText(`${url}/metrics`)).body;
  const create = (name: string) =>
    fetchText(`${url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }),
    });
  return { url, scrape, create, objects };
}

/** Opens a watch; resolves with the response once its headers arrived. */
function openWatch(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/api/v1/namespaces/default/configmaps?watch=true`, resolve);
    req.on('error', reject);
    req.end();
  });
}

const watchLabels =
  'verb="WATCH",group="",version="v1",resource="configmaps",subresource="",scope="namespace",component="apiserver"';

t.test('a watch counts in apiserver_longrunning_requests while open, and its events in apiserver_watch_events_*', async (t) => {
  const { url, scrape, create } = await newServer(t);
  const before = await scrape();
  t.match(before, '# TYPE apiserver_longrunning_requests gauge\n');
  t.equal(sample(before, 'apiserver_longrunning_requests', watchLabels), undefined, 'no series before any watch');

  const watch = await openWatch(url);
  t.equal(watch.statusCode, 200);
  t.equal(sample(await scrape(), 'apiserver_longrunning_requests', watchLabels), 1, 'one open watch');
  const received = new Promise<void>((resolve) => watch.once('data', () => resolve()));
  t.equal((await create('one')).status, 201);
  await received;
  const during = await scrape();
  t.match(during, '# TYPE apiserver_watch_events_total counter\n');
  t.equal(sample(during, 'apiserver_watch_events_total', 'group="",version="v1",kind="ConfigMap"'), 1);
  t.match(during, '# TYPE apiserver_watch_events_sizes histogram\n');
  t.equal(sample(during, 'apiserver_watch_events_sizes_bucket', 'le="1024",group="",version="v1",kind="ConfigMap"'), 1);
  t.equal(sample(during, 'apiserver_watch_events_sizes_count', 'group="",version="v1",kind="ConfigMap"'), 1);
  t.equal(sample(during, 'apiserver_watch_cache_events_received_total', 'resource="configmaps"'), 1);
  t.equal(sample(during, 'apiserver_watch_cache_events_dispatched_total', 'resource="configmaps"'), 1);
  t.equal(sample(during, 'apiserver_watch_cache_initializations_total', 'resource="configmaps"'), 1);
  t.equal(sample(during, 'watch_cache_capacity', 'resource="configmaps"'), 1024);

  watch.destroy();
  let after = await scrape();
  for (let i = 0; i < 50 && sample(after, 'apiserver_longrunning_requests', watchLabels) !== 0; i++) {
    await sleep(20);
    after = await scrape();
  }
  t.equal(sample(after, 'apiserver_longrunning_requests', watchLabels), 0, 'closed: back to 0');
});

t.test('apiserver_storage_objects follows creates after a refresh', async (t) => {
  const { scrape, create, objects } = await newServer(t);
  await objects.refresh();
  t.equal(sample(await scrape(), 'apiserver_storage_objects', 'resource="configmaps"'), 0);
  t.equal((await create('one')).status, 201);
  t.equal(sample(await scrape(), 'apiserver_storage_objects', 'resource="configmaps"'), 0, 'not counted before the refresh');
  await objects.refresh();
  const text = await scrape();
  t.match(text, '# TYPE apiserver_storage_objects gauge\n');
  t.equal(sample(text, 'apiserver_storage_objects', 'resource="configmaps"'), 1);
});

t.test('a count that fails sets apiserver_storage_objects to -1', async (t) => {
  const metrics = new MetricsRegistry();
  const objects = new StorageObjectCounter(metrics, 0);
  objects.track('broken', { count: () => Promise.reject(new Error('down')) }, '/broken');
  await objects.refresh();
  t.equal(sample(metrics.text(), 'apiserver_storage_objects', 'resource="broken"'), -1);
});

t.test('admission latencies per step and per named plugin, rejected or not', async (t) => {
  const { scrape, create } = await newServer(t);
  t.equal((await create('allowed')).status, 201);
  const denied = await create('forbidden');
  t.equal(denied.status, 403, denied.body);
  const text = await scrape();
  t.match(text, '# TYPE apiserver_admission_step_admission_duration_seconds histogram\n');
  t.equal(sample(text, 'apiserver_admission_step_admission_duration_seconds_count', 'operation="CREATE",rejected="false",type="validate"'), 1);
  t.equal(sample(text, 'apiserver_admission_step_admission_duration_seconds_count', 'operation="CREATE",rejected="true",type="validate"'), 1);
  t.equal(sample(text, 'apiserver_admission_step_admission_duration_seconds_count', 'operation="CREATE",rejected="false",type="admit"'), 2);
  t.match(text, '# TYPE apiserver_admission_controller_admission_duration_seconds histogram\n');
  const controller = 'apiserver_admission_controller_admission_duration_seconds_count';
  t.equal(sample(text, controller, 'name="DenyForbidden",operation="CREATE",rejected="true",type="validate"'), 1);
  t.equal(sample(text, controller, 'name="DenyForbidden",operation="CREATE",rejected="false",type="validate"'), 1);
});

t.test('apiserver_current_inflight_requests: the high-water mark of the last second per request kind', async (t) => {
  const { url, scrape, create } = await newServer(t);
  t.equal((await create('one')).status, 201);
  await fetchText(`${url}/api/v1/namespaces/default/configmaps/one`);
  await sleep(1100);
  const text = await scrape();
  t.match(text, '# TYPE apiserver_current_inflight_requests gauge\n');
  // The scrape itself is a read-only request in flight in this second; the create and get ended in an earlier one.
  t.equal(sample(text, 'apiserver_current_inflight_requests', 'request_kind="mutating"'), 1);
  t.equal(sample(text, 'apiserver_current_inflight_requests', 'request_kind="readOnly"'), 1);
  await sleep(1100);
  const later = await scrape();
  t.equal(sample(later, 'apiserver_current_inflight_requests', 'request_kind="mutating"'), 0, 'a second without writes');
});

t.test('two servers in one process keep their metrics apart', async (t) => {
  const a = await newServer(t);
  const b = await newServer(t);
  t.equal((await a.create('only-in-a')).status, 201);
  const aText = await a.scrape();
  const bText = await b.scrape();
  const created = 'verb="POST",dry_run="",group="",version="v1",resource="configmaps",subresource="",scope="resource",component="apiserver",code="201"';
  t.equal(sample(aText, 'apiserver_request_total', created), 1);
  t.equal(sample(bText, 'apiserver_request_total', created), undefined);
  t.equal(sample(bText, 'apiserver_admission_step_admission_duration_seconds_count', 'operation="CREATE",rejected="false",type="admit"'), undefined);
});
