/**
 * Issue #20: the backend on a real 3-member etcd rides through a leader kill -9 and a follower SIGSTOP with
 * 8 read-modify-write writers, a creator and a watch running. Prints the measured figures (docs/reliability.md).
 */
import { type StorageObject, simpleUpdate, type WatchEvent } from '@apiserver/storage';
import { type EtcdCluster, type EtcdServer, startEtcdCluster } from '@apiserver/testing';
import t from 'tap';
import { Etcd3Backend } from '../src/backend.js';

interface Op {
  readonly kind: 'update' | 'create';
  readonly issuedAt: number;
  doneAt: number;
  ok: boolean;
  error?: string;
}

type Counter = StorageObject & { data?: { n?: number } };

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const writers = 8;

/** The load: 8 counters incremented with GuaranteedUpdate, plus creates, all recorded. */
class Load {
  readonly ops: Op[] = [];
  readonly acked = new Array<number>(writers).fill(0);
  readonly ambiguous = new Array<number>(writers).fill(0);
  readonly created: string[] = [];
  readonly createsUnsure: string[] = [];
  #running = true;
  #loops: Promise<void>[] = [];

  constructor(readonly backend: Etcd3Backend, readonly store: ReturnType<Etcd3Backend['newStorage']>) {}

  start(): void {
    for (let i = 0; i < writers; i++) this.#loops.push(this.#writer(i));
    this.#loops.push(this.#creator());
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  async #record<R>(kind: Op['kind'], work: () => Promise<R>): Promise<boolean> {
    const op: Op = { kind, issuedAt: Date.now(), doneAt: 0, ok: false };
    this.ops.push(op);
    try {
      await work();
      op.ok = true;
    } catch (err) {
      op.error = err instanceof Error ? err.message.slice(0, 160) : String(err);
    }
    op.doneAt = Date.now();
    return op.ok;
  }

  async #writer(i: number): Promise<void> {
    const key = `/counters/ns/c${i}`;
    while (this.#running) {
      const ok = await this.#record('update', () =>
        this.store.guaranteedUpdate(
          key,
          simpleUpdate<Counter>((cur) => ({
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: cur?.metadata ?? { name: `c${i}`, namespace: 'ns' },
            data: { n: ((cur as Counter | undefined)?.data?.n ?? 0) + 1 },
          })),
          { ignoreNotFound: true },
        ),
      );
      if (ok) this.acked[i]!++;
      else {
        this.ambiguous[i]!++;
        await sleep(20);
      }
    }
  }

  async #creator(): Promise<void> {
    for (let j = 0; this.#running; j++) {
      const name = `o${j}`;
      const ok = await this.#record('create', () =>
        this.store.create(`/objects/ns/${name}`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' } }),
      );
      (ok ? this.created : this.createsUnsure).push(name);
      if (!ok) await sleep(20);
    }
  }

  /** Longest time between consecutive acknowledgements that fall in [from, to]. */
  longestAckGap(from: number, to: number): number {
    const acks = this.ops.filter((o) => o.ok && o.doneAt >= from && o.doneAt <= to).map((o) => o.doneAt);
    acks.sort((a, b) => a - b);
    let gap = acks.length === 0 ? to - from : Math.max(acks[0]! - from, to - acks.at(-1)!);
    for (let k = 1; k < acks.length; k++) gap = Math.max(gap, acks[k]! - acks[k - 1]!);
    return gap;
  }

  /** Requests that failed in [from, to] (including those in flight when the fault began). */
  failedDuring(from: number, to: number): Op[] {
    return this.ops.filter((o) => o.doneAt >= from && o.doneAt <= to && !o.ok);
  }

  /** Requests issued in [from, to) that failed. */
  failedIssued(from: number, to: number): Op[] {
    return this.ops.filter((o) => o.doneAt > 0 && !o.ok && o.issuedAt >= from && o.issuedAt < to);
  }
}

/** The watch on the counters: every MODIFIED must be the previous value + 1 (no gap, no duplicate). */
class CounterWatch {
  readonly last = new Map<string, number>();
  readonly problems: string[] = [];
  errors = 0;
  #lastRv = 0;
  done: Promise<void> = Promise.resolve();

  start(w: AsyncIterable<WatchEvent>): void {
    this.done = (async () => {
      for await (const e of w) this.#take(e);
    })();
  }

