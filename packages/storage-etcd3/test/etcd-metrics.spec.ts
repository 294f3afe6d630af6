import { MetricsRegistry, simpleUpdate } from '@apiserver/storage';
import { startEtcd } from '@apiserver/testing';
import t from 'tap';
import { newEtcd3Client } from '../src/client.js';
import { Etcd3Storage } from '../src/store.js';

const etcd = await startEtcd();
const client = newEtcd3Client({ hosts: etcd.host, requestTimeoutMs: 2000 });
t.teardown(async () => {
  client.close();
  await etcd.stop();
});

/** The value of the sample `name{labels}`, or undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

t.test('etcd_request_duration_seconds{operation,type}: every etcd request of a store, by upstream operation name', async (t) => {
  const metrics = new MetricsRegistry();
  const store = new Etcd3Storage({ client, pathPrefix: '/metrics-test', metrics, groupResource: 'deployments.apps' });
  const created = await store.create('/deployments/default/web', { metadata: { name: 'web', namespace: 'default' } });
  await store.get('/deployments/default/web');
  await store.getList('/deployments', { recursive: true });
  t.equal(await store.count('/deployments'), 1);
  const relabel = simpleUpdate((cur) => ({ ...cur, metadata: { ...cur?.metadata, labels: { a: 'b' } } }));
  await store.guaranteedUpdate('/deployments/default/web', relabel, { cachedExistingObject: created });
  await store.delete('/deployments/default/web');
  const text = metrics.text();
  t.match(text, '# TYPE etcd_request_duration_seconds histogram\n');
  for (const operation of ['create', 'get', 'list', 'listWithCount', 'update', 'delete']) {
    t.ok((sample(text, 'etcd_request_duration_seconds_count', `operation="${operation}",type="deployments.apps"`) ?? 0) >= 1, operation);
  }
  t.equal(sample(text, 'etcd_request_duration_seconds_count', 'operation="create",type="deployments.apps"'), 1);
  t.notMatch(text, 'type=""', 'no request without the resource');
});
