// End-to-end cost of @apiserver/restful on the Kubernetes-shaped table (bench/data):
//  (a) Container.dispatch per request with fake req/res objects (selection, path params,
//      Request/Response, handler writing a JSON body, end) vs find-my-way lookup + the
//      same handler work, over the 2,000-request mix;
//  (b) autocannon req/s on loopback: a restful server with the whole table vs bare
//      node:http vs fastify with one route, all answering the same 414-byte JSON.
//      Each server runs alone in a child process; rounds are interleaved.
// Run: `npx tsc -b packages/restful && node bench/restful-http.mjs`
//      (RESTFUL_HTTP_SECONDS, RESTFUL_HTTP_ROUNDS, RESTFUL_DISPATCH_ROUNDS tune it).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Container, WebService } from '@apiserver/restful';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import FindMyWay from 'find-my-way';
import { median, printTable, writeResults } from './lib/results.mjs';

const here = fileURLToPath(import.meta.url);
/** The route table and request mix, copied into the repository (bench/data/README.md says from where). */
const benchData = join(dirname(here), 'data');
const readJson = (name) => JSON.parse(readFileSync(join(benchData, name), 'utf8'));
const SECONDS = Number(process.env.RESTFUL_HTTP_SECONDS ?? 5);
const HTTP_ROUNDS = Number(process.env.RESTFUL_HTTP_ROUNDS ?? 2);
const DISPATCH_ROUNDS = Number(process.env.RESTFUL_DISPATCH_ROUNDS ?? 15);
const CONNECTIONS = 50;
const POD_PATH = '/api/v1/namespaces/default/pods/web-7f9c4-abcde';

/** A pod-like JSON body of exactly 414 bytes, the same for every server. */
function podBody() {
  const pod = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'web-7f9c4-abcde', namespace: 'default', uid: '0b5a7c2e-3f1d-4b8e-9a6c-2d4e6f8a0b1c', resourceVersion: '123456', labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] }, status: { phase: 'Running', podIP: '10.0.0.7' }, pad: '' };
  pod.pad = 'x'.repeat(414 - Buffer.byteLength(JSON.stringify(pod)));
  return Buffer.from(JSON.stringify(pod));
}
const BODY = podBody();

/** WebServices for the table; each route's handler records its id and writes BODY. */
function buildContainer(table, seen) {
  const container = new Container();
  for (const spec of table.webServices) {
    const ws = new WebService().path(spec.root);
    if (spec.consumes) ws.consumes(...spec.consumes);
    if (spec.produces) ws.produces(...spec.produces);
    for (const route of table.routes.filter((r) => r.ws === spec.root)) {
      const id = route.id;
      const builder = ws.method(route.method).path(route.subPath).to((_req, resp) => {
        seen.id = id;
        resp.header().set('Content-Type', 'application/json');
        resp.write(BODY);
      });
      if (route.consumes) builder.consumes(...route.consumes);
      if (route.produces) builder.produces(...route.produces);
      ws.route(builder);
    }
    container.add(ws);
  }
  return container;
}

