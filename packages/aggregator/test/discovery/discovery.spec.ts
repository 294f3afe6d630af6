import t from 'tap';
import { startSampleAPIServer } from '../sample-apiserver/server.js';
import { apiService, eventually, fetchText, json, post, startAggregator } from '../fixtures.js';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';
const V2 = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';

type Group = { name: string; versions: Array<{ version: string }>; preferredVersion: { version: string } };

async function groups(url: string): Promise<Group[]> {
  return json(await fetchText(`${url}/apis`)).groups as Group[];
}

t.test('/apis merges the delegate and the APIServices in priority order', async (t) => {
  const sample = await startSampleAPIServer();
  const f = await startAggregator({ autoRegister: false });
  t.teardown(async () => {
    await f.stop();
    await sample.stop();
  });
  // Without APIServices: the aggregator's group, then the delegate's by the kube priority table.
  t.same(
    (await groups(f.url)).map((g) => g.name),
    ['apiregistration.k8s.io', 'apps', 'coordination.k8s.io'],
  );
  f.services.set('default/api:443', sample.url);
  await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v1alpha1', { group: 17900, service: { namespace: 'default', name: 'api' } }));
  await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v1', { group: 100, version: 15 }));
  await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v2beta1', { group: 100, version: 15 }));
  await post(`${f.url}${APISERVICES}`, apiService('zeta.example.com', 'v1', { group: 1000 }));
  await post(`${f.url}${APISERVICES}`, apiService('alpha.example.com', 'v1', { group: 1000 }));
  t.ok(await eventually(async () => (await groups(f.url)).length === 6));
  const all = await groups(f.url);
  t.same(
    all.map((g) => g.name),
    ['apiregistration.k8s.io', 'wardle.example.com', 'apps', 'coordination.k8s.io', 'alpha.example.com', 'zeta.example.com'],
    'by highest groupPriorityMinimum, then APIService name',
  );
  const wardle = all[1];
  t.same(
    wardle?.versions.map((v) => v.version),
    ['v1', 'v2beta1', 'v1alpha1'],
    'versions by versionPriority, then GA > beta > alpha',
  );
  t.equal(wardle?.preferredVersion.version, 'v1');

  const group = await fetchText(`${f.url}/apis/wardle.example.com`);
  t.equal(group.status, 200);
  t.match(json(group), { kind: 'APIGroup', apiVersion: 'v1', name: 'wardle.example.com', preferredVersion: { groupVersion: 'wardle.example.com/v1' } });
  t.match(json(await fetchText(`${f.url}/apis/apps`)), { kind: 'APIGroup', name: 'apps' }, 'groups without APIServices: the delegate answers');
  t.match(json(await fetchText(`${f.url}/apis/apiregistration.k8s.io`)), { kind: 'APIGroup', name: 'apiregistration.k8s.io' });
  t.equal((await fetchText(`${f.url}/apis/unknown.example.com`)).status, 404);
  t.match(json(await fetchText(`${f.url}/apis/wardle.example.com/v1alpha1`)), { kind: 'APIResourceList', resources: [{ name: 'flunders' }] }, 'remote resource list');
});

t.test('aggregated discovery v2 merges local and remote groups', async (t) => {
  const sample = await startSampleAPIServer();
  const f = await startAggregator({ autoRegister: false });
  t.teardown(async () => {
    await f.stop();
    await sample.stop();
  });
  f.services.set('default/api:443', sample.url);
  await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v1alpha1', { group: 17900, service: { namespace: 'default', name: 'api' } }));
  const available = async (): Promise<boolean> => {
    const obj = json(await fetchText(`${f.url}${APISERVICES}/v1alpha1.wardle.example.com`)) as { status?: { conditions?: Array<{ status: string }> } };
    return obj.status?.conditions?.[0]?.status === 'True';
  };
  t.ok(await eventually(available));
  const reply = await fetchText(`${f.url}/apis`, { headers: { accept: V2 } });
  t.equal(reply.status, 200);
  t.equal(reply.headers['content-type'], 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
  t.ok(reply.headers.etag);
  const doc = json(reply) as { kind: string; items: Array<{ metadata: { name: string }; versions: Array<{ version: string; resources: Array<Record<string, unknown>> }> }> };
  t.equal(doc.kind, 'APIGroupDiscoveryList');
  t.same(
    doc.items.map((i) => i.metadata.name),
    ['apiregistration.k8s.io', 'wardle.example.com', 'apps', 'coordination.k8s.io'],
  );
  t.match(doc.items[0]?.versions[0]?.resources[0], {
    resource: 'apiservices',
    responseKind: { group: 'apiregistration.k8s.io', version: 'v1', kind: 'APIService' },
    scope: 'Cluster',
    subresources: [{ subresource: 'status' }],
  });
  t.match(doc.items[1]?.versions[0], { version: 'v1alpha1', resources: [{ resource: 'flunders', scope: 'Namespaced', shortNames: ['fl'] }] });
  t.match(doc.items[2]?.versions[0], { version: 'v1', resources: [{ resource: 'deployments' }] });
  const again = await fetchText(`${f.url}/apis`, { headers: { accept: V2, 'if-none-match': String(reply.headers.etag) } });
  t.equal(again.status, 304);
  const unsupported = await fetchText(`${f.url}/apis`, { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v9;as=APIGroupDiscoveryList,application/json' } });
  t.equal(unsupported.headers['content-type'], 'application/json', 'an aggregated version the server lacks: the legacy document');
  t.same(
    (json(unsupported).groups as Group[]).map((g) => g.name),
    ['apiregistration.k8s.io', 'wardle.example.com', 'apps', 'coordination.k8s.io'],
  );

  // An unavailable remote group-version stays, marked Stale (clients treat it as failed discovery).
  await sample.stop();
  t.ok(await eventually(async () => !(await available())));
  const later = json(await fetchText(`${f.url}/apis`, { headers: { accept: V2 } })) as typeof doc;
  t.same(
    later.items.map((i) => i.metadata.name),
    ['apiregistration.k8s.io', 'wardle.example.com', 'apps', 'coordination.k8s.io'],
  );
  t.match(later.items[1]?.versions[0], { version: 'v1alpha1', freshness: 'Stale', resources: [{ resource: 'flunders' }] });
  t.match(later.items[2]?.versions[0], { freshness: 'Current' });

  // A remote APIService never described is left out.
  await post(`${f.url}${APISERVICES}`, apiService('never.example.com', 'v1', { group: 17950, service: { namespace: 'default', name: 'none' } }));
  t.ok(await eventually(() => f.aggregator.apiServices.get('v1.never.example.com') !== undefined));
  const last = json(await fetchText(`${f.url}/apis`, { headers: { accept: V2 } })) as typeof doc;
  t.notOk(last.items.some((i) => i.metadata.name === 'never.example.com'));
});
