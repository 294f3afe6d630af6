// Route selection micro-benchmark: median ns per selection over the Kubernetes-shaped
// request mix (bench/data), for @apiserver/restful's CurlyRouter (compiled), the
// reference (straightforward) curly port, RouterJSR311, find-my-way 9 and a naive
// path-to-regexp 8 linear matcher. One process, interleaved rounds, ratios vs
// find-my-way. Also checks that CurlyRouter selects the expected route for every
// request of the mix. Run: `npx tsc -b packages/restful && node bench/router.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CurlyRouter, ReferenceCurlyRouter, RouterJSR311, ServiceError, WebService } from '@apiserver/restful';
import FindMyWay from 'find-my-way';
import { match } from 'path-to-regexp';
import { median, printTable, writeResults } from './lib/results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** The route table and request mix, copied into the repository (bench/data/README.md says from where). */
const benchData = join(here, 'data');
const ROUNDS = Number(process.env.ROUTER_BENCH_ROUNDS ?? 20);
/**
 * Process CPU time (user + system) in ns: on a shared 2-core machine wall time mostly
 * measures the other tenants; CPU time (µs resolution, passes of ~1–50 ms) does not.
 */
function cpuNanos() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1000;
}
const readJson = (name) => JSON.parse(readFileSync(join(benchData, name), 'utf8'));

/** PATCH routes consume patch types only: a Kubernetes client sends one (see k8s-table.ts in the tests). */
const headersFor = (method) => (method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {});

function buildWebServices(table) {
  const handler = () => {};
  return table.webServices.map((spec) => {
    const ws = new WebService().path(spec.root);
    if (spec.consumes) ws.consumes(...spec.consumes);
    if (spec.produces) ws.produces(...spec.produces);
    for (const route of table.routes.filter((r) => r.ws === spec.root)) {
      const builder = ws.method(route.method).path(route.subPath).to(handler).operation(String(route.id));
      if (route.consumes) builder.consumes(...route.consumes);
      if (route.produces) builder.produces(...route.produces);
      ws.route(builder);
    }
    return ws;
  });
}

/** `{x}` → `:x`, `{x:*}` → `*` (find-my-way) or `*x` (path-to-regexp). */
const toFindMyWay = (path) => path.replace(/\{([^}:]+):\*\}/g, '*').replace(/\{([^}:]+)\}/g, ':$1');
const toPathToRegexp = (path) => path.replace(/\{([^}:]+):\*\}/g, '*$1').replace(/\{([^}:]+)\}/g, ':$1');

function buildFindMyWay(table) {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const route of table.routes) {
    try {
      router.on(route.method, toFindMyWay(route.path), () => {}, { id: route.id });
    } catch {
      // find-my-way rejects a second registration of the same method + path; the first wins anyway.
    }
  }
  return router;
}

function buildLinear(table) {
  return table.routes.map((route) => ({ id: route.id, method: route.method, match: match(toPathToRegexp(route.path)) }));
}

function selectOurs(router, services, req) {
  try {
    return Number(router.selectRoute(services, req).route.operation);
  } catch (error) {
    if (error instanceof ServiceError) return -error.code;
    throw error;
  }
}

