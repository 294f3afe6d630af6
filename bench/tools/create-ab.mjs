// Interleaved A/B of the CREATE path in one process: the full stack of bench/lib/full-server.mjs built from this
// tree and from $SERVER_BENCH_BASELINE_ROOT (required: a built checkout), each POSTed
// batches of new ~1 KiB ConfigMaps in turn over keep-alive connections, so that load from other processes
// falls on both alike. Prints process CPU per POST (server and client together: the client's share is the same
// for both) for each side: the lowest and the median batch.
// Run: `node bench/tools/create-ab.mjs [batches] [posts per batch]` (after `npx tsc -b`).
import { Agent, request } from 'node:http';
import { configMap, newFullServer } from '../lib/full-server.mjs';

const batches = Number(process.argv[2] ?? 20);
const perBatch = Number(process.argv[3] ?? 400);
const inFlight = 8;
const baselineRoot = process.env.SERVER_BENCH_BASELINE_ROOT;
if (baselineRoot === undefined) {
  console.error('create-ab: set SERVER_BENCH_BASELINE_ROOT to a built checkout of the commit to compare with');
  process.exit(2);
}

const agent = new Agent({ keepAlive: true, maxSockets: inFlight });

function post(port, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/namespaces/create/configmaps', agent, headers: { 'content-type': 'application/json', accept: 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function batch(port, prefix) {
  let next = 0;
  const bodies = Array.from({ length: perBatch }, (_, i) => JSON.stringify(configMap(`${prefix}-${i}`, 'create')));
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < perBatch) await post(port, bodies[next++]);
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / perBatch;
}

async function portOf(root) {
  const server = await newFullServer(root);
  const [url] = await server.listen({ port: 0 });
  return Number(new URL(url).port);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sides = [
  { name: 'this tree', port: await portOf(undefined), cpu: [] },
  { name: `baseline (${baselineRoot})`, port: await portOf(baselineRoot), cpu: [] },
];
// A warm-up batch each, not counted.
for (const side of sides) await batch(side.port, 'warm');
for (let b = 0; b < batches; b++) {
  const order = b % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) side.cpu.push(await batch(side.port, `b${b}`));
}
// Interference from other processes only adds CPU time (cache and core sharing), so the lowest batch is the
// steadier figure on a loaded machine; the median is printed beside it.
const lowest = (xs) => Math.min(...xs);
for (const side of sides) {
  console.log(`${side.name.padEnd(32)} ${lowest(side.cpu).toFixed(1)} µs CPU per POST lowest, ${median(side.cpu).toFixed(1)} median (${batches} batches of ${perBatch})`);
}
console.log(`ratio this/baseline: lowest ${(lowest(sides[0].cpu) / lowest(sides[1].cpu)).toFixed(3)}, median ${(median(sides[0].cpu) / median(sides[1].cpu)).toFixed(3)}`);
process.exit(0);