/** The parts of ServerResponse the container and find-my-way handlers use. */
class FakeResponse {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  #headers = new Map();
  bytes = 0;
  getHeader(name) { return this.#headers.get(name.toLowerCase()); }
  setHeader(name, value) { this.#headers.set(name.toLowerCase(), value); return this; }
  hasHeader(name) { return this.#headers.has(name.toLowerCase()); }
  removeHeader(name) { this.#headers.delete(name.toLowerCase()); }
  writeHead(status) { this.statusCode = status; this.headersSent = true; return this; }
  write(chunk) { this.bytes += chunk.length; return true; }
  end(chunk) { if (chunk) this.bytes += chunk.length; this.writableEnded = true; return this; }
  destroy() { this.writableEnded = true; }
}

function requestHeaders(method) {
  const headers = { accept: 'application/json', 'user-agent': 'bench' };
  if (method === 'PATCH') headers['content-type'] = 'application/merge-patch+json';
  else if (method === 'POST' || method === 'PUT') headers['content-type'] = 'application/json';
  return headers;
}

const gcNow = (() => {
  setFlagsFromString('--expose-gc');
  return globalThis.gc ?? runInNewContext('gc');
})();

async function benchDispatch() {
  const table = readJson('k8s-routes.json');
  const requests = readJson('k8s-requests.json').requests;
  const seen = { id: -1 };
  const container = buildContainer(table, seen);
  const reqs = requests.map((r) => ({ method: r.method, url: r.path, headers: requestHeaders(r.method) }));
  const fmw = FindMyWay({ ignoreTrailingSlash: true });
  const toFmw = (path) => path.replace(/\{([^}:]+):\*\}/g, '*').replace(/\{([^}:]+)\}/g, ':$1');
  for (const route of table.routes) {
    const id = route.id;
    try {
      fmw.on(route.method, toFmw(route.path), (_req, res, params) => {
        seen.id = id;
        if (params === null) return;
        res.setHeader('content-type', 'application/json');
        res.setHeader('content-length', BODY.length);
        res.writeHead(200);
        res.end(BODY);
      });
    } catch {
      // duplicate method + path: the first registration wins, as in go-restful's ordering
    }
  }
  let correct = 0;
  for (let i = 0; i < reqs.length; i++) {
    seen.id = -1;
    const res = new FakeResponse();
    await container.dispatch(reqs[i], res);
    const want = requests[i].route ?? (requests[i].kind === 'miss-405' ? -405 : -404);
    const got = res.statusCode >= 400 ? -res.statusCode : seen.id;
    if (got === want) correct++;
  }
  const contenders = [
    ['find-my-way 9 lookup + handler', async () => {
      for (const r of reqs) {
        const res = new FakeResponse();
        const found = fmw.find(r.method, r.url);
        if (found === null) { res.writeHead(404); res.end('404 page not found'); }
        else found.handler(r, res, found.params);
      }
    }],
    ['@apiserver/restful Container.dispatch', async () => {
      for (const r of reqs) await container.dispatch(r, new FakeResponse());
    }],
  ];
  const samples = new Map(contenders.map(([name]) => [name, []]));
  for (const [, run] of contenders) await run();
  for (let round = 0; round < DISPATCH_ROUNDS; round++) {
    for (const [name, run] of contenders) {
      gcNow();
      const start = process.hrtime.bigint();
      await run();
      samples.get(name).push(Number(process.hrtime.bigint() - start) / reqs.length);
    }
  }
  return {
    table: {
      title: `dispatch per request, k8s-routes.json (${table.routes.length} routes), ${reqs.length}-request mix, fake req/res`,
      unit: 'ns per request (median of rounds)',
      baseline: 'find-my-way 9 lookup + handler',
      better: 'lower',
      rows: contenders.map(([name]) => ({ name, value: median(samples.get(name)) })),
    },
    note: `Container.dispatch routed ${correct}/${reqs.length} requests of the mix to the expected route or 404/405`,
  };
}

/** Child-process mode: serve one kind and print the port. */
async function serve(kind) {
  let listen;
  if (kind === 'fastify') {
    const app = Fastify();
    app.get('/api/v1/namespaces/:namespace/pods/:name', (_req, reply) => {
      reply.header('content-type', 'application/json').send(BODY);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send({ port: app.server.address().port });
    return;
  }
  if (kind === 'node') {
    // setHeader + writeHead(status) measured faster on Node 20 than writeHead(status, headersObject).
    listen = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', BODY.length);
      res.writeHead(200);
      res.end(BODY);
    });
  } else {
    listen = createServer(buildContainer(readJson('k8s-routes.json'), { id: -1 }).handler());
  }
  listen.listen(0, '127.0.0.1', () => process.send({ port: listen.address().port }));
}

async function runServer(kind) {
  const child = fork(here, [`--serve=${kind}`], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  try {
    // A short warm-up lets the server's JIT settle before the measured run.
    await autocannon({ url: `http://127.0.0.1:${port}${POD_PATH}`, connections: CONNECTIONS, duration: 1 });
    const result = await autocannon({ url: `http://127.0.0.1:${port}${POD_PATH}`, connections: CONNECTIONS, duration: SECONDS, headers: { accept: 'application/json' } });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  } finally {
    child.kill();
  }
}

async function benchHttp() {
  const kinds = [['node:http bare', 'node'], ['@apiserver/restful (650-route table)', 'restful'], ['fastify 5 (one route)', 'fastify']];
  const samples = new Map(kinds.map(([name]) => [name, []]));
  for (let round = 0; round < HTTP_ROUNDS; round++) {
    for (const [name, kind] of kinds) samples.get(name).push(await runServer(kind));
  }
  return {
    title: `HTTP on loopback, GET ${POD_PATH} (414-byte JSON), autocannon ${CONNECTIONS} connections x ${SECONDS} s`,
    unit: 'requests/s (median of rounds)',
    baseline: 'node:http bare',
    better: 'higher',
    rows: kinds.map(([name]) => ({ name, value: median(samples.get(name)) })),
  };
}

const serveArg = process.argv.find((a) => a.startsWith('--serve='));
if (serveArg !== undefined) {
  await serve(serveArg.slice('--serve='.length));
} else {
  const withRatios = (table) => {
    const base = table.rows.find((r) => r.name === table.baseline);
    for (const row of table.rows) row.ratio = row.value / base.value;
    return table;
  };
  const dispatch = await benchDispatch();
  printTable(withRatios(dispatch.table));
  console.log(`  ${dispatch.note}`);
  const http = withRatios(await benchHttp());
  printTable(http);
  const file = writeResults('restful-http', {
    title: 'restful end to end: Container.dispatch and HTTP throughput',
    command: 'npx tsc -b packages/restful && node bench/restful-http.mjs',
    tables: [dispatch.table, http],
    notes: [
      dispatch.note,
      'Dispatch: one pass = every request of the mix through Container.dispatch with fake IncomingMessage/ServerResponse objects; the handler sets Content-Type and writes the 414-byte body. find-my-way does lookup + the same handler work.',
      `HTTP: each server runs alone in a child process while autocannon runs in the parent (2-core machine); ${HTTP_ROUNDS} interleaved rounds.`,
    ],
  });
  console.log(`\nwrote ${file}`);
}
