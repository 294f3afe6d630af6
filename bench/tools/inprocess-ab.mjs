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
import { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configMap, newFullServer } from '../lib/full-server.mjs';

const REQUESTS = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 10);
const CONCURRENCY = 50;
const BASELINE_ROOT = process.env.SERVER_BENCH_BASELINE_ROOT;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PATHS = { healthz: '/healthz', get: '/api/v1/namespaces/default/configmaps/app-config' };

/** A client/server pair of in-memory sockets; the server side is handed to `server` as a connection. */
function connect(server) {
  let toServer;
  let toClient;
  const client = new Duplex({ read() {}, write(chunk, _enc, cb) { toServer.push(chunk); cb(); } });
  const socket = new Duplex({ read() {}, write(chunk, _enc, cb) { toClient.push(chunk); cb(); }, writev(chunks, cb) { for (const c of chunks) toClient.push(c.chunk); cb(); } });
  toServer = socket;
  toClient = client;
  Object.assign(socket, { remoteAddress: '127.0.0.1', remotePort: 1, localAddress: '127.0.0.1', localPort: 2, encrypted: false, setTimeout() { return this; }, setNoDelay() { return this; }, setKeepAlive() { return this; }, destroySoon() { this.destroy(); } });
  server.emit('connection', socket);
  return client;
}

/** Sends `n` GETs of `path` over CONCURRENCY connections, one in flight each; resolves when all were answered 200. */
function drive(server, path, n) {
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = 0;
    for (let c = 0; c < CONCURRENCY; c++) {
      const client = connect(server);
      let pending = '';
      const next = () => {
        if (sent >= n) return;
        sent++;
        client.write(request);
      };
      client.on('data', (chunk) => {
        pending += chunk.toString('latin1');
        for (;;) {
          const head = pending.indexOf('\r\n\r\n');
          if (head === -1) return;
          const length = Number(/content-length: (\d+)/i.exec(pending.slice(0, head))?.[1] ?? 0);
          if (pending.length < head + 4 + length) return;
          if (!pending.startsWith('HTTP/1.1 200')) return reject(new Error(pending.slice(0, 300)));
          pending = pending.slice(head + 4 + length);
          if (++done === n) resolve();
          else next();
        }
      });
      next();
    }
  });
}

async function cpuPerRequest(server, path) {
  const before = process.cpuUsage();
  await drive(server, path, REQUESTS);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

/** The full stack of `root` (undefined: this checkout) behind its own sequential serving, with the GET object created. */
async function fullStack(root) {
  const server = await newFullServer(root);
  const { sequentialRequests } = await import(pathToFileURL(join(root ?? ROOT, 'packages/server/dist/server/sequential-requests.js')).href);
  const http = createServer(sequentialRequests(server.requestListener));
  const body = JSON.stringify(configMap('app-config', 'default'));
  await new Promise((resolve) => {
    const client = connect(http);
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
for (const path of Object.values(PATHS)) for (const server of Object.values(servers)) await cpuPerRequest(server, path);
await cpuPerRequest(bare, '/');
for (let r = 0; r < ROUNDS; r++) {
  for (const [what, path] of Object.entries(PATHS)) for (const [name, server] of Object.entries(servers)) add(`${what} ${name}`, await cpuPerRequest(server, path));
  add('bare node:http', await cpuPerRequest(bare, '/'));
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
