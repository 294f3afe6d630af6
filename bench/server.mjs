// @apiserver/server end to end (GitHub issue 6), autocannon on loopback:
//  (a) GET one ConfigMap (~1 KiB of data) through the full stack — GenericAPIServer with its default
//      handler chain (panic recovery, request info, metrics, deadline, anonymous authn, max-in-flight,
//      AlwaysAllow) and a core/v1 configmaps Store on a MemoryBackend — vs bare node:http answering
//      with the exact bytes and headers the full stack sent, and vs node:http that only encodes the
//      object with JSON.stringify on every request (the ceiling of a server that encodes per request);
//  (b) LIST of 500 ConfigMaps, the same way; and GET /healthz (the handler chain, the mux and in-memory health
//      checks: no storage, no encoding) against bare node:http answering `ok`;
//  (c) CREATE (POST) of ConfigMaps, each with a new name: req/s and p99;
//  (d) startup to ready: a child process that builds the server, installs the group and listens,
//      polled on /readyz (kube-lite's CLI when it is built, else the GenericAPIServer setup here).
// Every server runs in a child process of its own while autocannon runs in the parent; the servers of a case take
// turns in short slices (see `sliced`), and each row's ratio is the median of its per-slice ratios.
// Run: `npx tsc -b packages/server packages/registry packages/storage-memory && node bench/server.mjs`
// (SERVER_BENCH_SECONDS per run, SERVER_BENCH_SLICES, SERVER_BENCH_ROUNDS, SERVER_BENCH_STARTUPS tune it; SERVER_BENCH_CASES=get,list,chain,create,startup
// picks cases, and results are written only when all run). The full stack is built in lib/full-server.mjs;
// `node bench/tools/profile-server.mjs` profiles its GET under the same load.
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { captured, configMap, fetchRaw, newFullServer, populate } from './lib/full-server.mjs';
import { median, printTable, writeResults } from './lib/results.mjs';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');
/** Seconds of one measured run (a slice of a case gives each server one run). */
const SLICE_SECONDS = Number(process.env.SERVER_BENCH_SECONDS ?? 2);
/** Measured runs of each server per case and round. */
const SLICES = Number(process.env.SERVER_BENCH_SLICES ?? 3);
const ROUNDS = Number(process.env.SERVER_BENCH_ROUNDS ?? 3);
const STARTUPS = Number(process.env.SERVER_BENCH_STARTUPS ?? 10);
const CONNECTIONS = 50;
const LIST_SIZE = 500;
const GET_PATH = '/api/v1/namespaces/default/configmaps/app-config';
const LIST_PATH = '/api/v1/namespaces/bulk/configmaps';
const CREATE_PATH = '/api/v1/namespaces/create/configmaps';
/** The chain case: a path the director's mux answers with `ok` after cheap in-memory checks (no storage, no encoding). */
const CHAIN_PATH = '/healthz';
const KUBE_LITE_MAIN = join(root, 'packages', 'kube-lite', 'bin', 'kube-lite.js');
/** The startup baseline: node:http listening in a process that imports nothing else (not this script). */
const BARE_STARTUP = join(root, 'bench', 'lib', 'bare-startup.mjs');
/**
 * A directory holding an earlier commit's packages, built (`packages/<p>/dist`, with a node_modules whose
 * `@apiserver/*` entries link to them): its full stack runs as one more contender, for before/after figures.
 */
const BASELINE_ROOT = process.env.SERVER_BENCH_BASELINE_ROOT;
const BASELINE_LABEL = process.env.SERVER_BENCH_BASELINE_LABEL ?? 'baseline';
const LOAD_AT_START = loadavg()[0] ?? 0;
/** The reference row of a server that encodes the object on every request and does nothing else. */
const ENCODE_ROW = 'node:http + JSON.stringify per request';

