import type { ApiObject } from '@apiserver/registry';
import type { StorageInterface } from '@apiserver/storage';
import { Etcd3Backend } from '@apiserver/storage-etcd3';
import { startEtcd } from '@apiserver/testing';
import t from 'tap';
import { apiService, eventually, fetchText, json, post, startAggregator } from '../fixtures.js';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';

t.test('APIServices on etcd: stored, watched, and kept across aggregator restarts', async (t) => {
  const etcd = await startEtcd();
  const backend = new Etcd3Backend({ hosts: [etcd.endpoint], prefix: '/registry' });
  t.teardown(async () => {
    await backend.close();
    await etcd.stop();
  });
  const storage = (): StorageInterface<ApiObject> => backend.newStorage() as unknown as StorageInterface<ApiObject>;

  const first = await startAggregator({}, storage());
  const created = await post(`${first.url}${APISERVICES}`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }));
  t.equal(created.status, 201, created.body);
  // The availability controller writes the status through etcd; the auto-registration controller adds the delegate's groups.
  const names = async (url: string): Promise<string[]> =>
    (json(await fetchText(`${url}${APISERVICES}`)).items as Array<{ metadata: { name: string } }>).map((i) => i.metadata.name);
  t.ok(await eventually(async () => (await names(first.url)).includes('v1.apps')));
  t.ok(
    await eventually(async () => {
      const obj = json(await fetchText(`${first.url}${APISERVICES}/v1alpha1.wardle.example.com`)) as { status?: { conditions?: Array<{ reason: string }> } };
      return obj.status?.conditions?.[0]?.reason === 'FailedDiscoveryCheck';
    }),
  );
  await first.stop();

  const second = await startAggregator({ autoRegister: false }, storage());
  t.teardown(() => second.stop());
  t.same(await names(second.url), ['v1.', 'v1.apps', 'v1.coordination.k8s.io', 'v1alpha1.wardle.example.com']);
  t.ok(second.aggregator.apiServices.get('v1alpha1.wardle.example.com'), 'the restarted aggregator listed them from etcd');
  // A delete through etcd reaches the aggregator's view by watch.
  await fetchText(`${second.url}${APISERVICES}/v1alpha1.wardle.example.com`, { method: 'DELETE' });
  t.ok(await eventually(() => second.aggregator.apiServices.get('v1alpha1.wardle.example.com') === undefined));
});
