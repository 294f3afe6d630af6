import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t, { type Test } from 'tap';
import { defaultRESTStorageProviders } from '../../src/registry/providers.js';
import type { RESTStorageProvider } from '../../src/registry/rest-options.js';
import { type KubeLiteFixture, startKubeLite } from '../../src/testing/index.js';

const AGGREGATED = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

interface Fetched {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function get(kl: KubeLiteFixture, path: string, accept = 'application/json'): Promise<Fetched> {
  const res = await fetch(`${kl.url}${path}`, { headers: { accept } });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function started(t: Test, runtimeConfig: Record<string, string>): Promise<KubeLiteFixture> {
  const kl = await startKubeLite({ runtimeConfig });
  t.teardown(() => kl.stop());
  return kl;
}

const names = (list: unknown): string[] => ((list as { name: string }[] | undefined) ?? []).map((r) => r.name);
const groupNames = async (kl: KubeLiteFixture): Promise<string[]> => names((await get(kl, '/apis')).body.groups);

interface DiscoveryGroup {
  metadata: { name: string };
  versions: { version: string; resources: { resource: string }[] }[];
}
async function aggregated(kl: KubeLiteFixture): Promise<DiscoveryGroup[]> {
  const r = await get(kl, '/apis', AGGREGATED);
  return r.body.items as DiscoveryGroup[];
}

const openAPIPaths = async (kl: KubeLiteFixture, path: string): Promise<string[]> => Object.keys(((await get(kl, path)).body.paths as object | undefined) ?? {});

t.test('apps/v1/deployments=false: deployments and their subresources are gone, replicasets stay', async (t) => {
  const kl = await started(t, { 'apps/v1/deployments': 'false' });
  t.equal((await get(kl, '/apis/apps/v1/deployments')).status, 404);
  t.equal((await get(kl, '/apis/apps/v1/namespaces/default/deployments')).status, 404);
  t.equal((await get(kl, '/apis/apps/v1/namespaces/default/deployments/x/scale')).status, 404);
  t.equal((await get(kl, '/apis/apps/v1/replicasets')).status, 200);
  const resources = names((await get(kl, '/apis/apps/v1')).body.resources);
  t.same(resources.filter((r) => r.startsWith('deployments')), []);
  t.ok(resources.includes('replicasets') && resources.includes('replicasets/scale'));
  const apps = (await aggregated(kl)).find((g) => g.metadata.name === 'apps');
  t.same(apps?.versions.map((v) => v.resources.map((r) => r.resource)), [['controllerrevisions', 'daemonsets', 'replicasets', 'statefulsets']]);
  const v3 = await openAPIPaths(kl, '/openapi/v3/apis/apps/v1');
  t.ok(v3.some((p) => p.includes('/replicasets')), 'replicasets in OpenAPI v3');
  t.notOk(v3.some((p) => p.includes('/deployments')), 'no deployments in OpenAPI v3');
  const v2 = await openAPIPaths(kl, '/openapi/v2');
  t.ok(v2.some((p) => p.includes('/apis/apps/v1/replicasets')));
  t.notOk(v2.some((p) => p.includes('/deployments')), 'no deployments in OpenAPI v2');
});

t.test('apps/v1=false: the apps group is not installed at all', async (t) => {
  const kl = await started(t, { 'apps/v1': 'false' });
  const groups = await groupNames(kl);
  t.notOk(groups.includes('apps'));
  t.ok(groups.includes('coordination.k8s.io'), 'other groups stay');
  t.notOk((await aggregated(kl)).some((g) => g.metadata.name === 'apps'), 'absent from aggregated discovery');
  t.equal((await get(kl, '/apis/apps')).status, 404);
  t.equal((await get(kl, '/apis/apps/v1')).status, 404);
  t.equal((await get(kl, '/apis/apps/v1/deployments')).status, 404);
  t.notOk(Object.keys((await get(kl, '/openapi/v3')).body.paths as object).includes('apis/apps/v1'), 'absent from the OpenAPI v3 index');
  t.equal((await get(kl, '/openapi/v3/apis/apps/v1')).status, 404);
  t.notOk((await openAPIPaths(kl, '/openapi/v2')).some((p) => p.startsWith('/apis/apps')), 'absent from OpenAPI v2');
});

t.test('apps/v1=false,apps/v1/replicasets=true: a single resource inside a disabled version', async (t) => {
  const kl = await started(t, { 'apps/v1': 'false', 'apps/v1/replicasets': 'true' });
  t.ok((await groupNames(kl)).includes('apps'));
  t.same(names((await get(kl, '/apis/apps/v1')).body.resources).sort(), ['replicasets', 'replicasets/scale', 'replicasets/status']);
});

t.test('api/all=false,v1=true: only the core group; api/v1/pods=false drops pods only', async (t) => {
  const kl = await started(t, { 'api/all': 'false', v1: 'true', 'api/v1/pods': 'false' });
  t.same(await groupNames(kl), []);
  t.same(await aggregated(kl), []);
  t.equal((await get(kl, '/api/v1/namespaces')).status, 200);
  t.equal((await get(kl, '/api/v1/pods')).status, 404);
  const core = names((await get(kl, '/api/v1')).body.resources);
  t.notOk(core.some((r) => r.startsWith('pods')));
  t.ok(core.includes('configmaps') && core.includes('serviceaccounts/token'));
  t.equal((await get(kl, '/apis/rbac.authorization.k8s.io/v1/clusterroles')).status, 404);
  t.equal((await get(kl, '/readyz')).status, 200, 'the post-start hooks of the disabled groups do not fail readiness');
});

t.test('invalid runtime config: startKubeLite rejects with every error', async (t) => {
  await t.rejects(startKubeLite({ runtimeConfig: { 'nope/v1': 'false', 'apps/v1': 'maybe' } }), {
    name: 'KubeLiteOptionsError',
    errors: ['invalid value of apps/v1: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax', 'unknown api groups nope'],
  });
});

t.test("a provider of a group the registry does not know is asked with everything enabled; the others follow the config", async (t) => {
  const seen: boolean[] = [];
  const widgets: RESTStorageProvider = {
    groupName: () => 'widgets.example.com',
    newRESTStorage: (config) => {
      seen.push(config.anyResourceForGroupEnabled('widgets.example.com'), config.resourceEnabled({ group: 'widgets.example.com', version: 'v1', resource: 'widgets' }));
      seen.push(config.resourceEnabled({ group: 'apps', version: 'v1', resource: 'deployments' }));
      return { prioritizedVersions: [], versionedResourcesStorageMap: {}, scheme: newBuiltinScheme() };
    },
  };
  const kl = await startKubeLite({ runtimeConfig: { 'apps/v1': 'false' }, providers: [...defaultRESTStorageProviders(), widgets] });
  t.teardown(() => kl.stop());
  t.same(seen, [true, true, false]);
  const groups = await groupNames(kl);
  t.notOk(groups.includes('widgets.example.com'), 'a provider without versions installs nothing');
  t.notOk(groups.includes('apps'));
  t.ok(groups.includes('coordination.k8s.io'));
});
