/** Discovery documents, exact JSON: /api, /api/v1, /apis, /apis/apps, /apis/apps/v1, aggregated v2. */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const AGG = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
const verbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

t.test('legacy discovery documents', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const api = await s.request('GET', '/api');
  t.equal(api.headers['content-type'], 'application/json');
  t.equal(api.text, '{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.1:6443"}]}\n');
  t.equal((await s.request('GET', '/api/')).status, 200, 'trailing slash');

  const v1 = await s.request('GET', '/api/v1');
  t.same(v1.json(), {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: [
      { name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs, shortNames: ['cm'] },
      { name: 'namespaces', singularName: 'namespace', namespaced: false, kind: 'Namespace', verbs, shortNames: ['ns'] },
    ],
  });
  t.match(v1.text, /^\{"kind":"APIResourceList","groupVersion":"v1","resources":\[\{"name":"configmaps","singularName":"configmap","namespaced":true,"kind":"ConfigMap","verbs":\[/);

  const apis = await s.request('GET', '/apis');
  t.equal(
    apis.text,
    '{"kind":"APIGroupList","groups":[{"name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}]}\n',
  );
  const apps = await s.request('GET', '/apis/apps');
  t.equal(
    apps.text,
    '{"kind":"APIGroup","apiVersion":"v1","name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}\n',
  );
  const appsV1 = await s.request('GET', '/apis/apps/v1');
  t.same(appsV1.json(), {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: 'apps/v1',
    resources: [{ name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment', verbs }],
  });
  const yaml = await s.request('GET', '/apis/apps/v1', { headers: { Accept: 'application/yaml' } });
  t.match(yaml.text, /groupVersion: apps\/v1/);
  const bad = await s.request('GET', '/apis/apps/v1', { headers: { Accept: 'text/csv' } });
  t.equal(bad.status, 406);
  t.match(bad.json(), { kind: 'Status', reason: 'NotAcceptable' });
});

t.test('aggregated discovery v2 with ETag', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const apis = await s.request('GET', '/apis', { headers: { Accept: AGG } });
  t.equal(apis.status, 200);
  t.equal(apis.headers['content-type'], 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
  t.equal(apis.headers.vary, 'Accept');
  t.same(apis.json(), {
    kind: 'APIGroupDiscoveryList',
    apiVersion: 'apidiscovery.k8s.io/v2',
    metadata: {},
    items: [
      {
        metadata: { name: 'apps', creationTimestamp: null },
        versions: [
          {
            version: 'v1',
            resources: [
              { resource: 'deployments', responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' }, scope: 'Namespaced', singularResource: 'deployment', verbs },
            ],
            freshness: 'Current',
          },
        ],
      },
    ],
  });
  const etag = String(apis.headers.etag);
  t.match(etag, /^"[0-9a-f]{128}"$/);
  const cached = await s.request('GET', '/apis', { headers: { Accept: AGG, 'If-None-Match': etag } });
  t.equal(cached.status, 304);
  const api = await s.request('GET', '/api', { headers: { Accept: AGG } });
  t.match(api.json(), { kind: 'APIGroupDiscoveryList', items: [{ metadata: { creationTimestamp: null }, versions: [{ version: 'v1', resources: [{ resource: 'configmaps', scope: 'Namespaced', shortNames: ['cm'] }, { resource: 'namespaces', scope: 'Cluster' }] }] }] });
  const beta = await s.request('GET', '/apis', { headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList' } });
  t.equal(beta.headers['content-type'], 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList');
  const legacy = await s.request('GET', '/apis', { headers: { Accept: 'application/json, */*' } });
  t.equal(legacy.headers['content-type'], 'application/json', 'kubectl 1.20 gets the legacy document');
});
