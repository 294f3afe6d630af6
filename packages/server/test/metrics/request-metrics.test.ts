/**
 * Regression (issue 19): unauthenticated requests to made-up paths grew `/metrics` without bound (3,000 of them
 * took it from 96 KB to 21.9 MB; ~140k made it answer 500 for good), because the request-metrics filter took group,
 * version, resource, subresource and dry_run labels straight from the URL. Label values are now bounded (upstream's
 * valid verbs or `other`; dry run empty, `All` or `invalid`; no API labels for a request no installed route served
 * or that failed authentication) and each metric holds at most `maxSeries` series.
 */
import { Agent, request as httpRequest } from 'node:http';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { cleanDryRun, cleanVerb, RequestMetrics } from '../../src/metrics/request-metrics.js';
import type { RequestInfo } from '../../src/request/request-info.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText, tempDir } from '../helpers.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const quiet = { log: () => undefined, panicLogger: () => undefined };

const podsInfo: RequestInfo = {
  isResourceRequest: true,
  path: '/api/v1/namespaces/a/pods',
  verb: 'list',
  apiPrefix: 'api',
  apiGroup: '',
  apiVersion: 'v1',
  namespace: 'a',
  resource: 'pods',
  subresource: '',
  name: '',
  parts: ['pods'],
};

