/**
 * @module etcd-cluster — a throwaway multi-member etcd cluster on free loopback ports, with the faults a
 * reliability test needs: kill -9, SIGSTOP/SIGCONT and restart of one member, and leader lookup.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureEtcdBinary } from './etcd-binary.js';
import { type EtcdChild, type EtcdLaunch, type LaunchFailure, spawnEtcd, terminate, waitUntilReady } from './etcd-process.js';
import { EtcdInstance, type EtcdServer, MAX_START_MS } from './etcd.js';
import { freePorts } from './free-port.js';
import { tempDir } from './temp-dir.js';

/** Options of {@link startEtcdCluster}. */
export interface StartEtcdClusterOptions {
  /** Members (default 3). */
  readonly size?: number;
  /** Path of the etcd binary (default: found on PATH, installed with apt if missing). */
  readonly binary?: string;
  /** Longest wait for every member's `/health` per launch, in ms (default and maximum 20 000). */
  readonly startTimeoutMs?: number;
  /** Extra flags for every member, e.g. `['--heartbeat-interval', '100']`. */
  readonly extraArgs?: readonly string[];
  /** Launch attempts when a picked port turns out to be taken (default 3). */
  readonly bindAttempts?: number;
}

/** A running cluster started by {@link startEtcdCluster}. */
export interface EtcdCluster {
  /** The members, in `--initial-cluster` order; each can be killed, paused, resumed and restarted. */
  readonly members: readonly EtcdServer[];
  /** Every member's `127.0.0.1:<port>` (the `etcd3` client's `hosts`). */
  readonly hosts: readonly string[];
  /** The current leader as seen by the reachable members (running and not paused); rejects when there is none. */
  leader(): Promise<EtcdServer>;
  /** Polls until a reachable member other than `except` is leader (≤ `timeoutMs`, default 10 000). */
  waitForLeader(options?: { readonly except?: EtcdServer; readonly timeoutMs?: number }): Promise<EtcdServer>;
  /** A running, unpaused member that is not the leader (waiting for a leader as {@link EtcdCluster.waitForLeader}). */
  follower(): Promise<EtcdServer>;
  /** Stops every member and removes the data dirs; idempotent. */
  stop(): Promise<void>;
}

interface StatusResponse {
  readonly header?: { readonly member_id?: string };
  readonly leader?: string;
}

/** `Maintenance.Status` of one member through etcd's JSON gateway: its member ID and the leader it follows. */
async function memberStatus(endpoint: string): Promise<{ id: string; leader: string } | undefined> {
  try {
    const res = await fetch(`${endpoint}/v3/maintenance/status`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(500) });
    if (!res.ok) return undefined;
    const body = (await res.json()) as StatusResponse;
    const id = body.header?.member_id;
    const leader = body.leader;
    if (id === undefined || leader === undefined || leader === '0') return undefined;
    return { id, leader };
  } catch {
    return undefined;
  }
}

class Cluster implements EtcdCluster {
  readonly members: readonly EtcdInstance[];

  constructor(members: readonly EtcdInstance[]) {
    this.members = members;
  }

  get hosts(): readonly string[] {
    return this.members.map((m) => m.host);
  }

  async leader(): Promise<EtcdServer> {
    const reachable = this.members.filter((m) => m.running && !m.paused);
    const statuses = await Promise.all(reachable.map(async (m) => ({ member: m, status: await memberStatus(m.endpoint) })));
    for (const { member, status } of statuses) {
      if (status !== undefined && status.id === status.leader) return member;
    }
    throw new Error('no reachable etcd member is leader');
  }

  async waitForLeader(options: { readonly except?: EtcdServer; readonly timeoutMs?: number } = {}): Promise<EtcdServer> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const leader = await this.leader().catch(() => undefined);
      if (leader !== undefined && leader !== options.except) return leader;
      if (Date.now() > deadline) throw new Error('no new etcd leader elected in time');
      await sleep(25);
    }
  }

  async follower(): Promise<EtcdServer> {
    const leader = await this.waitForLeader();
    const follower = this.members.find((m) => m !== leader && m.running && !m.paused);
    if (follower === undefined) throw new Error('no running follower');
    return follower;
  }

  async stop(): Promise<void> {
    await Promise.all(this.members.map((m) => m.stop()));
  }
}

type ClusterLaunch = { readonly members: EtcdInstance[] } | { readonly failure: LaunchFailure };

async function launchClusterOnce(binary: string, size: number, options: StartEtcdClusterOptions, timeoutMs: number): Promise<ClusterLaunch> {
  const ports = await freePorts(size * 2);
  const token = `cluster-${randomBytes(6).toString('hex')}`;
  const dirs = await Promise.all(Array.from({ length: size }, () => tempDir('apiserver-etcd-cluster-')));
  const launches: EtcdLaunch[] = dirs.map((dir, i) => ({
    binary,
    name: `${token}-m${i}`,
    dataDir: dir.path,
    clientPort: ports[2 * i]!,
    peerPort: ports[2 * i + 1]!,
    extraArgs: options.extraArgs ?? [],
    clusterToken: token,
  }));
  const initialCluster = launches.map((l) => `${l.name}=http://127.0.0.1:${l.peerPort}`).join(',');
  const children: EtcdChild[] = launches.map((l) => spawnEtcd({ ...l, initialCluster }));
  const failures = await Promise.all(
    children.map((child, i) => waitUntilReady(child, `http://127.0.0.1:${launches[i]!.clientPort}`, launches[i]!.name, timeoutMs)),
  );
  const failure = failures.find((f) => f !== undefined);
  if (failure === undefined) return { members: children.map((child, i) => new EtcdInstance({ ...launches[i]!, initialCluster }, child, timeoutMs)) };
  await Promise.all(children.map((c) => terminate(c, 'SIGKILL')));
  await Promise.all(dirs.map((d) => d.remove()));
  return { failure: failures.find((f) => f?.kind === 'bind') ?? failure };
}

/**
 * Starts a `size`-member etcd cluster (default 3) on free 127.0.0.1 ports, one fresh data dir per member,
 * and waits (≤ 20 s) until every member serves `/health` as itself. Retries with new ports when one was taken.
 */
export async function startEtcdCluster(options: StartEtcdClusterOptions = {}): Promise<EtcdCluster> {
  const binary = options.binary ?? (await ensureEtcdBinary());
  const timeoutMs = Math.min(options.startTimeoutMs ?? MAX_START_MS, MAX_START_MS);
  const size = Math.max(1, options.size ?? 3);
  const attempts = Math.max(1, options.bindAttempts ?? 3);
  let lastFailure: LaunchFailure | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const result = await launchClusterOnce(binary, size, options, timeoutMs);
    if ('members' in result) return new Cluster(result.members);
    lastFailure = result.failure;
    if (lastFailure.kind !== 'bind') break;
  }
  throw new Error(`startEtcdCluster failed (${lastFailure?.kind}): ${lastFailure?.message}`);
}
