// Memory of the memory backend's history (GitHub issue 19): N sequential PUTs of one ConfigMap holding `size` bytes
// of data, each with new content, and the peak RSS they cost.
//
//   node bench/memory-history.mjs store [--writes 4000] [--size 1000000] [--budget <bytes>]
//       In process: MemoryBackend storage, guaranteedUpdate then get of the same key per write (so every revision
//       is also decoded and remembered by the read path). --budget 0 turns the history budget off, which is the
//       backend's behaviour before the budget existed (history kept until the 5-minute compaction).
//       Peak RSS = process.resourceUsage().maxRSS. --backend <dist/index.js> loads another build of the backend (e.g.
//       an older commit's, to compare).
//   node bench/memory-history.mjs kube-lite [--writes 4000] [--size 1000000] [-- <kube-lite flags>]
//       kube-lite in its own process (dist/cli/main.js, memory backend), PUT over HTTP; peak RSS = VmHWM of the
//       server process (/proc/<pid>/status), read after the last write.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;
const mode = process.argv[2];
const passThrough = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

const writes = option('writes', 4000);
const size = option('size', 1_000_000);
/** Data of write `i`: `size` bytes whose content differs from the previous write's. */
const blob = (i) => String(i % 10).repeat(size);
const configMap = (i, rv) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'big', namespace: 'default', ...(rv !== undefined && { resourceVersion: rv }) },
  data: { blob: blob(i) },
});

async function inProcess() {
  const i = process.argv.indexOf('--backend');
  const backendModule = i === -1 ? join(root, 'packages/storage-memory/dist/index.js') : process.argv[i + 1];
  const { MemoryBackend } = await import(backendModule);
  const budget = option('budget', undefined);
  const backend = new MemoryBackend({ compactionIntervalMs: 300_000, ...(budget !== undefined && { historyBudgetBytes: budget }) });
  const store = backend.storage();
  const key = '/configmaps/default/big';
  await store.create(key, configMap(0));
  const started = Date.now();
  for (let i = 1; i <= writes; i++) {
    await store.guaranteedUpdate(key, () => ({ object: configMap(i) }));
    await store.get(key);
  }
  const seconds = (Date.now() - started) / 1000;
  const { revisions, versions, liveBytes, historyBytes } = backend.stats();
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ mode: 'store', backend: backendModule, writes, size, budget: budget ?? 'default', seconds, peakRssMiB: Math.round(peak), rssMiB: Math.round(process.memoryUsage().rss / MiB), revisions, versions, liveMiB: +(liveBytes / MiB).toFixed(1), historyMiB: +(historyBytes / MiB).toFixed(1), compactRevision: backend.compactRevision }));
  backend.close();
}

async function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function procStatus(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function overHttp() {
  const port = await freePort();
  const main = join(root, 'packages/kube-lite/dist/cli/main.js');
  const child = spawn(process.execPath, [main, `--port=${port}`, ...passThrough], { stdio: ['ignore', 'ignore', 'ignore'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 600) throw new Error('kube-lite did not become ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `${base}/api/v1/namespaces/default/configmaps`;
    const send = (method, target, body) => fetch(target, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    let res = await send('POST', url, configMap(0));
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    const startRss = procStatus(child.pid, 'VmRSS');
    const started = Date.now();
    const refused = {};
    for (let i = 1; i <= writes; i++) {
      res = await send('PUT', `${url}/big`, configMap(i));
      if (res.status !== 200) refused[res.status] = (refused[res.status] ?? 0) + 1;
      await res.arrayBuffer();
      if (i % 500 === 0) console.error(`${i} writes, peak RSS ${Math.round(procStatus(child.pid, 'VmHWM'))} MiB`);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(JSON.stringify({ mode: 'kube-lite', flags: passThrough.join(' ') || '(defaults)', writes, size, seconds, startRssMiB: Math.round(startRss), peakRssMiB: Math.round(procStatus(child.pid, 'VmHWM')), rssMiB: Math.round(procStatus(child.pid, 'VmRSS')), refused }));
  } finally {
    child.kill('SIGTERM');
  }
}

if (mode === 'store') await inProcess();
else if (mode === 'kube-lite') await overHttp();
else {
  console.error('usage: node bench/memory-history.mjs store|kube-lite [--writes N] [--size BYTES] [--budget BYTES] [-- kube-lite flags]');
  process.exit(2);
}
