// CPU per request of the server benchmark's GET without the load generator: requests are written into node:http
// servers through in-memory sockets (no kernel, no second process), alternating between the full stack
// (lib/full-server.mjs), a bare node:http handler answering with the same bytes, and node:http that encodes the
// object with JSON.stringify on every request and does nothing else (bench/server.mjs's reference row), so that
// JavaScript costs can be compared run to run on a noisy machine. Run: `node bench/tools/inprocess-get.mjs [requests] [rounds]`
// (after `npx tsc -b`); add `--cpu-prof` to profile it.
import { createServer } from 'node:http';
import { newFullServer } from '../lib/full-server.mjs';
import { connectInMemory, cpuPerGet } from '../lib/in-memory-http.mjs';

const REQUESTS = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONCURRENCY = 50;
const PATH = '/api/v1/namespaces/default/configmaps/app-config';

const REQUEST = Buffer.from(`GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`);

// SERVER_BENCH_BASELINE_ROOT measures an earlier build instead (see bench/server.mjs).
const full = await newFullServer(process.env.SERVER_BENCH_BASELINE_ROOT);
const fullHttp = createServer(full.requestListener);
// The objects the benchmark serves, created through the full stack itself.
await new Promise((resolve) => {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config', namespace: 'default', labels: { app: 'web', tier: 'frontend' } }, data: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`key-${i}.properties`, `setting.${i}=${'v'.repeat(100)}\n`])) });
  const client = connectInMemory(fullHttp);
  client.on('data', () => resolve());
  client.write(Buffer.from(`POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
});
// The bare server answers with the full stack's bytes and headers.
const sample = await new Promise((resolve) => {
  const client = connectInMemory(fullHttp);
  let text = '';
  client.on('data', (c) => {
    text += c.toString('latin1');
    const head = text.indexOf('\r\n\r\n');
    if (head !== -1 && text.length >= head + 4 + Number(/content-length: (\d+)/i.exec(text)?.[1])) resolve(text);
  });
  client.write(REQUEST);
});
const head = sample.indexOf('\r\n\r\n');
const body = Buffer.from(sample.slice(head + 4), 'latin1');
const headers = sample.slice(0, head).split('\r\n').slice(1).map((l) => l.split(': ')).filter(([n]) => !['date', 'connection', 'keep-alive'].includes(n.toLowerCase()));
const bareHttp = createServer((_req, res) => {
  for (const [n, v] of headers) res.setHeader(n, v);
  res.writeHead(200);
  res.end(body);
});
const object = JSON.parse(body.toString('utf8'));
const encodeHttp = createServer((_req, res) => {
  for (const [n, v] of headers) res.setHeader(n, v);
  res.writeHead(200);
  res.end(Buffer.from(`${JSON.stringify(object)}\n`));
});

const servers = { bare: bareHttp, encode: encodeHttp, full: fullHttp };
const results = { bare: [], encode: [], full: [] };
for (const server of Object.values(servers)) await cpuPerGet(server, PATH, REQUESTS, CONCURRENCY);
for (let r = 0; r < ROUNDS; r++) for (const [name, server] of Object.entries(servers)) results[name].push(await cpuPerGet(server, PATH, REQUESTS, CONCURRENCY));
const min = (a) => Math.min(...a);
const bare = min(results.bare);
const line = (name) => `${name} ${min(results[name]).toFixed(1)} µs (${(bare / min(results[name])).toFixed(2)}x)`;
console.log(`CPU per request, min of ${ROUNDS} rounds of ${REQUESTS}: bare ${bare.toFixed(1)} µs, ${line('encode')} [JSON.stringify per request], ${line('full')}`);
process.exit(0);