function benchTable(routesFile, requestsFile) {
  const table = readJson(routesFile);
  const requests = readJson(requestsFile).requests;
  const services = buildWebServices(table);
  const reqs = requests.map((r) => ({ method: r.method, path: r.path, headers: headersFor(r.method) }));
  const curly = new CurlyRouter();
  const reference = new ReferenceCurlyRouter();
  const jsr311 = new RouterJSR311();
  const fmw = buildFindMyWay(table);
  const linear = buildLinear(table);

  let correct = 0;
  for (let i = 0; i < requests.length; i++) {
    const want = requests[i].route ?? (requests[i].kind === 'miss-405' ? -405 : -404);
    if (selectOurs(curly, services, reqs[i]) === want) correct++;
  }

  // find-my-way must answer the same requests: the expected id, or nothing for a 404/405.
  let fmwCorrect = 0;
  for (let i = 0; i < requests.length; i++) {
    const found = fmw.find(reqs[i].method, reqs[i].path);
    if ((found === null ? null : found.store.id) === requests[i].route) fmwCorrect++;
  }

  let sink = 0;
  const contenders = [
    ['find-my-way 9 find(method, path)', () => { for (const r of reqs) sink += fmw.find(r.method, r.path) === null ? 0 : 1; }],
    ['@apiserver/restful CurlyRouter', () => { for (const r of reqs) sink += selectOurs(curly, services, r); }],
    ['reference curly port', () => { for (const r of reqs) sink += selectOurs(reference, services, r); }],
    ['@apiserver/restful RouterJSR311', () => { for (const r of reqs) sink += selectOurs(jsr311, services, r); }],
    ['path-to-regexp 8 linear (method first)', () => {
      for (const r of reqs) {
        for (const route of linear) {
          if (route.method === r.method && route.match(r.path)) { sink += route.id; break; }
        }
      }
    }],
  ];
  // ROUTER_BENCH_ONLY=name1,name2 (substrings) restricts the contenders, for profiling.
  const only = process.env.ROUTER_BENCH_ONLY?.split(',');
  if (only !== undefined) contenders.splice(0, contenders.length, ...contenders.filter(([name]) => only.some((o) => name.includes(o))));
  const samples = new Map(contenders.map(([name]) => [name, []]));
  for (const [, run] of contenders) run(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order every round: whoever runs after a cache-thrashing contender pays for it.
    for (let k = 0; k < contenders.length; k++) {
      const [name, run] = contenders[(round + k) % contenders.length];
      const start = cpuNanos();
      run();
      samples.get(name).push((cpuNanos() - start) / reqs.length);
    }
  }
  if (sink === 0.5) console.log(sink);
  const rows = contenders.map(([name]) => ({ name, value: median(samples.get(name)), best: Math.min(...samples.get(name)) }));
  // The best (least disturbed) round too: on a loaded machine the median carries other tenants' noise.
  const bestBase = rows.find((row) => row.name.startsWith('find-my-way'))?.best;
  for (const row of rows) row.note = `best round ${Math.round(row.best)} ns${bestBase ? ` (${(row.best / bestBase).toFixed(2)}x)` : ''}`;
  return {
    title: `route selection, ${routesFile} (${table.routes.length} routes, ${services.length} WebServices), ${reqs.length}-request mix`,
    unit: 'CPU ns per selection (median of rounds)',
    baseline: 'find-my-way 9 find(method, path)',
    better: 'lower',
    rows,
    correct,
    fmwCorrect,
    total: requests.length,
  };
}

const tables = [benchTable('k8s-routes.json', 'k8s-requests.json'), benchTable('k8s-routes-large.json', 'k8s-requests-large.json')];
const notes = [];
for (const table of tables) {
  const base = table.rows.find((r) => r.name === table.baseline);
  for (const row of table.rows) row.ratio = row.value / base.value;
  printTable(table);
  const line = `${table.title}: CurlyRouter selected the expected route for ${table.correct}/${table.total} requests; find-my-way found the expected id (or nothing) for ${table.fmwCorrect}/${table.total}`;
  console.log(`  ${line}`);
  notes.push(line);
  delete table.correct;
  delete table.fmwCorrect;
  delete table.total;
}
notes.push('PATCH requests carry Content-Type application/merge-patch+json (go-restful answers 415 without one); find-my-way and path-to-regexp only match method + path.');
notes.push(`${ROUNDS} interleaved rounds (order rotated each round), each a pass over the whole mix timed in process CPU time; selection errors (404/405) are thrown ServiceErrors.`);
const file = writeResults('router', { title: 'Route selection (CurlyRouter vs find-my-way)', command: 'npx tsc -b packages/restful && node bench/router.mjs', tables, notes });
console.log(`\nwrote ${file}`);
if (tables.some((t) => t.rows.length === 0)) process.exitCode = 1;