/** Child-process mode: serve one kind and send the port (and, for the full stack, its captured responses). */
async function serve(kind) {
  // Exit when the parent goes away (a clean exit also lets `--cpu-prof` write its profile).
  process.once('disconnect', () => process.exit(0));
  // The parent asks for the CPU time used so far, to report server CPU per request.
  process.on('message', (m) => {
    if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
  if (kind === 'full' || kind === 'baseline') {
    const server = await newFullServer(kind === 'baseline' ? BASELINE_ROOT : undefined);
    const [url] = await server.listen({ port: 0 });
    const port = Number(new URL(url).port);
    await populate(port, LIST_SIZE);
    process.send({ port, get: await captured(port, GET_PATH), list: await captured(port, LIST_PATH), chain: await captured(port, CHAIN_PATH) });
    return;
  }
  const replay = await new Promise((resolve) => process.once('message', resolve));

  const body = Buffer.from(replay.body, 'base64');
  const respond = kind === 'encode' ? encodingPerRequest(body) : () => body;
  const listen = createServer((_req, res) => {
    for (const [name, value] of replay.headers) res.setHeader(name, value);
    res.writeHead(200);
    res.end(respond());
  });
  listen.listen(0, '127.0.0.1', () => process.send({ port: listen.address().port }));
}

/**
 * The `encode` contender: node:http that encodes the captured object with JSON.stringify on every request, as any
 * server that does not keep encoded responses must, and nothing else (no handler chain, no storage, no Go field
 * order or HTML escaping: the captured body is already in that form, so one JSON.stringify writes it again).
 */
function encodingPerRequest(body) {
  const text = body.toString('utf8');
  const object = JSON.parse(text);
  const encode = () => Buffer.from(`${JSON.stringify(object)}\n`);
  if (!encode().equals(body)) throw new Error('JSON.stringify of the captured object does not give the captured bytes');
  return encode;
}

/** Starts a serving child; `replay` is the captured response a bare server answers with. */
async function startChild(kind, replay) {
  const child = fork(here, [`--serve=${kind}`], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  if (replay !== undefined) child.send(replay);
  const { port, ...captures } = await ready;
  return { child, port, ...captures };
}

/** The CPU time (user + system, µs) a serving child used so far. */
function childCpu(child) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (m?.cpu === undefined) return;
      child.off('message', onMessage);
      resolve(m.cpu.user + m.cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** autocannon against a server for 1 s, unmeasured (its JIT warms up). */
async function warmUp(server, path, options) {
  await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, connections: CONNECTIONS, ...options, duration: 1 });
}

/** One measured autocannon run of SLICE_SECONDS against a server: req/s, p99, bytes per response, server CPU per request. */
async function measure(label, server, path, options) {
  const cpuBefore = await childCpu(server.child);
  const result = await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, connections: CONNECTIONS, ...options, duration: SLICE_SECONDS });
  const cpu = (await childCpu(server.child)) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, bytesPerResponse: result.throughput.total / result.requests.total, cpuPerRequest: cpu / result.requests.total };
}

/**
 * Measures one case on running servers in SLICES slices: each contender is warmed up once, then every slice runs
 * each contender once, in an order that rotates from slice to slice. Adds each run to `samples` under
 * `<what>/<kind>` and, under the same key in `ratios`, its req/s divided by the baseline contender's (the first
 * of `contenders`) in the same slice: this machine's speed changes over seconds (bare node:http alone took 15 to
 * 29 µs of CPU per request in consecutive 3 s runs), and runs seconds apart see about the same machine.
 */
async function sliced(what, path, contenders, optionsOf, samples, ratios) {
  const add = (map, key, value) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const [kind, server] of contenders) await warmUp(server, path, optionsOf(kind, 'warm-up'));
  for (let slice = 0; slice < SLICES; slice++) {
    const order = contenders.map((_, i) => contenders[(i + slice) % contenders.length]);
    const runs = new Map();
    for (const [kind, server] of order) runs.set(kind, await measure(`${what} ${kind}`, server, path, optionsOf(kind, `s${slice}`)));
    const baseline = runs.get(contenders[0][0]);
    for (const [kind, run] of runs) {
      add(samples, `${what}/${kind}`, run);
      add(ratios, `${what}/${kind}`, run.rps / baseline.rps);
    }
  }
}

/** POSTs of new ConfigMaps, a fresh name on every request. */
function createOptions(prefix) {
  let n = 0;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    requests: [{ path: CREATE_PATH, setupRequest: (req) => ({ ...req, body: JSON.stringify(configMap(`${prefix}-${n++}`, 'create')) }) }],
  };
}

