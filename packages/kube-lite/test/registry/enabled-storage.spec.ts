import type { Storage } from '@apiserver/registry';
import type { GroupResource } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo, ResourceStorageMap } from '@apiserver/server';
import t from 'tap';
import { authenticationRESTStorageProvider } from '../../src/registry/authentication/provider.js';
import { AuthorizerReference } from '../../src/registry/authorization/authorizer-reference.js';
import { batchRESTStorageProvider } from '../../src/registry/batch/provider.js';
import { authorizationRESTStorageProvider } from '../../src/registry/authorization/provider.js';
import { enabledGroupInfo, enabledResourceStorage, groupInfoOf, hasServedVersions, withoutDisabledResources } from '../../src/registry/enabled-storage.js';
import { appsRESTStorageProvider, coordinationRESTStorageProvider, LegacyRESTStorageProvider } from '../../src/registry/providers.js';
import { rbacRESTStorageProvider } from '../../src/registry/rbac/provider.js';
import type { RESTOptionsGetter } from '../../src/registry/rest-options.js';
import { builtinGroupVersionRegistry } from '../../src/server/group-version-registry.js';
import { mergeAPIResourceConfig } from '../../src/server/runtime-config.js';
import { memoryGetter } from './core/core-fixtures.js';

const scheme = newBuiltinScheme();
const configOf = (rc: Record<string, string>) => mergeAPIResourceConfig(rc, builtinGroupVersionRegistry());
const keysOf = (map: ResourceStorageMap | undefined): string[] => (map === undefined ? [] : map instanceof Map ? [...map.keys()] : Object.keys(map)).sort();
const v1Keys = (info: APIGroupInfo): string[] => keysOf(info.versionedResourcesStorageMap.v1);
const fake: Storage = { newObject: () => ({ metadata: {} }), destroy: () => undefined };

/** A getter that records which resources asked for storage. */
function recording(getter: RESTOptionsGetter): { getter: RESTOptionsGetter; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    getter: {
      getRESTOptions: (gr: GroupResource) => {
        asked.push(gr.resource);
        return getter.getRESTOptions(gr);
      },
    },
  };
}

t.test('enabledResourceStorage runs only the builders of enabled resources', async (t) => {
  const built: string[] = [];
  const builder = (resource: string) => () => {
    built.push(resource);
    return { [resource]: fake, [`${resource}/status`]: fake };
  };
  const storage = enabledResourceStorage(configOf({ 'apps/v1/deployments': 'false' }), { group: 'apps', version: 'v1' }, { deployments: builder('deployments'), replicasets: builder('replicasets') });
  t.same(built, ['replicasets']);
  t.same(Object.keys(storage), ['replicasets', 'replicasets/status']);
});

t.test('withoutDisabledResources drops a resource with its subresources, for objects and Maps', async (t) => {
  const config = configOf({ 'v1/pods': 'false' });
  const gv = { group: '', version: 'v1' };
  t.same(keysOf(withoutDisabledResources(config, gv, { pods: fake, 'pods/status': fake, secrets: fake })), ['secrets']);
  t.same(keysOf(withoutDisabledResources(config, gv, new Map([['pods/log', fake], ['configmaps', fake]]))), ['configmaps']);
});

t.test('groupInfoOf and enabledGroupInfo keep only versions with resources', async (t) => {
  const v1 = { group: 'x.example.com', version: 'v1' };
  const v2 = { group: 'x.example.com', version: 'v2' };
  const info = groupInfoOf([{ gv: v2, storage: {} }, { gv: v1, storage: { things: fake } }], { scheme });
  t.same(info.prioritizedVersions, [v1]);
  t.same(Object.keys(info.versionedResourcesStorageMap), ['v1']);
  t.ok(hasServedVersions(info));
  const none = enabledGroupInfo(configOf({ 'apps/v1/deployments': 'false' }), {
    prioritizedVersions: [{ group: 'apps', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { deployments: fake, 'deployments/scale': fake } },
    scheme,
  });
  t.same(none.prioritizedVersions, []);
  t.notOk(hasServedVersions(none));
});

t.test('the core provider builds storage for enabled resources only', async (t) => {
  const { getter, asked } = recording(memoryGetter(t));
  const info = new LegacyRESTStorageProvider({ scheme }).newRESTStorage(configOf({ 'v1/pods': 'false', 'api/v1/events': 'false' }), getter);
  t.notOk(asked.includes('pods') || asked.includes('events'), 'no storage was opened for disabled resources');
  t.ok(asked.includes('configmaps'));
  const keys = v1Keys(info);
  t.notOk(keys.some((k) => k.startsWith('pods') || k.startsWith('events')));
  t.ok(keys.includes('namespaces/finalize'));
  t.same(new LegacyRESTStorageProvider({ scheme }).newRESTStorage(configOf({ v1: 'false' }), getter).prioritizedVersions, [], 'core off: no versions');
});

t.test('every group provider honours its resources and versions', async (t) => {
  const getter = memoryGetter(t);
  const appsInfo = appsRESTStorageProvider(scheme).newRESTStorage(configOf({ 'apps/v1/replicasets': 'false' }), getter);
  t.same(v1Keys(appsInfo), [
    'controllerrevisions',
    'daemonsets',
    'daemonsets/status',
    'deployments',
    'deployments/scale',
    'deployments/status',
    'statefulsets',
    'statefulsets/scale',
    'statefulsets/status',
  ]);
  const batch = batchRESTStorageProvider(scheme).newRESTStorage(configOf({ 'batch/v1/cronjobs': 'false' }), getter);
  t.same(v1Keys(batch), ['jobs', 'jobs/status']);
  t.notOk(hasServedVersions(batchRESTStorageProvider(scheme).newRESTStorage(configOf({ 'batch/v1': 'false' }), getter)));
  t.notOk(hasServedVersions(coordinationRESTStorageProvider(scheme).newRESTStorage(configOf({ 'coordination.k8s.io/v1/leases': 'false' }), getter)));
  const rbac = rbacRESTStorageProvider({ scheme }).newRESTStorage(configOf({ 'rbac.authorization.k8s.io/v1/roles': 'false' }), getter);
  t.same(v1Keys(rbac), ['clusterrolebindings', 'clusterroles', 'rolebindings']);
  const authz = authorizationRESTStorageProvider(new AuthorizerReference(), scheme).newRESTStorage(configOf({ 'authorization.k8s.io/v1/subjectaccessreviews': 'false' }), getter);
  t.same(v1Keys(authz), ['localsubjectaccessreviews', 'selfsubjectaccessreviews', 'selfsubjectrulesreviews']);
  const authn = authenticationRESTStorageProvider({ scheme }).newRESTStorage(configOf({ 'authentication.k8s.io/v1': 'false' }), getter);
  t.same(authn.prioritizedVersions, []);
});
