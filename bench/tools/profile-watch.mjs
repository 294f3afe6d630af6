// Profiles the watch fan-out of bench/reliability.mjs (issue #23): kube-lite on memory storage, W watches held by one
// client process over N namespaces, an open-loop PUT rate for D seconds; then the same writes on a fresh server with
// no watches. Prints, for both, the PUT latency p50/p99/max and the server's CPU per PUT (user+system from
// /proc/<pid>/stat over the write phase), which is less noisy than latency on a shared machine.
// Run: `node bench/tools/profile-watch.mjs [--duration 10] [--watches 10000] [--namespaces 100] [--rate 50] [--profile]`
// (after `npx tsc -b`). With --profile the server with watches runs under --cpu-prof and the self time by function
// during the writes is printed (profiles go to $PROFILE_DIR, default a new directory under the OS temp dir).
// $KUBE_LITE_NODE_ARGS adds node options to both servers (e.g. `--trace-gc`), $KUBE_LITE_ARGS kube-lite flags
// (e.g. `--watch-cache=false`).
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfTime, topLines } from '../lib/cpu-profile.mjs';
import { ask } from '../lib/child-ask.mjs';
import { send } from '../lib/http-send.mjs';
import { percentile } from '../lib/results.mjs';

const here = fileURLToPath(import.meta.url);
const KUBE_LITE_MAIN = join(dirname(here), '..', '..', 'packages', 'kube-lite', 'dist', 'cli', 'main.js');
const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};

