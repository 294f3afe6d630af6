/**
 * `DELETE /metrics` and `DELETE /metrics/slis` (component-base's `HandlerWithReset`, which kube-apiserver installs
 * when profiling is on): 200 `metrics reset`, labelled series forgotten and recorded again by later requests; with
 * profiling off a DELETE reads the metrics like a GET.
 */
import t, { type Test } from 'tap';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText } from '../helpers.js';

async function started(t: Test, enableProfiling?: boolean): Promise<string> {
  const server = new GenericAPIServer({ log: () => undefined, ...(enableProfiling !== undefined && { enableProfiling }) });
  const [url = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  return url;
}

/** The `apiserver_request_total` sample lines of a scrape. */
const requestTotals = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('apiserver_request_total{'));

t.test('profiling on (the default): DELETE /metrics resets them', async (t) => {
  const url = await started(t);
  t.equal((await fetchText(`${url}/version`)).status, 200);
  const before = (await fetchText(`${url}/metrics`)).body;
  t.match(requestTotals(before).join('\n'), /verb="GET"/, 'the GET /version is counted');
  t.match(before, /\napiserver_encoded_object_cache_capacity_bytes 67108864\n/);
  const reset = await fetchText(`${url}/metrics`, { method: 'DELETE' });
  t.equal(reset.status, 200);
  t.equal(reset.body, 'metrics reset\n');
  t.equal(reset.headers['content-type'], 'text/plain; charset=utf-8');
  const after = (await fetchText(`${url}/metrics`)).body;
  // The DELETE itself is recorded as it ends, after the reset: it and nothing before it.
  t.same(
    requestTotals(after).map((l) => /verb="([A-Z]+)"/.exec(l)?.[1]),
    ['DELETE'],
    'only the DELETE, recorded after the reset, is left',
  );
  t.match(after, /\napiserver_encoded_object_cache_capacity_bytes 67108864\n/, 'a gauge without labels stays');
  t.equal((await fetchText(`${url}/version`)).status, 200);
  t.equal(requestTotals((await fetchText(`${url}/metrics`)).body).filter((l) => l.includes('verb="GET"') && l.includes('code="200"')).length, 1, 'GETs counted again');
  const slis = await fetchText(`${url}/metrics/slis`, { method: 'DELETE' });
  t.same([slis.status, slis.body], [200, 'metrics reset\n'], '/metrics/slis resets too');
});

t.test('profiling off: a DELETE reads the metrics', async (t) => {
  const url = await started(t, false);
  t.equal((await fetchText(`${url}/version`)).status, 200);
  const deleted = await fetchText(`${url}/metrics`, { method: 'DELETE' });
  t.equal(deleted.status, 200);
  t.match(requestTotals(deleted.body).join('\n'), /verb="GET"/, 'the metrics, GET /version still counted');
  t.match(requestTotals((await fetchText(`${url}/metrics`)).body).join('\n'), /verb="GET"/, 'nothing was reset');
  const slis = await fetchText(`${url}/metrics/slis`, { method: 'DELETE' });
  t.equal(slis.status, 200);
  t.match(slis.body, /^# HELP kubernetes_healthcheck /, '/metrics/slis answers its text');
});