/** Sends `count` GETs of `pathOf(i)` over `concurrency` keep-alive connections; resolves with the status counts. */
async function flood(base: string, count: number, pathOf: (i: number) => string, headersOf: (i: number) => Record<string, string>): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${base}${pathOf(i)}`, { agent, headers: headersOf(i) }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  return statuses;
}

t.test('10,000 distinct junk paths without credentials leave /metrics bounded', async (t) => {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(tokenFile, 'tok-admin,admin,1,"system:masters"\n');
  const server = new GenericAPIServer({ ...quiet, authentication: { tokenAuthFile: tokenFile } });
  const ws = new WebService().path('/api/v1');
  ws.route(ws.get('/namespaces/{namespace}/configmaps').to((_req, res) => res.writeAsJson({ kind: 'ConfigMapList' })));
  server.handler.goRestfulContainer.add(ws);
  const [base = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  const admin = { authorization: 'Bearer tok-admin' };

  t.equal((await fetchText(`${base}/api/v1/namespaces/default/configmaps`, { headers: admin })).status, 200);
  const before = Buffer.byteLength((await fetchText(`${base}/metrics`)).body);
  // Anonymous requests to paths go-restful owns (no route), to paths nothing serves, and with a bad token (401).
  const kinds = [
    (i: number) => `/api/v${i}x/r${i}/n?dryRun=d${i}`,
    (i: number) => `/apis/g${i}.example.com/v${i}/namespaces/n${i}/r${i}/x/s${i}?dryRun=All&dryRun=d${i}`,
    (i: number) => `/j${i}/%${i.toString(16)}zz?dryRun=All`,
  ];
  const statuses = await flood(
    base,
    10_000,
    (i) => (kinds[i % 3] as (i: number) => string)(i),
    (i): Record<string, string> => (i % 5 === 0 ? { authorization: `Bearer junk-${i}` } : {}),
  );
  t.same([...statuses.keys()].sort(), [401, 404], 'each junk request answered 401 or 404');
  const metrics = (await fetchText(`${base}/metrics`)).body;
  const after = Buffer.byteLength(metrics);
  t.comment(`/metrics: ${before} bytes before, ${after} bytes after 10,000 junk requests`);
  t.ok(after < before + 16_384, `/metrics grew by ${after - before} bytes`);
  t.notMatch(metrics, /resource="r\d|group="g\d|dry_run="d\d|version="v\d+x/);
  for (const [code, verb, dryRun] of [['401', 'GET', 'invalid'], ['401', 'GET', 'All'], ['404', 'GET', 'All'], ['404', 'GET', 'invalid']] as const) {
    t.match(metrics, `apiserver_request_total{verb="${verb}",dry_run="${dryRun}",group="",version="",resource="",subresource="",scope="",component="apiserver",code="${code}"}`);
  }
  t.match(
    metrics,
    'apiserver_request_total{verb="LIST",dry_run="",group="",version="v1",resource="configmaps",subresource="",scope="namespace",component="apiserver",code="200"} 1\n',
    'a served request keeps its API labels',
  );
});

t.test('the series cap drops further series and counts the dropped observations', async (t) => {
  const metrics = new RequestMetrics({ maxSeries: 3 });
  const request = (url: string) => ({ method: 'GET', url, headers: {} }) as never;
  for (const resource of ['a', 'b', 'c', 'd', 'e']) metrics.observe(request('/x'), { ...podsInfo, resource }, 200, 0.01);
  metrics.observe(request('/x'), { ...podsInfo, resource: 'a' }, 200, 0.01);
  metrics.observe(request('/x'), { ...podsInfo, resource: 'a' }, 500, 0.01);
  const text = await metrics.text();
  t.match(text, /resource="a",subresource="",scope="namespace",component="apiserver",code="200"\} 2\n/, 'an existing series still counts');
  t.notMatch(text, /resource="[de]"/);
  t.equal(text.match(/^apiserver_request_total\{/gm)?.length, 3);
  t.equal(text.match(/^apiserver_request_duration_seconds_count\{/gm)?.length, 3);
  // d and e: counter and histogram each (4); a's 500: the counter's fourth series (1).
  t.match(text, '# TYPE apiserver_request_metrics_dropped_total counter\napiserver_request_metrics_dropped_total 5\n');
});

t.test('unrouted requests share the placeholder series of their verb and dry run', async (t) => {
  const metrics = new RequestMetrics();
  for (let i = 0; i < 50; i++) {
    metrics.observe({ method: 'GET', url: `/api/v1/r${i}?dryRun=All`, headers: {} } as never, { ...podsInfo, resource: `r${i}` }, 404, 0.01, false);
  }
  const text = await metrics.text();
  t.match(text, 'apiserver_request_total{verb="LIST",dry_run="All",group="",version="",resource="",subresource="",scope="",component="apiserver",code="404"} 50\n');
  t.equal(text.match(/^apiserver_request_total\{/gm)?.length, 1);
});

t.test('cleanDryRun: only "", All or invalid, as upstream', async (t) => {
  const cases: [string, string][] = [
    ['/api/v1/pods', ''],
    ['/api/v1/pods?limit=1', ''],
    ['/api/v1/pods?dryRun=All', 'All'],
    ['/api/v1/pods?dryRun=All&dryRun=All', 'All'],
    ['/api/v1/pods?dryRun=all', 'invalid'],
    ['/api/v1/pods?dryRun=', 'invalid'],
    ['/api/v1/pods?dryRun=All&dryRun=x', 'invalid'],
    ['/api/v1/pods?dryRunX=1', ''],
    ['/api/v1/dryRun/pods', ''],
    ['/api/v1/pods?dryRun=%zz', 'invalid'],
  ];
  for (const [url, want] of cases) t.equal(cleanDryRun(url), want, url);
});

t.test('cleanVerb: upstream valid request methods, everything else "other"', async (t) => {
  const nonResource: RequestInfo = { ...podsInfo, isResourceRequest: false, verb: 'get', resource: '', parts: [] };
  const verb = (method: string, info: RequestInfo, contentType?: string): string =>
    cleanVerb({ method, headers: contentType === undefined ? {} : { 'content-type': contentType } } as never, info);
  t.equal(verb('GET', podsInfo), 'LIST');
  t.equal(verb('HEAD', { ...podsInfo, verb: 'get' }), 'GET');
  t.equal(verb('PATCH', { ...podsInfo, verb: 'patch' }, 'application/apply-patch+yaml'), 'APPLY');
  t.equal(verb('GET', nonResource), 'GET');
  t.equal(verb('HEAD', nonResource), 'GET');
  t.equal(verb('POST', nonResource), 'POST');
  for (const method of ['OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE', 'SEARCH', 'TRACE']) t.equal(verb(method, nonResource), 'other', method);
  t.equal(verb('PROPFIND', { ...podsInfo, verb: 'propfind' }), 'other');
});
