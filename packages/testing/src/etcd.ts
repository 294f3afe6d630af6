/** @module etcd — start a throwaway single-member etcd on free loopback ports for tests. */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { ensureEtcdBinary } from './etcd-binary.js';
import {
  type EtcdChild,
  type EtcdLaunch,
  type LaunchFailure,
  spawnEtcd,
  terminate,
  waitUntilReady,
} from './etcd-process.js';
import { freePorts } from './free-port.js';
import { tempDir } from './temp-dir.js';

/** Options of {@link startEtcd}. */
export interface StartEtcdOptions {
  /** Path of the etcd binary (default: found on PATH, installed with apt if missing). */
  readonly binary?: string;
  /** Longest wait for `/health` per launch, in ms (default and maximum 20 000). */
  readonly startTimeoutMs?: number;
  /** Extra etcd flags, e.g. `['--experimental-watch-progress-notify-interval', '1s']`. */
  readonly extraArgs?: readonly string[];
  /** Launch attempts when a picked port turns out to be taken (default 3). */
  readonly bindAttempts?: number;
}

/** A running etcd started by {@link startEtcd}; it owns its ports, process and data dir. */
export interface EtcdServer {
  /** Client URL, `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  /** `127.0.0.1:<port>`, the form the `etcd3` client's `hosts` option takes. */
  readonly host: string;
  /** The client port. */
  readonly clientPort: number;
  /** The peer port. */
  readonly peerPort: number;
  /** The member's data directory (created by `mkdtemp`, removed by `stop()`). */
  readonly dataDir: string;
  /** The member name (random, checked against the listener). */
  readonly name: string;
  /** PID of the current etcd process (changes after `restart()`). */
  readonly pid: number;
  /** Whether the process we started is still running. */
  readonly running: boolean;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s) and removes the data dir; idempotent. */
  stop(): Promise<void>;
  /** Kills the process with SIGKILL and keeps the data dir (a crash); `restart()` brings it back. */
  kill(): Promise<void>;
  /** Stops the process if running and starts it again on the same ports and data dir. */
  restart(): Promise<void>;
  /** Freezes the process with SIGSTOP (a hung member: its sockets stay open, nothing answers). */
  pause(): void;
  /** Thaws a paused process with SIGCONT. */
  resume(): void;
  /** Whether the process is frozen by `pause()`. */
  readonly paused: boolean;
}

/** Longest wait for a launch to become healthy, in ms. */
export const MAX_START_MS = 20_000;
const live = new Set<{ killSync(): void }>();
let exitHookInstalled = false;

const cleanupSignals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

function killAllSync(): void {
  for (const instance of live) instance.killSync();
}

/**
 * Last-resort cleanup when a test process ends without stopping its etcd: on `exit`, and on the signals
 * a runner sends (tap's timeout sends SIGALRM; others SIGTERM/SIGINT/SIGHUP). After cleaning up, a
 * termination signal is raised again without our listeners, so the process ends as it would have
 * (or other handlers, e.g. signal-exit's, run).
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killAllSync);
  // tap's timeout: SIGALRM is tap's own signal to report and end the test; just clean up.
  process.on('SIGALRM', killAllSync);
  for (const signal of cleanupSignals) {
    const onSignal = (): void => {
      killAllSync();
      for (const s of cleanupSignals) process.removeListener(s, handlers.get(s)!);
      process.kill(process.pid, signal);
    };
    handlers.set(signal, onSignal);
    process.on(signal, onSignal);
  }
}
const handlers = new Map<NodeJS.Signals, () => void>();

/** One etcd process we started (alone or as a cluster member); killed by the exit hook if still alive. */
export class EtcdInstance implements EtcdServer {
  #launch: EtcdLaunch;
  #child: EtcdChild;
  readonly #timeoutMs: number;
  #removed = false;
  #paused = false;

  constructor(launch: EtcdLaunch, child: EtcdChild, timeoutMs: number) {
    this.#launch = launch;
    this.#child = child;
    this.#timeoutMs = timeoutMs;
    live.add(this);
    installExitHook();
  }

