import t from 'tap';
import { apiService, fetchText, json, post, startAggregator } from '../fixtures.js';

const BASE = '/apis/apiregistration.k8s.io/v1/apiservices';

t.test('APIService CRUD through the aggregator', async (t) => {
  const f = await startAggregator({ autoRegister: false });
  t.teardown(() => f.stop());

  // As kube-aggregator's REST (a CategoriesProvider), apiservices is in `kubectl get api-extensions`.
  const resources = json(await fetchText(`${f.url}/apis/apiregistration.k8s.io/v1`)).resources as Array<{ name: string; categories?: string[] }>;
  t.same(resources.map((r) => [r.name, r.categories]), [['apiservices', ['api-extensions']], ['apiservices/status', undefined]], 'discovery categories');

  const created = await post(`${f.url}${BASE}`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }));
  t.equal(created.status, 201, created.body);
  t.match(json(created), { kind: 'APIService', metadata: { name: 'v1alpha1.wardle.example.com' }, spec: { service: { port: 443 } } });
  t.notOk('status' in json(created) && (json(created).status as { conditions?: unknown }).conditions, 'no status from the client on create');

  const got = json(await fetchText(`${f.url}${BASE}/v1alpha1.wardle.example.com`));
  t.match(got, { spec: { group: 'wardle.example.com', version: 'v1alpha1', groupPriorityMinimum: 1000, versionPriority: 15 } });

  const list = json(await fetchText(`${f.url}${BASE}`));
  t.equal(list.kind, 'APIServiceList');
  t.same(
    (list.items as Array<{ metadata: { name: string } }>).map((i) => i.metadata.name),
    ['v1alpha1.wardle.example.com'],
  );

  const table = json(await fetchText(`${f.url}${BASE}`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } }));
  t.same(
    (table.columnDefinitions as Array<{ name: string }>).map((c) => c.name),
    ['Name', 'Service', 'Available', 'Age'],
  );
  t.match((table.rows as Array<{ cells: unknown[] }>)[0]?.cells, ['v1alpha1.wardle.example.com', 'default/api', /^(Unknown|False \(FailedDiscoveryCheck\))$/]);

  // Status from the main resource is ignored; the status subresource sets it.
  const obj = json(await fetchText(`${f.url}${BASE}/v1alpha1.wardle.example.com`));
  const withStatus = { ...obj, status: { conditions: [{ type: 'Available', status: 'True', reason: 'Manual', message: 'set by test' }] } };
  const viaStatus = await fetchText(`${f.url}${BASE}/v1alpha1.wardle.example.com/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withStatus),
  });
  t.equal(viaStatus.status, 200, viaStatus.body);

  const deleted = await fetchText(`${f.url}${BASE}/v1alpha1.wardle.example.com`, { method: 'DELETE' });
  t.equal(deleted.status, 200, deleted.body);
  t.equal((await fetchText(`${f.url}${BASE}/v1alpha1.wardle.example.com`)).status, 404);
});

t.test('APIService validation', async (t) => {
  const f = await startAggregator({ autoRegister: false });
  t.teardown(() => f.stop());
  const invalid = async (obj: Record<string, unknown>): Promise<string> => {
    const r = await post(`${f.url}${BASE}`, obj);
    t.equal(r.status, 422, r.body);
    return String(json(r).message);
  };
  const wrongName = { ...apiService('wardle.example.com', 'v1alpha1'), metadata: { name: 'wardle' } };
  t.equal(
    await invalid(wrongName),
    'APIService.apiregistration.k8s.io "wardle" is invalid: metadata.name: Invalid value: "wardle": must be `spec.version+"."+spec.group`: "v1alpha1.wardle.example.com"',
  );
  t.match(await invalid(apiService('wardle.example.com', 'v1alpha1', { group: 0 })), 'spec.groupPriorityMinimum: Invalid value: 0: must be positive and less than 20000');
  t.match(await invalid(apiService('wardle.example.com', 'v1alpha1', { version: 2000 })), 'spec.versionPriority: Invalid value: 2000: must be positive and less than 1000');
  t.match(await invalid(apiService('wardle.example.com', 'V1')), 'spec.version: Invalid value: "V1"');
  t.match(await invalid(apiService('', 'v2')), 'spec.group: Required value: only v1 may have an empty group and it better be legacy kube');
  t.match(
    await invalid(apiService('wardle.example.com', 'v1alpha1', { service: { namespace: '', name: 'api', port: 70000 } })),
    /spec.service.namespace: Required value.*spec.service.port: Invalid value: 70000: port is not valid/,
  );
  const local = apiService('wardle.example.com', 'v1alpha1');
  (local.spec as Record<string, unknown>).insecureSkipTLSVerify = true;
  t.match(await invalid(local), 'spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify');
});