  #take(e: WatchEvent): void {
    if (e.type === 'ERROR') {
      this.errors++;
      this.problems.push(`ERROR ${JSON.stringify(e.object)}`);
      return;
    }
    if (e.type === 'BOOKMARK') return;
    const rv = Number(e.object.metadata.resourceVersion);
    if (rv <= this.#lastRv) this.problems.push(`rv ${rv} after ${this.#lastRv}`);
    this.#lastRv = rv;
    const name = e.object.metadata.name ?? '';
    const n = (e.object as Counter).data?.n ?? 0;
    const prev = this.last.get(name) ?? 0;
    if (n !== prev + 1) this.problems.push(`${name}: ${prev} -> ${n}`);
    this.last.set(name, n);
  }
}

interface FaultReport {
  fault: string;
  electionMs?: number;
  longestAckGapMs: number;
  failedRequests: number;
  failedAfterElection?: number;
  watchRestarts: number;
  readyzRed: number;
  readyzChecks: number;
}

/** Runs `/readyz`'s etcd check every 200 ms; counts red answers. */
function probeReadiness(backend: Etcd3Backend): { stop(): { red: number; checks: number } } {
  let red = 0;
  let checks = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      checks++;
      await backend.healthCheck().catch(() => red++);
      await sleep(200);
    }
  })();
  return {
    stop: () => {
      running = false;
      void loop;
      return { red, checks };
    },
  };
}

async function leaderKill(
  cluster: EtcdCluster,
  load: Load,
  logs: string[],
): Promise<{ report: (until: number) => FaultReport; restarted: EtcdServer }> {
  const leader = await cluster.waitForLeader();
  const logStart = logs.length;
  const killedAt = Date.now();
  await leader.kill();
  logs.push(`fault: leader ${leader.host} killed (SIGKILL)`);
  const next = await cluster.waitForLeader({ except: leader, timeoutMs: 10_000 });
  const electedAt = Date.now();
  t.comment(`leader ${leader.name} killed; ${next.name} elected after ${electedAt - killedAt} ms`);
  await sleep(500);
  const ready = probeReadiness(load.backend);
  await sleep(3000);
  const readiness = ready.stop();
  const downUntil = Date.now();
  // `until`: the next fault; writes in flight at the kill and forwarded to the dead leader fail ~7 s later.
  const report = (until: number): FaultReport => ({
    fault: 'leader kill -9',
    electionMs: electedAt - killedAt,
    longestAckGapMs: load.longestAckGap(killedAt, downUntil),
    failedRequests: load.failedDuring(killedAt, until).length,
    failedAfterElection: load.failedIssued(electedAt, downUntil).length,
    watchRestarts: logs.slice(logStart, logEnd).filter((l) => l.includes('etcd watch restarted')).length,
    readyzRed: readiness.red,
    readyzChecks: readiness.checks,
  });
  const logEnd = logs.length;
  await leader.restart();
  await sleep(1000);
  return { report, restarted: leader };
}

async function followerStop(
  cluster: EtcdCluster,
  load: Load,
  logs: string[],
  avoid: EtcdServer,
): Promise<{ report: () => FaultReport; stoppedAt: number }> {
  // A follower that stayed up all along (the member restarted by the first fault may still be catching up).
  const leader = await cluster.waitForLeader();
  const follower = cluster.members.find((m) => m !== leader && m !== avoid);
  if (follower === undefined) throw new Error('no follower to stop');
  const logStart = logs.length;
  const stoppedAt = Date.now();
  follower.pause();
  logs.push(`fault: ${follower.host} stopped (SIGSTOP)`);
  const ready = probeReadiness(load.backend);
  await sleep(5000);
  const readiness = ready.stop();
  follower.resume();
  const resumedAt = Date.now();
  await sleep(1000);
  const logEnd = logs.length;
  const report = (): FaultReport => ({
    fault: 'follower SIGSTOP 5 s',
    longestAckGapMs: load.longestAckGap(stoppedAt, resumedAt),
    // Every failure from the stop to the end (requests stuck on the member end when it thaws or at their deadline).
    failedRequests: load.failedDuring(stoppedAt, Number.POSITIVE_INFINITY).length,
    watchRestarts: logs.slice(logStart, logEnd).filter((l) => l.includes('etcd watch restarted')).length,
    readyzRed: readiness.red,
    readyzChecks: readiness.checks,
  });
  return { report, stoppedAt };
}

