import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import t from 'tap';
import { startEtcd } from '../src/etcd.js';
import { etcdArgs, isOurHealthyEtcd, spawnEtcd, terminate, waitUntilReady } from '../src/etcd-process.js';
import { freePorts } from '../src/free-port.js';
import { tempDir } from '../src/temp-dir.js';

/** Running (a zombie whose parent died unreaped counts as dead: it holds no ports or files). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function health(endpoint: string): Promise<unknown> {
  const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(2000) });
  return res.json();
}

t.test('start, health, kill, restart, stop, cleanup', async (t) => {
  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  t.match(etcd.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.equal(etcd.host, `127.0.0.1:${etcd.clientPort}`);
  t.not(etcd.clientPort, etcd.peerPort);
  t.ok(etcd.running && isAlive(etcd.pid), 'our process is alive');
  t.same(await health(etcd.endpoint), { health: 'true' });
  t.ok(await isOurHealthyEtcd(etcd.endpoint, etcd.name), 'the listener is the member we named');
  t.notOk(await isOurHealthyEtcd(etcd.endpoint, 'someone-else'), 'a different name is not ours');
  t.ok((await stat(etcd.dataDir)).isDirectory());

  const firstPid = etcd.pid;
  await etcd.kill();
  t.notOk(etcd.running, 'killed');
  t.notOk(isAlive(firstPid));
  await t.rejects(health(etcd.endpoint), 'nothing listens after kill');
  t.ok((await stat(etcd.dataDir)).isDirectory(), 'kill keeps the data dir');

  await etcd.restart();
  t.not(etcd.pid, firstPid, 'new process');
  t.same(await health(etcd.endpoint), { health: 'true' });
  await etcd.restart();
  t.ok(etcd.running, 'restart of a running etcd');

  const pid = etcd.pid;
  const dataDir = etcd.dataDir;
  await etcd.stop();
  t.notOk(isAlive(pid), 'stopped');
  await t.rejects(stat(dataDir), 'data dir removed');
  await etcd.stop();
  await t.rejects(etcd.restart(), /start a new one/);
});

t.test('two etcds get distinct ports and dirs', async (t) => {
  const [a, b] = await Promise.all([startEtcd(), startEtcd()]);
  t.teardown(async () => {
    await a.stop();
    await b.stop();
  });
  t.equal(new Set([a.clientPort, a.peerPort, b.clientPort, b.peerPort]).size, 4);
  t.not(a.dataDir, b.dataDir);
});

t.test('launch failures are classified', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const [clientPort, peerPort] = await freePorts(2);
  // Not etcd: any connection (our health probe) is dropped at once.
  const taken = net.createServer((socket) => socket.destroy());
  await new Promise<void>((r) => taken.listen({ host: '127.0.0.1', port: clientPort }, r));
  const launch = {
    binary: 'etcd',
    name: 'bind-test',
    dataDir: path.join(dir.path, 'data'),
    clientPort: clientPort!,
    peerPort: peerPort!,
    extraArgs: [],
  };
  t.ok(etcdArgs(launch).includes(`bind-test=http://127.0.0.1:${peerPort}`));
  const bind = await waitUntilReady(spawnEtcd(launch), `http://127.0.0.1:${clientPort}`, 'bind-test', 10_000);
  t.equal(bind?.kind, 'bind', 'port in use is a bind failure');
  await new Promise((r) => taken.close(r));

  const failing = path.join(dir.path, 'exit3');
  await writeFile(failing, '#!/bin/sh\nexit 3\n');
  const sleeping = path.join(dir.path, 'sleeper');
  await writeFile(sleeping, '#!/bin/sh\nexec sleep 10\n');
  await Promise.all([chmod(failing, 0o755), chmod(sleeping, 0o755)]);
  const exit = await waitUntilReady(spawnEtcd({ ...launch, binary: failing }), 'http://127.0.0.1:1', 'x', 5000);
  t.equal(exit?.kind, 'exit');
  t.match(exit?.message, /exited \(3\)/);
  const child = spawnEtcd({ ...launch, binary: sleeping });
  const timeout = await waitUntilReady(child, 'http://127.0.0.1:1', 'x', 200);
  t.equal(timeout?.kind, 'timeout');
  await terminate(child, 'SIGKILL');
  t.equal(child.process.signalCode, 'SIGKILL');

  await t.rejects(startEtcd({ binary: failing, bindAttempts: 2 }), /startEtcd failed \(exit\)/);
  await t.rejects(startEtcd({ binary: path.join(dir.path, 'missing') }), /startEtcd failed/);
});

t.test('a test process killed by a signal takes its etcd with it', async (t) => {
  const distIndex = new URL('../dist/index.js', import.meta.url).href;
  const script = `const { startEtcd } = await import(${JSON.stringify(distIndex)});
const e = await startEtcd();
console.log(JSON.stringify({ pid: e.pid, dataDir: e.dataDir }));
setInterval(() => {}, 1000);`;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve(d.toString()));
      child.once('exit', () => reject(new Error('child exited early')));
    });
    const { pid, dataDir } = JSON.parse(line) as { pid: number; dataDir: string };
    t.ok(isAlive(pid), 'etcd runs');
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
    child.kill(signal);
    t.equal(await exited, signal, `the process still ends by ${signal}`);
    // SIGKILL is delivered when the kernel next schedules etcd: on a loaded machine it may still run for a moment.
    const deadline = Date.now() + 5000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    t.notOk(isAlive(pid), `${signal}: etcd killed`);
    await t.rejects(stat(dataDir), `${signal}: data dir removed`);
  }
});