async function benchHttp(cases) {
  const samples = new Map();
  const ratios = new Map();
  const reads = [['get', GET_PATH], ['list', LIST_PATH], ['chain', CHAIN_PATH]].filter(([what]) => cases.includes(what));
  const accept = () => ({ headers: { accept: 'application/json' } });
  for (let round = 0; round < ROUNDS; round++) {
    // Fresh processes every round; within a round every server of a case runs in turn, slice after slice.
    const servers = [];
    try {
      const fulls = [];
      for (const kind of BASELINE_ROOT === undefined ? ['full'] : ['full', 'baseline']) {
        const server = await startChild(kind);
        servers.push(server);
        fulls.push([kind, server]);
      }
      const full = fulls[0][1];
      for (const [what, path] of reads) {
        // The chain case answers `ok`: there is no object to encode.
        const replays = [];
        for (const kind of what === 'chain' ? ['bare'] : ['bare', 'encode']) {
          const server = await startChild(kind, full[what]);
          servers.push(server);
          replays.push([kind, server]);
        }
        await sliced(what, path, [...replays, ...fulls], accept, samples, ratios);
      }
      if (cases.includes('create')) {
        await sliced('create', CREATE_PATH, fulls, (_kind, slice) => createOptions(`r${round}-${slice}`), samples, ratios);
      }
    } finally {
      for (const server of servers) server.child.kill();
    }
  }
  const row = (name, key) => {
    const runs = samples.get(key);
    const bytes = Math.round(median(runs.map((r) => r.bytesPerResponse)));
    const cpu = median(runs.map((r) => r.cpuPerRequest));
    return {
      name,
      value: median(runs.map((r) => r.rps)),
      ratio: median(ratios.get(key)),
      note: `p99 ${median(runs.map((r) => r.p99))} ms; server CPU ${cpu.toFixed(1)} µs/request; ${bytes} bytes per response`,
    };
  };
  const table = (title, what) => ({
    title,
    unit: 'requests/s (median of rounds)',
    baseline: 'node:http bare, same bytes',
    better: 'higher',
    rows: [
      row('node:http bare, same bytes', `${what}/bare`),
      ...(samples.has(`${what}/encode`) ? [row(ENCODE_ROW, `${what}/encode`)] : []),
      row('GenericAPIServer full stack', `${what}/full`),
      ...baselineRows(what),
    ],
  });
  const baselineRows = (what) => (BASELINE_ROOT === undefined ? [] : [row(`GenericAPIServer full stack at ${BASELINE_LABEL}`, `${what}/baseline`)]);
  const tables = [];
  if (cases.includes('get')) tables.push(table(`GET one ConfigMap (~1 KiB data), autocannon ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per round`, 'get'));
  if (cases.includes('list')) tables.push(table(`LIST ${LIST_SIZE} ConfigMaps, autocannon ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per round`, 'list'));
  if (cases.includes('chain')) tables.push(table(`GET ${CHAIN_PATH} (handler chain + health checks), autocannon ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per round`, 'chain'));
  if (cases.includes('create')) {
    tables.push({
      title: `CREATE (POST) a ConfigMap (~1 KiB data, a new name each), autocannon ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per round`,
      unit: 'requests/s (median of rounds)',
      baseline: 'GenericAPIServer full stack',
      better: 'higher',
      rows: [row('GenericAPIServer full stack', 'create/full'), ...baselineRows('create')],
    });
  }
  return tables;
}

/** Child-process mode for (d): build, install, listen, then serve until killed. */
async function startupChild() {
  const server = await newFullServer();
  const [url] = await server.listen({ port: 0 });
  process.stdout.write(`listening ${url}\n`);
}