t.test('3-member etcd: leader kill -9 and follower SIGSTOP with writers and a watch', async (t) => {
  const cluster = await startEtcdCluster();
  t.teardown(() => cluster.stop());
  const logs: string[] = [];
  const t0 = Date.now();
  const backend = new Etcd3Backend({ hosts: cluster.hosts, compactionIntervalMs: 0, log: (l) => logs.push(`+${Date.now() - t0}ms ${l}`) });
  t.teardown(() => backend.close());
  const store = backend.newStorage();
  const startRv = await store.getCurrentResourceVersion();
  const watch = new CounterWatch();
  watch.start(await store.watch('/counters/', { recursive: true, resourceVersion: startRv }));
  const load = new Load(backend, store);
  load.start();
  await sleep(1000);

  const { report: killReport, restarted } = await leaderKill(cluster, load, logs);
  const { report: stopReport, stoppedAt } = await followerStop(cluster, load, logs, restarted);
  await load.stop();
  const kill = killReport(stoppedAt);
  const stop = stopReport();
  await sleep(1000);

  const stored = await Promise.all(
    Array.from({ length: writers }, async (_, i) => ((await store.get(`/counters/ns/c${i}`)) as Counter).data?.n ?? 0),
  );
  const objects = new Set((await store.getList('/objects/', { recursive: true })).items.map((o) => o.metadata.name ?? ''));
  const summary = {
    faults: [kill, stop],
    acknowledgedWrites: load.ops.filter((o) => o.ok).length,
    failedWrites: load.ops.filter((o) => !o.ok).length,
    watchEvents: [...watch.last.values()].reduce((a, b) => a + b, 0),
    errors: [...new Set(load.ops.filter((o) => !o.ok).map((o) => o.error))].slice(0, 5),
  };
  t.comment(`cluster-failover ${JSON.stringify(summary)}`);
  for (const line of logs) t.comment(line);

  // The election itself is etcd's (1.5–5.7 s here depending on machine load, reported in the comment above), not
  // the backend's: what the backend owes is that nothing issued once a leader exists fails.
  t.ok(kill.electionMs !== undefined, `a new leader was elected (${kill.electionMs} ms)`);
  t.equal(kill.failedAfterElection, 0, 'leader kill: no request issued after the election failed');
  // A request still in flight when the follower stops belongs to that fault, not to the calm: one issued 52 ms
  // before the SIGSTOP and answered after it (deadline exceeded on the stopped member) failed this in a CI run.
  const calm = load.failedIssued(stoppedAt - 4000, stoppedAt).filter((o) => o.doneAt < stoppedAt);
  t.same(calm.map((o) => `${o.kind} +${o.issuedAt - (stoppedAt - 4000)}ms: ${o.error}`), [], 'no failure in the calm before the follower stop');
  t.equal(kill.readyzRed, 0, `leader kill: /readyz etcd check green with 2 of 3 members (${kill.readyzChecks} checks)`);
  t.ok(stop.longestAckGapMs <= 3000, `follower stop: longest gap between acknowledged writes ${stop.longestAckGapMs} ms ≤ 3 s`);
  t.equal(stop.readyzRed, 0, `follower stop: /readyz etcd check green (${stop.readyzChecks} checks)`);
  for (let i = 0; i < writers; i++) {
    const n = stored[i]!;
    const lo = load.acked[i]!;
    const hi = lo + load.ambiguous[i]!;
    t.ok(n >= lo && n <= hi, `counter c${i}: stored ${n}, acknowledged ${lo}, failed ${load.ambiguous[i]} (no lost, no duplicate)`);
  }
  t.ok(
    load.created.every((n) => objects.has(n)),
    `all ${load.created.length} acknowledged creates stored`,
  );
  t.ok(
    [...objects].every((n) => load.created.includes(n) || load.createsUnsure.includes(n)),
    'nothing stored that was not attempted',
  );
  t.same(watch.problems, [], 'the watch saw every increment once, in order, and never ended');
  t.same(
    [...watch.last.entries()].sort().map(([k, v]) => `${k}=${v}`),
    stored.map((n, i) => `c${i}=${n}`).filter((_, i) => stored[i]! > 0),
    'the watch ends at the stored values',
  );
});