  get endpoint(): string {
    return `http://${this.host}`;
  }
  get host(): string {
    return `127.0.0.1:${this.#launch.clientPort}`;
  }
  get clientPort(): number {
    return this.#launch.clientPort;
  }
  get peerPort(): number {
    return this.#launch.peerPort;
  }
  get dataDir(): string {
    return this.#launch.dataDir;
  }
  get name(): string {
    return this.#launch.name;
  }
  get pid(): number {
    return this.#child.process.pid ?? -1;
  }
  get running(): boolean {
    return this.#child.process.exitCode === null && this.#child.process.signalCode === null;
  }

  get paused(): boolean {
    return this.#paused && this.running;
  }

  pause(): void {
    if (!this.running) throw new Error(`etcd ${this.name} is not running`);
    this.#child.process.kill('SIGSTOP');
    this.#paused = true;
  }

  resume(): void {
    if (this.running) this.#child.process.kill('SIGCONT');
    this.#paused = false;
  }

  async stop(): Promise<void> {
    this.resume();
    await terminate(this.#child, 'SIGTERM');
    this.#removeDataDir();
  }

  async kill(): Promise<void> {
    await terminate(this.#child, 'SIGKILL');
    this.#paused = false;
  }

  async restart(): Promise<void> {
    if (this.#removed) throw new Error('etcd was stopped and its data dir removed; start a new one');
    this.resume();
    await terminate(this.#child, 'SIGTERM');
    const child = spawnEtcd(this.#launch);
    const failure = await waitUntilReady(child, this.endpoint, this.name, this.#timeoutMs);
    this.#child = child;
    if (failure !== undefined) {
      await terminate(child, 'SIGKILL');
      throw new Error(`etcd restart failed (${failure.kind}): ${failure.message}`);
    }
  }

  /** Synchronous kill + removal, for the process exit hook only. */
  killSync(): void {
    if (this.running) this.#child.process.kill('SIGKILL');
    this.#removeDataDir();
  }

  #removeDataDir(): void {
    if (this.#removed) return;
    this.#removed = true;
    live.delete(this);
    rmSync(this.#launch.dataDir, { recursive: true, force: true });
  }
}

type LaunchResult =
  | { readonly launch: EtcdLaunch; readonly child: EtcdChild }
  | { readonly failure: LaunchFailure };

async function launchOnce(binary: string, options: StartEtcdOptions, timeoutMs: number): Promise<LaunchResult> {
  const [clientPort, peerPort] = await freePorts(2);
  const dir = await tempDir('apiserver-etcd-');
  const launch: EtcdLaunch = {
    binary,
    name: `test-${randomBytes(6).toString('hex')}`,
    dataDir: dir.path,
    clientPort: clientPort!,
    peerPort: peerPort!,
    extraArgs: options.extraArgs ?? [],
  };
  const child = spawnEtcd(launch);
  const failure: LaunchFailure | undefined = await waitUntilReady(
    child,
    `http://127.0.0.1:${launch.clientPort}`,
    launch.name,
    timeoutMs,
  );
  if (failure === undefined) return { launch, child };
  await terminate(child, 'SIGKILL');
  await dir.remove();
  return { failure };
}

/**
 * Starts a single-member etcd on two free 127.0.0.1 ports with a fresh data dir, waits (≤ 20 s) for
 * `/health`, and checks that the listener is the process it started. Picks new ports and retries
 * when a port was taken in the meantime.
 */
export async function startEtcd(options: StartEtcdOptions = {}): Promise<EtcdServer> {
  const binary = options.binary ?? (await ensureEtcdBinary());
  const timeoutMs = Math.min(options.startTimeoutMs ?? MAX_START_MS, MAX_START_MS);
  const attempts = Math.max(1, options.bindAttempts ?? 3);
  let lastFailure: LaunchFailure | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const result = await launchOnce(binary, options, timeoutMs);
    if ('launch' in result) return new EtcdInstance(result.launch, result.child, timeoutMs);
    lastFailure = result.failure;
    if (lastFailure.kind !== 'bind') break;
  }
  throw new Error(`startEtcd failed (${lastFailure?.kind}): ${lastFailure?.message}`);
}
