import type { ApiObject } from '@apiserver/registry';
import type { StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import { createAPIExtensionsServer, groupResourcePrefix } from '../../src/index.js';

t.test('storage must be keyed by group and resource', async (t) => {
  const memory = new MemoryBackend();
  t.teardown(() => memory.close());
  const storage = memory.storage() as unknown as StorageInterface<ApiObject>;
  t.equal(groupResourcePrefix({ group: 'example.com', resource: 'configmaps' }), '/example.com/configmaps');
  t.throws(
    () => createAPIExtensionsServer({ restOptionsGetter: { getRESTOptions: (r) => ({ resourcePrefix: `/${r.resource}`, storage }) } }),
    {
      name: 'TypeError',
      message: 'apiextensions stores customresourcedefinitions.apiextensions.k8s.io under "/apiextensions.k8s.io/customresourcedefinitions", but the RESTOptionsGetter gave "/customresourcedefinitions"',
    },
  );
  const server = createAPIExtensionsServer({ restOptionsGetter: { getRESTOptions: (r) => ({ resourcePrefix: groupResourcePrefix(r), storage }) } });
  t.ok(server.genericAPIServer.listedPaths().includes('/apis/apiextensions.k8s.io/v1'));
});
