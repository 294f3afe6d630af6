import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { startEtcdCluster } from '../src/etcd-cluster.js';

/** The process state letter from /proc (R, S, T for stopped, Z, …); '' when gone. */
function procState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] ?? '';
  } catch {
    return '';
  }
}

/**
 * The process state once it is `want` or after 2 s: a signal is delivered asynchronously, so right after
 * `kill(SIGSTOP)` the state may still read R (seen once in a clean-clone run).
 */
async function procStateSettled(pid: number, want: (state: string) => boolean): Promise<string> {
  const deadline = Date.now() + 2000;
  let state = procState(pid);
  while (!want(state) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    state = procState(pid);
  }
  return state;
}

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** A put through one member's JSON gateway. */
async function put(endpoint: string, key: string, value: string): Promise<void> {
  const res = await fetch(`${endpoint}/v3/kv/put`, { method: 'POST', body: JSON.stringify({ key: b64(key), value: b64(value) }), signal: AbortSignal.timeout(3000) });
  if (!res.ok) throw new Error(`put: HTTP ${res.status} ${await res.text()}`);
}

/** A linearizable read through one member's JSON gateway. */
async function get(endpoint: string, key: string): Promise<string | undefined> {
  const res = await fetch(`${endpoint}/v3/kv/range`, { method: 'POST', body: JSON.stringify({ key: b64(key) }), signal: AbortSignal.timeout(3000) });
  const body = (await res.json()) as { kvs?: { value: string }[] };
  const v = body.kvs?.[0]?.value;
  return v === undefined ? undefined : Buffer.from(v, 'base64').toString();
}

t.test('a 3-member cluster: leader, kill -9 and re-election, restart, SIGSTOP/SIGCONT, stop', async (t) => {
  const cluster = await startEtcdCluster();
  t.teardown(() => cluster.stop());
  t.equal(cluster.members.length, 3);
  const ports = cluster.members.flatMap((m) => [m.clientPort, m.peerPort]);
  t.equal(new Set(ports).size, 6, 'six distinct ports');
  t.same(
    cluster.hosts,
    cluster.members.map((m) => `127.0.0.1:${m.clientPort}`),
  );
  const leader = await cluster.leader();
  t.ok(cluster.members.includes(leader as never), 'the leader is one of ours');
  const follower = await cluster.follower();
  t.not(follower, leader);

  const [a, b, c] = cluster.members;
  await put(a!.endpoint, 'k', 'v1');
  t.equal(await get(c!.endpoint, 'k'), 'v1', 'replicated: written on one member, read on another');

  const killedPid = leader.pid;
  const killedAt = Date.now();
  await leader.kill();
  t.notOk(leader.running, 'killed');
  t.equal(procState(killedPid), '', 'the process is gone');
  const next = await cluster.waitForLeader({ except: leader, timeoutMs: 10_000 });
  t.not(next, leader, `a new leader in ${Date.now() - killedAt} ms`);
  await put(next.endpoint, 'k', 'v2');
  await leader.restart();
  t.ok(leader.running && leader.pid !== killedPid, 'restarted as a new process');
  t.equal(await get(leader.endpoint, 'k'), 'v2', 'the restarted member caught up');

  const stopped = await cluster.follower();
  stopped.pause();
  t.ok(stopped.paused);
  t.equal(await procStateSettled(stopped.pid, (s) => s === 'T'), 'T', 'SIGSTOP froze the process');
  await t.rejects(cluster.waitForLeader({ except: await cluster.leader(), timeoutMs: 300 }), 'the leader did not change');
  const other = cluster.members.find((m) => m !== stopped)!;
  await put(other.endpoint, 'k', 'v3');
  t.equal(await get(other.endpoint, 'k'), 'v3', 'two of three members still make progress');
  stopped.resume();
  t.notOk(stopped.paused);
  t.not(await procStateSettled(stopped.pid, (s) => s !== 'T'), 'T', 'SIGCONT thawed it');
  t.equal(await get(stopped.endpoint, 'k'), 'v3', 'the thawed member answers');

  const dirs = [a!, b!, c!].map((m) => m.dataDir);
  const pids = [a!, b!, c!].map((m) => m.pid);
  await cluster.stop();
  t.ok(dirs.every((d) => !existsSync(d)), 'data dirs removed');
  t.ok(pids.every((p) => procState(p) === ''), 'processes gone');
  await cluster.stop();
  t.pass('stop is idempotent');
});

t.test('stop of a paused member still ends it', async (t) => {
  const cluster = await startEtcdCluster({ size: 1 });
  const [only] = cluster.members;
  only!.pause();
  const pid = only!.pid;
  const started = Date.now();
  await cluster.stop();
  t.equal(procState(pid), '', 'gone');
  t.ok(Date.now() - started < 4000, 'without waiting for the SIGKILL fallback');
});