/** Client mode: opens the watches it is sent and counts the events they receive. */
function watchClient() {
  let events = 0;
  const sockets = [];
  const open = (port, path) =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      let ok = false;
      socket.on('data', (chunk) => {
        const text = chunk.toString('latin1');
        if (!ok) {
          ok = text.startsWith('HTTP/1.1 200');
          resolve(ok);
        }
        for (let i = text.indexOf('{"type":'); i !== -1; i = text.indexOf('{"type":', i + 1)) events++;
      });
      socket.on('error', () => resolve(false));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`);
    });
  process.on('message', async (m) => {
    if (m.op === 'open') {
      const pending = [...m.paths];
      let ok = 0;
      const worker = async () => {
        for (let p = pending.shift(); p !== undefined; p = pending.shift()) if (await open(m.port, p)) ok++;
      };
      await Promise.all(Array.from({ length: 100 }, worker));
      process.send({ op: 'opened', ok });
    } else if (m.op === 'report') {
      process.send({ op: 'report', events });
    } else if (m.op === 'close') {
      for (const s of sockets) s.destroy();
      process.exit(0);
    }
  });
}

/** User and system CPU of a process in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

async function startKubeLite(profileDir) {
  const nodeArgs = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-interval', '500'];
  const extra = (process.env.KUBE_LITE_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const flags = (process.env.KUBE_LITE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, ...extra, KUBE_LITE_MAIN, '--port', '0', '--storage-backend', 'memory', ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Lines the server writes (with KUBE_LITE_NODE_ARGS=--trace-gc, its full GCs) go to stderr, stamped.
  const stamp = () => new Date().toISOString().slice(11, 23);
  let partial = '';
  child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (/Mark-Compact|Mark-sweep/.test(line)) process.stderr.write(`${stamp()} ${line}\n`);
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`kube-lite exited with ${code}: ${out}`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  while ((await send(agent, port, 'GET', '/readyz').catch(() => ({ status: 0 }))).status !== 200) await sleep(50);
  return { child, port, agent };
}

const configMap = (ns, seq) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: ns }, data: { t: String(seq), pad: 'x'.repeat(200) } });

async function populate(server, namespaces) {
  for (let i = 0; i < namespaces; i++) {
    await send(server.agent, server.port, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `ns-${i}` } });
    await send(server.agent, server.port, 'POST', `/api/v1/namespaces/ns-${i}/configmaps`, configMap(`ns-${i}`, 0));
  }
  return JSON.parse((await send(server.agent, server.port, 'GET', '/api/v1/configmaps')).body).metadata.resourceVersion;
}

async function writes(server, o) {
  const latencies = [];
  const inflight = [];
  const total = Math.round(o.rate * o.duration);
  const cpuBefore = cpuMs(server.child.pid);
  const from = Number(process.hrtime.bigint() / 1000n);
  const clock = () => new Date().toISOString().slice(11, 23);
  const startedAt = clock();
  const started = now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / o.rate - now();
    if (wait > 0) await sleep(wait);
    const ns = i % o.namespaces;
    inflight.push(send(server.agent, server.port, 'PUT', `/api/v1/namespaces/ns-${ns}/configmaps/cm`, configMap(`ns-${ns}`, i + 1)).then((r) => latencies.push(r.ms)));
  }
  await Promise.all(inflight);
  const to = Number(process.hrtime.bigint() / 1000n);
  const cpuAfter = cpuMs(server.child.pid);
  const userPerPutMs = (cpuAfter.user - cpuBefore.user) / total;
  const systemPerPutMs = (cpuAfter.system - cpuBefore.system) / total;
  return { total, window: `${startedAt}-${clock()}`, cpuPerPutMs: userPerPutMs + systemPerPutMs, userPerPutMs, systemPerPutMs, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies), from, to };
}

async function run(o, watches, profileDir) {
  const server = await startKubeLite(profileDir);
  let client;
  try {
    const rv = await populate(server, o.namespaces);
    let opened = 0;
    if (watches > 0) {
      client = fork(here, ['--watch-client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const paths = Array.from({ length: watches }, (_, i) => `/api/v1/namespaces/ns-${i % o.namespaces}/configmaps?watch=1&resourceVersion=${rv}&timeoutSeconds=3600`);
      opened = (await ask(client, 'open', 'opened', { port: server.port, paths })).ok;
      await sleep(1000);
    }
    const result = await writes(server, o);
    await sleep(500);
    const events = client === undefined ? 0 : (await ask(client, 'report', 'report')).events;
    return { ...result, opened, events };
  } finally {
    client?.send({ op: 'close' });
    if (profileDir !== undefined) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    } else server.child.kill('SIGKILL');
  }
}

function printProfile(dir, from, to) {
  const { file, busy, byFunction } = selfTime(dir, from, to);
  const top = topLines(byFunction, busy, Number(process.env.PROFILE_TOP ?? 30));
  console.log(`
self time by function during the writes (${busy} busy samples)
${top}
profile: ${file}`);
}

async function main() {
  const o = { duration: option('duration', 10), watches: option('watches', 10_000), namespaces: option('namespaces', 100), rate: option('rate', 50) };
  const profileDir = process.argv.includes('--profile') ? (process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'watch-profile-'))) : undefined;
  const line = (name, r) =>
    console.log(
      `${name.padEnd(16)} PUT p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; server CPU per PUT ${r.cpuPerPutMs.toFixed(2)} ms (user ${r.userPerPutMs.toFixed(2)}, system ${r.systemPerPutMs.toFixed(2)})` +
        (r.opened > 0 ? `; ${r.opened} watches, ${r.events} events (expected ${r.total * (r.opened / o.namespaces)})` : '') +
        `; writes ${r.window} UTC`,
    );
  const withWatches = await run(o, o.watches, profileDir);
  line(`${o.watches} watches`, withWatches);
  const none = await run(o, 0, undefined);
  line('no watches', none);
  console.log(`p99 ratio ${(withWatches.p99 / none.p99).toFixed(2)}x, CPU per PUT ratio ${(withWatches.cpuPerPutMs / none.cpuPerPutMs).toFixed(2)}x`);
  if (profileDir !== undefined) printProfile(profileDir, withWatches.from, withWatches.to);
}

if (process.argv.includes('--watch-client')) watchClient();
else await main();
