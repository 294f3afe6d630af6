import t from 'tap';
import { startSampleAPIServer } from '../sample-apiserver/server.js';
import { apiService, eventually, fetchText, json, post, startAggregator } from '../fixtures.js';

t.test('/openapi/v3 lists remote group-versions and serves their documents from the backend', async (t) => {
  const sample = await startSampleAPIServer();
  const f = await startAggregator({ autoRegister: false });
  t.teardown(async () => {
    await f.stop();
    await sample.stop().catch(() => undefined);
  });
  f.services.set('default/api:443', sample.url);
  await post(`${f.url}/apis/apiregistration.k8s.io/v1/apiservices`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }));
  t.ok(await eventually(() => f.aggregator.apiServices.get('v1alpha1.wardle.example.com')?.status?.conditions?.[0]?.status === 'True'));

  const index = await fetchText(`${f.url}/openapi/v3`);
  t.equal(index.status, 200);
  const paths = json(index).paths as Record<string, { serverRelativeURL: string }>;
  t.ok(paths['api/v1'], 'the delegate');
  t.ok(paths['apis/apiregistration.k8s.io/v1'], 'the aggregator');
  const remote = paths['apis/wardle.example.com/v1alpha1'];
  const backendIndex = json(await fetchText(`${sample.url}/openapi/v3`)).paths as Record<string, { serverRelativeURL: string }>;
  t.same(remote, backendIndex['apis/wardle.example.com/v1alpha1'], "the backend's URL and hash");
  const notModified = await fetchText(`${f.url}/openapi/v3`, { headers: { 'if-none-match': String(index.headers.etag) } });
  t.equal(notModified.status, 304);

  const doc = await fetchText(`${f.url}${remote?.serverRelativeURL ?? ''}`);
  t.equal(doc.status, 200);
  t.equal(doc.headers['cache-control'], 'public, immutable');
  const schemas = (json(doc).components as { schemas: Record<string, unknown> }).schemas;
  t.ok(Object.keys(schemas).some((k) => k.endsWith('.Flunder')), 'the Flunder schema');
  const stale = await fetchText(`${f.url}/openapi/v3/apis/wardle.example.com/v1alpha1?hash=old`);
  t.equal(stale.status, 301, 'the backend redirects to its current hash');
  t.equal(stale.headers.location, remote?.serverRelativeURL);
  t.match(json(await fetchText(`${f.url}/openapi/v3/apis/apps/v1`)), { openapi: '3.0.0' }, 'local documents');
  t.equal((await fetchText(`${f.url}/openapi/v2`, { headers: { accept: 'application/json' } })).status, 200);

  await sample.stop();
  t.ok(await eventually(() => f.aggregator.apiServices.get('v1alpha1.wardle.example.com')?.status?.conditions?.[0]?.status === 'False'));
  const after = json(await fetchText(`${f.url}/openapi/v3`)).paths as Record<string, unknown>;
  t.notOk(after['apis/wardle.example.com/v1alpha1'], 'an unavailable APIService is not listed');
});
