// Before/after CPU per request of the handler chain on a noisy machine: this checkout's full stack
// (lib/full-server.mjs) and an earlier build's (SERVER_BENCH_BASELINE_ROOT, as bench/server.mjs takes it) run in
// one process, served one request at a time per connection as GenericAPIServer.listen serves them
// (sequentialRequests), through in-memory sockets (no kernel, no second process), alternating round by round for
// `/healthz` and the GET of bench/server.mjs; a third server, bare node:http answering `ok`, gives the floor.
// Both stacks share the process's load and garbage collector, so the per-round ratio tells more than either
// figure. Run: `SERVER_BENCH_BASELINE_ROOT=/path/to/built/checkout node bench/tools/inprocess-ab.mjs [requests] [rounds]`
// (after `npx tsc -b`); without a baseline only this checkout and bare node:http run.
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configMap, newFullServer } from '../lib/full-server.mjs';
import { connectInMemory, cpuPerGet } from '../lib/in-memory-http.mjs';

const REQUESTS = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 10);
const CONCURRENCY = 50;
const BASELINE_ROOT = process.env.SERVER_BENCH_BASELINE_ROOT;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PATHS = { healthz: '/healthz', get: '/api/v1/namespaces/default/configmaps/app-config' };

/** The full stack of `root` (undefined: this checkout) behind its own sequential serving, with the GET object created. */
async function fullStack(root) {
  const server = await newFullServer(root);
  const { sequentialRequests } = await import(pathToFileURL(join(root ?? ROOT, 'packages/server/dist/server/sequential-requests.js')).href);
  const http = createServer(sequentialRequests(server.requestListener));
  const body = JSON.stringify(configMap('app-config', 'default'));
  await new Promise((resolve) => {
    const client = connectInMemory(http);
    client.on('data', () => resolve());
    client.write(Buffer.from(`POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  });
  return http;
}

const servers = { current: await fullStack(undefined) };
if (BASELINE_ROOT !== undefined) servers.baseline = await fullStack(BASELINE_ROOT);
const bare = createServer((_req, res) => {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', 2);
  res.end('ok');
});
const results = new Map();
const add = (key, value) => results.set(key, [...(results.get(key) ?? []), value]);
for (const path of Object.values(PATHS)) for (const server of Object.values(servers)) await cpuPerGet(server, path, REQUESTS, CONCURRENCY);
await cpuPerGet(bare, '/', REQUESTS, CONCURRENCY);
for (let r = 0; r < ROUNDS; r++) {
  for (const [what, path] of Object.entries(PATHS)) for (const [name, server] of Object.entries(servers)) add(`${what} ${name}`, await cpuPerGet(server, path, REQUESTS, CONCURRENCY));
  add('bare node:http', await cpuPerGet(bare, '/', REQUESTS, CONCURRENCY));
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(`CPU per request, ${ROUNDS} rounds of ${REQUESTS} requests:`);
for (const [key, values] of results) console.log(`  ${key.padEnd(18)} min ${Math.min(...values).toFixed(1)} µs, median ${median(values).toFixed(1)} µs`);
if (servers.baseline !== undefined) {
  for (const what of Object.keys(PATHS)) {
    const current = results.get(`${what} current`);
    const ratios = results.get(`${what} baseline`).map((b, i) => current[i] / b);
    console.log(`  ${what}: current / baseline per round, median ${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)})`);
  }
}
process.exit(0);
