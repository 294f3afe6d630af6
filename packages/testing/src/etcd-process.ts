/** @module etcd-process — spawn one etcd member on loopback and wait until it is healthy and ours. */
import { type ChildProcess, spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Everything needed to launch (or relaunch) one etcd member. */
export interface EtcdLaunch {
  readonly binary: string;
  readonly name: string;
  readonly dataDir: string;
  readonly clientPort: number;
  readonly peerPort: number;
  readonly extraArgs: readonly string[];
  /** `--initial-cluster` of a multi-member cluster (default: this member alone). */
  readonly initialCluster?: string;
  /** `--initial-cluster-token` (default: the member name). */
  readonly clusterToken?: string;
}

/** A spawned etcd child with a bounded tail of its output (for error messages). */
export interface EtcdChild {
  readonly process: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  readonly exited: Promise<number | string>;
  /** The last few KiB of stdout+stderr. */
  output(): string;
}

const OUTPUT_TAIL = 16 * 1024;

/** The etcd command line: every URL on 127.0.0.1; a one-member cluster named `name` unless `initialCluster` is set. */
export function etcdArgs(launch: EtcdLaunch): string[] {
  const client = `http://127.0.0.1:${launch.clientPort}`;
  const peer = `http://127.0.0.1:${launch.peerPort}`;
  return [
    '--name', launch.name,
    '--data-dir', launch.dataDir,
    '--listen-client-urls', client,
    '--advertise-client-urls', client,
    '--listen-peer-urls', peer,
    '--initial-advertise-peer-urls', peer,
    '--initial-cluster', launch.initialCluster ?? `${launch.name}=${peer}`,
    '--initial-cluster-token', launch.clusterToken ?? launch.name,
    '--logger', 'zap',
    '--log-level', 'error',
    ...launch.extraArgs,
  ];
}

/**
 * Scheduling priority of etcd members (a nice value): ahead of the test processes, as etcd runs on its own cores in
 * a real control plane. `npm test` runs up to eight test processes on 2 cores; starved of CPU, etcd's heartbeats
 * and elections stretched (a leader election took 3.1 s at load 16 where it takes 1–2 s), and tests that time
 * kube-lite against etcd measured the machine instead. Raising priority needs root (CI runs as root); elsewhere it is
 * left as it is.
 */
export const ETCD_NICE = -5;

/** Spawns etcd detached from our event loop (the test process may exit; a hook kills it then). */
export function spawnEtcd(launch: EtcdLaunch): EtcdChild {
  const child = spawn(launch.binary, etcdArgs(launch), { stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, ETCD_NICE);
    } catch {
      // Not root: etcd keeps our priority.
    }
  }
  let tail = '';
  const append = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // 'close' (not 'exit'): it comes after the output pipes are drained, so the tail is complete.
  const exited = new Promise<number | string>((resolve) => {
    child.once('error', (err) => resolve(err.message));
    child.once('close', (code, signal) => resolve(code ?? String(signal)));
  });
  const etcdChild: EtcdChild = { process: child, exited, output: () => tail };
  setRef(etcdChild, false);
  return etcdChild;
}

/**
 * Makes the child (process and output pipes) keep our event loop alive, or not. It is unref'd while
 * idle so a test process can exit (the exit hook then kills it), and ref'd while we await it.
 */
function setRef(child: EtcdChild, ref: boolean): void {
  if (ref) child.process.ref();
  else child.process.unref();
  for (const stream of [child.process.stdout, child.process.stderr]) {
    if (stream instanceof Socket) {
      if (ref) stream.ref();
      else stream.unref();
    }
  }
}

async function holding<T>(child: EtcdChild, work: () => Promise<T>): Promise<T> {
  setRef(child, true);
  try {
    return await work();
  } finally {
    setRef(child, false);
  }
}

/**
 * Signals the child and waits for it to exit (SIGKILL after 5 s). The child is ref'd while we wait:
 * it is unref'd otherwise, and an unref'd child's exit would not keep the test process alive.
 */
export async function terminate(child: EtcdChild, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  await holding(child, async () => {
    const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
    await child.exited;
    clearTimeout(timer);
  });
}

interface MemberList {
  readonly members?: ReadonlyArray<{ readonly name?: string; readonly clientURLs?: readonly string[] }>;
}

async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(1000) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

function isMemberList(v: unknown): v is MemberList {
  return typeof v === 'object' && v !== null;
}

/** True when the etcd answering on `endpoint` is healthy and is the member we named `name`. */
export async function isOurHealthyEtcd(endpoint: string, name: string): Promise<boolean> {
  try {
    const health = await fetchJson(`${endpoint}/health`, {});
    if (typeof health !== 'object' || health === null || !('health' in health) || health.health !== 'true') {
      return false;
    }
    // A random member name proves the listener is the process we started, not a stranger on the port.
    const list = await fetchJson(`${endpoint}/v3/cluster/member/list`, { method: 'POST', body: '{}' });
    if (!isMemberList(list)) return false;
    return (list.members ?? []).some((m) => m.name === name && (m.clientURLs ?? []).includes(endpoint));
  } catch {
    return false;
  }
}

/** Why a launch failed: `bind` means a port was taken and another pair of ports may work. */
export type LaunchFailure = { readonly kind: 'bind' | 'exit' | 'timeout'; readonly message: string };

/**
 * Waits (bounded) until `child` serves `/health` as member `name` at `endpoint`; returns a failure
 * instead when the child exits first or the time runs out. The child is left running on success.
 */
export function waitUntilReady(
  child: EtcdChild,
  endpoint: string,
  name: string,
  timeoutMs: number,
): Promise<LaunchFailure | undefined> {
  return holding(child, () => pollReady(child, endpoint, name, timeoutMs));
}

async function pollReady(
  child: EtcdChild,
  endpoint: string,
  name: string,
  timeoutMs: number,
): Promise<LaunchFailure | undefined> {
  let exitedWith: number | string | undefined;
  void child.exited.then((code) => {
    exitedWith = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) break;
    if (await isOurHealthyEtcd(endpoint, name)) {
      if (exitedWith === undefined && child.process.exitCode === null) return undefined;
      break;
    }
    await sleep(50);
  }
  if (exitedWith === undefined && child.process.exitCode === null) {
    return { kind: 'timeout', message: `etcd not healthy within ${timeoutMs} ms:\n${child.output()}` };
  }
  await child.exited;
  const output = child.output();
  const kind = /address already in use/i.test(output) ? 'bind' : 'exit';
  return { kind, message: `etcd exited (${String(await child.exited)}):\n${output}` };
}
