// Request-metrics filter micro-benchmark (issue 19): µs per request through `RequestMetrics.filter` (start time,
// the shared 'close' listener, label resolution and recording), for a repeated API request and for distinct junk
// paths, with fake request/response objects made before the clock starts so that only the filter is timed. Also prints the /metrics size after
// the junk run. Run: `npx tsc -b packages/server && node bench/request-metrics.mjs`.
import { EventEmitter } from 'node:events';
import { RequestInfoFactory, RequestMetrics, withRequestInfoValue, withUserValue } from '@apiserver/server';

const N = Number(process.env.METRICS_BENCH_REQUESTS ?? 20_000);
const ROUNDS = 11;
const user = { name: 'admin', uid: '', groups: ['system:masters'], extra: {} };

function run(metrics, factory, urlOf, authenticated) {
  const served = (_request, response) => {
    response.statusCode = 200;
  };
  const filter = metrics.filter(served);
  const requests = [];
  for (let i = 0; i < N; i++) {
    const request = { method: 'GET', url: urlOf(i), headers: {} };
    withRequestInfoValue(request, factory.newRequestInfo(request));
    if (authenticated) withUserValue(request, user);
    requests.push([request, new EventEmitter()]);
  }
  const started = process.hrtime.bigint();
  for (const [request, response] of requests) {
    filter(request, response);
    response.emit('close');
  }
  return Number(process.hrtime.bigint() - started) / 1e3 / N;
}

const cases = {
  'GET one namespace list (routed)': [(_i) => '/api/v1/namespaces/default/configmaps?limit=500', true],
  'distinct junk paths (unauthenticated)': [(i) => `/api/v${i}x/r${i}/n?dryRun=d${i}`, false],
};
for (const [name, [urlOf, authenticated]] of Object.entries(cases)) {
  const results = [];
  let metrics;
  for (let r = 0; r < ROUNDS; r++) {
    metrics = new RequestMetrics();
    results.push(run(metrics, new RequestInfoFactory(), urlOf, authenticated));
  }
  results.sort((a, b) => a - b);
  const size = Buffer.byteLength(await metrics.text());
  console.log(`${name}: ${results[Math.floor(ROUNDS / 2)].toFixed(3)} µs/request (median of ${ROUNDS} × ${N}); /metrics ${size} bytes`);
}
