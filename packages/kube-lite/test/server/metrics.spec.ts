/**
 * kube-lite's `/metrics` (served by the front of the chain, the aggregator) shows what the kube API server's
 * storage, watch caches, admission chain and watch handlers record: one registry shared by the chain.
 */
import { get, request } from 'node:http';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

/** The value of the sample `name{labels}`, or undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

function send(url: string, method: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

t.test('kube-lite /metrics: long-running watches, watch events, watch cache, storage objects, admission', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const scrape = async (): Promise<string> => (await send(`${kl.url}/metrics`, 'GET')).body;
  const longRunning =
    'verb="WATCH",group="",version="v1",resource="configmaps",subresource="",scope="namespace",component="apiserver"';

  const watch = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    get(`${kl.url}/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=0`, resolve).on('error', reject);
  });
  t.equal(watch.statusCode, 200);
  t.equal(sample(await scrape(), 'apiserver_longrunning_requests', longRunning), 1, 'the open watch');

  await kl.server.storageFactory.refreshObjectCounts();
  const before = sample(await scrape(), 'apiserver_storage_objects', 'resource="configmaps"') ?? Number.NaN;
  const event = new Promise<void>((resolve) => watch.once('data', () => resolve()));
  t.equal((await send(`${kl.url}/api/v1/namespaces/default/configmaps`, 'POST', configMap('one'))).status, 201);
  await event;
  const denied = await send(`${kl.url}/api/v1/namespaces/missing/configmaps`, 'POST', configMap('two'));
  t.equal(denied.status, 404, 'NamespaceLifecycle rejects a create in a missing namespace');
  await kl.server.storageFactory.refreshObjectCounts();
  const text = await scrape();

  t.ok((sample(text, 'apiserver_watch_events_total', 'group="",version="v1",kind="ConfigMap"') ?? 0) >= 1, 'the ADDED event was sent');
  t.ok((sample(text, 'apiserver_watch_cache_events_received_total', 'resource="configmaps"') ?? 0) >= 1);
  t.ok((sample(text, 'watch_cache_capacity', 'resource="configmaps"') ?? 0) > 0);
  t.equal(sample(text, 'apiserver_storage_objects', 'resource="configmaps"'), before + 1, 'the create counted at the refresh');
  t.ok((sample(text, 'apiserver_storage_objects', 'resource="namespaces"') ?? 0) >= 4, 'default, kube-system, kube-public, kube-node-lease');
  const lifecycle = 'apiserver_admission_controller_admission_duration_seconds_count';
  t.ok((sample(text, lifecycle, 'name="NamespaceLifecycle",operation="CREATE",rejected="false",type="admit"') ?? 0) >= 1);
  t.equal(sample(text, lifecycle, 'name="NamespaceLifecycle",operation="CREATE",rejected="true",type="admit"'), 1);
  // The webhook plugins are timed as every named plugin, by their plugin names (upstream wraps each plugin of the chain).
  t.ok((sample(text, lifecycle, 'name="MutatingAdmissionWebhook",operation="CREATE",rejected="false",type="admit"') ?? 0) >= 1);
  t.ok((sample(text, lifecycle, 'name="ValidatingAdmissionWebhook",operation="CREATE",rejected="false",type="validate"') ?? 0) >= 1);
  t.equal(sample(text, lifecycle, 'name="MutatingAdmissionWebhook",operation="CREATE",rejected="true",type="admit"'), undefined, 'not reached after NamespaceLifecycle rejected');
  t.equal(
    sample(text, 'apiserver_admission_step_admission_duration_seconds_count', 'operation="CREATE",rejected="true",type="admit"'),
    1,
  );
  t.match(text, '# TYPE apiserver_current_inflight_requests gauge\n');
  t.notMatch(text, 'etcd_request_duration_seconds', 'etcd3 backend only');

  watch.destroy();
});
