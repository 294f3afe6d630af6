// Issue #20's restart target: a kube-lite killed with SIGKILL and started again on a 3-member etcd cluster is
// ready (spawn to the first 200 from /readyz) within 3 s. Peers in the same run, interleaved round by round: the
// same kube-lite command on the memory backend and a bare node:http process (bench/lib/bare-startup.mjs).
// The cluster comes from @apiserver/testing (Debian's etcd on loopback ports, as the tests use it); before the
// rounds one kube-lite bootstraps it (namespaces, flow-control objects) and writes 8 ConfigMaps, so every restart
// finds the state a restarted server finds in packages/kube-lite/test/reliability/etcd-cluster.test.ts.
// Run: `npm run bench -- etcd-restart` (needs the build: `npm run build`). ETCD_RESTART_ROUNDS tunes it (default 7).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEtcdCluster } from '@apiserver/testing';
import { median, printTable, writeResults } from './lib/results.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KUBE_LITE = join(root, 'packages', 'kube-lite', 'bin', 'kube-lite.js');
const BARE = join(root, 'bench', 'lib', 'bare-startup.mjs');
const ROUNDS = Number(process.env.ETCD_RESTART_ROUNDS ?? 7);
const CLOCK_TICKS_PER_SECOND = 100;

/** user + system CPU milliseconds of a live process, from /proc/<pid>/stat. */
function cpuMillis(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Spawns `args`, waits for its URL and the first 200 from /readyz; SIGKILLs it. Wall and CPU ms to ready. */
async function startOnce(args, prepare) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const onData = (chunk) => {
        out += chunk;
        const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
    });
    const deadline = started + 30_000;
    for (;;) {
      const status = await fetch(`${url}/readyz`).then((r) => r.arrayBuffer().then(() => r.status), () => 0);
      if (status === 200) break;
      if (performance.now() > deadline) throw new Error(`${args.join(' ')}: not ready within 30 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = { wall: performance.now() - started, cpu: cpuMillis(child.pid) };
    if (prepare) await prepare(url);
    return result;
  } finally {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  }
}

/** Eight ConfigMaps in namespace `members`, as the reliability test's writers leave them. */
async function writeState(url) {
  const post = (path, body) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'members' } });
  for (let i = 0; i < 8; i++) {
    const answer = await post('/api/v1/namespaces/members/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { v: 'x'.repeat(64) } });
    if (answer.status !== 201) throw new Error(`creating cm-${i}: ${answer.status} ${await answer.text()}`);
  }
}

const load = loadavg()[0];
const cluster = await startEtcdCluster();
try {
  const etcdArgs = [KUBE_LITE, '--port=0', '--storage-backend=etcd3', `--etcd-servers=${cluster.members.map((m) => m.endpoint).join(',')}`];
  await startOnce(etcdArgs, writeState);
  const runs = { etcd: [], memory: [], bare: [] };
  // Interleaved, so that a change in the machine's load weighs on every row alike.
  for (let i = 0; i < ROUNDS; i++) {
    runs.etcd.push(await startOnce(etcdArgs));
    runs.memory.push(await startOnce([KUBE_LITE, '--port=0', '--storage-backend=memory']));
    runs.bare.push(await startOnce([BARE]));
  }
  const row = (name, list, extra = '') => {
    const walls = list.map((r) => r.wall);
    return {
      name,
      value: median(walls),
      note: `min ${Math.min(...walls).toFixed(0)}, max ${Math.max(...walls).toFixed(0)} ms; CPU to ready median ${median(list.map((r) => r.cpu)).toFixed(0)} ms${extra}`,
    };
  };
  const etcdMax = Math.max(...runs.etcd.map((r) => r.wall));
  const table = {
    title: `kube-lite killed (SIGKILL) and started again: spawn to the first 200 from /readyz, median of ${ROUNDS} runs`,
    unit: 'ms',
    baseline: 'node:http bare (spawn + listen)',
    better: 'lower',
    rows: [
      row('node:http bare (spawn + listen)', runs.bare),
      row('kube-lite --storage-backend memory', runs.memory),
      row('kube-lite on a 3-member etcd (restart)', runs.etcd, `; target ≤ 3000 ms: ${etcdMax <= 3000 ? 'every run met it' : `slowest run ${etcdMax.toFixed(0)} ms`}`),
    ],
  };
  const notes = [
    `1-minute load average when the run started: ${load.toFixed(2)} on the machine's cores (compare rows of one run).`,
    'Each run spawns `node packages/kube-lite/bin/kube-lite.js --port=0` (the esbuild bundle with its V8 code cache), polls /readyz every 20 ms until 200, reads the process CPU time from /proc and kills it with SIGKILL; the three kinds of run alternate.',
    'The etcd restart finds a bootstrapped cluster (a first kube-lite created the system namespaces, flow-control objects and 8 ConfigMaps); /readyz needs a quorum read, every watch cache initialised and every post-start hook done.',
  ];
  writeResults('etcd-restart', { title: 'kube-lite restart on etcd (issue #20)', tables: [table], notes });
  printTable(table);
} finally {
  await cluster.stop();
}