/** Polls `url`/readyz until it answers 200; resolves with the time it did. */
async function pollReady(port, deadline) {
  while (performance.now() < deadline) {
    const ok = await fetchRaw(port, 'GET', '/readyz').then((r) => r.status === 200, () => false);
    if (ok) return performance.now();
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('not ready within the deadline');
}

/** Spawns one server process; resolves with ms from spawn to the first 200 from /readyz. */
async function startupOnce(command, args) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      const onData = (chunk) => {
        out += chunk;
        const match = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1?\]|0\.0\.0\.0):(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${out}`)));
    });
    return (await pollReady(port, started + 10_000)) - started;
  } finally {
    child.kill();
  }
}

async function benchStartup() {
  const kubeLite = existsSync(KUBE_LITE_MAIN);
  const args = kubeLite ? [KUBE_LITE_MAIN, '--port', '0', '--storage-backend', 'memory'] : [here, '--startup-child'];
  const name = kubeLite ? 'kube-lite --storage-backend memory' : 'GenericAPIServer + core/v1 configmaps (memory)';
  const times = [];
  const bareTimes = [];
  // Interleaved, so that a change in the machine's load during the runs weighs on both rows alike.
  for (let i = 0; i < STARTUPS; i++) {
    times.push(await startupOnce(process.execPath, args));
    bareTimes.push(await startupOnce(process.execPath, [BARE_STARTUP]));
  }
  return {
    table: {
      title: `startup to ready: spawn to the first 200 from /readyz, median of ${STARTUPS} runs`,
      unit: 'ms',
      baseline: 'node:http bare (spawn + listen)',
      better: 'lower',
      rows: [
        { name: 'node:http bare (spawn + listen)', value: median(bareTimes) },
        { name, value: median(times), note: `target < 300 ms; min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}` },
      ],
    },
    note: kubeLite
      ? 'Startup runs `node packages/kube-lite/bin/kube-lite.js --port 0 --storage-backend memory` (the esbuild bundle of the CLI, with the V8 code cache `npm run build` records); the baseline runs bench/lib/bare-startup.mjs, node:http alone. Runs of the two alternate.'
      : 'kube-lite\'s CLI was not built when this ran: startup measures a node process building a GenericAPIServer, installing core/v1 configmaps on a MemoryBackend and listening.',
  };
}

const serveArg = process.argv.find((a) => a.startsWith('--serve='));
if (serveArg !== undefined) {
  await serve(serveArg.slice('--serve='.length));
} else if (process.argv.includes('--startup-child')) {
  await startupChild();
} else {
  const all = ['get', 'list', 'chain', 'create', 'startup'];
  const cases = process.env.SERVER_BENCH_CASES?.split(',') ?? all;
  const complete = all.every((c) => cases.includes(c));
  const tables = [];
  const notes = [];
  tables.push(...(await benchHttp(cases)));
  if (cases.includes('startup')) {
    const startup = await benchStartup();
    tables.push(startup.table);
    notes.push(startup.note);
  }
  for (const table of tables) {
    const base = table.rows.find((r) => r.name === table.baseline);
    for (const row of table.rows) row.ratio ??= row.value / base.value;
    printTable(table);
  }
  if (complete) {
    const file = writeResults('server', {
      title: 'server end to end: GenericAPIServer GET, LIST, CREATE and startup',
      command: BASELINE_ROOT === undefined ? 'npm run bench -- server' : `SERVER_BENCH_BASELINE_ROOT=<checkout of ${BASELINE_LABEL}, built> SERVER_BENCH_BASELINE_LABEL=${BASELINE_LABEL} npm run bench -- server`,
      tables,
      notes: [
        `1-minute load average when the run started: ${LOAD_AT_START.toFixed(2)} on ${cpus().length} cores (other processes share the machine; compare rows of one run).`,
        `Each server runs in a child process of its own while autocannon runs in the parent (2-core machine). ${ROUNDS} rounds, each with fresh processes; in a round, every server of a case is warmed up for 1 s, then measured in ${SLICES} slices: a slice runs each server once for ${SLICE_SECONDS} s, in an order that rotates from slice to slice. A row's value is the median of its runs; its ratio is the median of its runs' req/s divided by the baseline row's in the same slice, because this machine's speed changes over seconds (bare node:http alone took 15 to 29 µs of CPU per request in consecutive 3 s runs on 2026-11-30) and runs of one slice see about the same machine.`,
        `"${ENCODE_ROW}": bare node:http that encodes the captured object with one JSON.stringify on every request (giving the same bytes) and does nothing else: the ceiling of any server that encodes its responses per request, as kube-apiserver does for every GET and LIST.`,
        `The ${CHAIN_PATH} case: the full stack runs its whole handler chain (the filters above) and the director's non-restful mux, whose health handler runs its checks (ping, log, post-start hooks) and answers \`ok\` (no storage, no object to encode); bare node:http replays that answer. It measures what every request costs before any resource handler runs.`,
        'Bare node:http answers with the exact body and headers (Content-Type, Content-Length; node adds Date, Connection and Keep-Alive to both) the full stack sent for the same path, captured once per round.',
        `The full stack: GenericAPIServer defaults (panic recovery, request info, metrics, request deadline, anonymous authentication, max-in-flight 400/200, AlwaysAllow) with a core/v1 configmaps Store (GenericStrategy) on a MemoryBackend holding ${LIST_SIZE + 1} ConfigMaps of ~1 KiB data.`,
        ...(BASELINE_ROOT === undefined
          ? []
          : [
              `"at ${BASELINE_LABEL}" rows: the same full stack built from commit ${BASELINE_LABEL} (an earlier commit, for before/after figures), run in the same rounds, interleaved with the current one.`,
              'Each stack answers with the objects it stored itself: a commit that records managedFields on create (as kube-apiserver does) serves larger objects; compare the bytes per response of the rows.',
            ]),
        'The load generator is one process on the other core: when the machine is loaded it caps the cheapest servers first, and bare node:http and the JSON.stringify row then show about the same requests/s; only a run in which both are saturated (bare well above 20,000 req/s on this machine) separates them. bench/tools/inprocess-get.mjs measures the same three GET servers without kernel or load generator.',
        'Server CPU per request: user + system CPU time of the serving process during the measured run, divided by the requests autocannon completed (the load generator shares the 2 cores, so when the server is not saturated req/s is bounded by autocannon).',
        ...notes,
      ],
    });
    console.log(`\nwrote ${file}`);
  }
}
