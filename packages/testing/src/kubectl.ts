/** @module kubectl — find kubectl and run it against a test server with a bounded timeout. */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode, findExecutable } from './etcd-binary.js';

/** Where a kubectl binary is, or why none can be used (a test then skips, printing the reason). */
export type KubectlLookup = { readonly binary: string } | { readonly reason: string };

/** How {@link runKubectl} and {@link startKubectl} run kubectl. */
export interface KubectlRunOptions {
  /** Kubeconfig file, passed as `--kubeconfig` (never the user's `~/.kube/config`). */
  readonly kubeconfig: string;
  /** Discovery/HTTP cache dir, passed as `--cache-dir` (a temp dir per test file). */
  readonly cacheDir: string;
  /** Extra environment variables (e.g. `KUBE_EDITOR`), merged over `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Text written to kubectl's stdin (for `-f -`); stdin is closed either way. */
  readonly input?: string;
  /** Kill the process (SIGKILL) after this many ms; default 30 000. */
  readonly timeoutMs?: number;
}

/** What a finished kubectl run produced. */
export interface KubectlResult {
  /** Exit code, or null when the process was ended by a signal. */
  readonly code: number | null;
  /** The signal that ended it (e.g. `SIGKILL` after a timeout), or null. */
  readonly signal: NodeJS.Signals | null;
  /** Everything written to stdout (UTF-8). */
  readonly stdout: string;
  /** Everything written to stderr (UTF-8), plus a spawn error message if it could not start. */
  readonly stderr: string;
  /** True when the timeout expired and the process was killed. */
  readonly timedOut: boolean;
}

/** A kubectl still running (e.g. `get -w`), started by {@link startKubectl}. */
export interface KubectlProcess {
  /** The process id (also its process group id). */
  readonly pid: number | undefined;
  /** Stdout so far. */
  stdout(): string;
  /** Stderr so far. */
  stderr(): string;
  /** Resolves with stdout once it matches `pattern`; rejects after `timeoutMs` or when the process ends first. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Resolves when the process ends (by itself, by its timeout or by {@link KubectlProcess.stop}). */
  readonly done: Promise<KubectlResult>;
  /** Kills the process group (SIGKILL) if still running and resolves with its result. */
  stop(): Promise<KubectlResult>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Go runtime settings every kubectl started here gets unless the caller's environment (or
 * {@link KubectlRunOptions.env}) sets them: one OS thread running Go code and a garbage collection only after the
 * heap has grown fourfold. A kubectl run lives ~100 ms and allocates little, so its collections and parallel GC
 * workers are mostly waste: on a shared 2-core machine the kubectl e2e's 275 runs took 22.2 CPU-s by default and
 * 16.9 CPU-s with these. What kubectl sends and prints does not change.
 */
export const KUBECTL_GO_RUNTIME_ENV: Readonly<Record<'GOMAXPROCS' | 'GOGC', string>> = { GOMAXPROCS: '1', GOGC: '400' };
const OUTPUT_LIMIT = 16 * 1024 * 1024;
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** The first `kubectl` on PATH (may be Google's dispatcher, which picks `kubectl.<major>.<minor>` beside it). */
export async function findKubectl(pathEnv = process.env.PATH ?? ''): Promise<KubectlLookup> {
  const binary = await findExecutable('kubectl', pathEnv);
  return binary === undefined ? { reason: 'no executable kubectl on PATH' } : { binary };
}

/** A versioned kubectl installed beside the dispatcher (`kubectl.1.31`), found by {@link versionedKubectls}. */
export interface VersionedKubectl {
  /** Minor version from the file name (31 for `kubectl.1.31`). */
  readonly minor: number;
  /** Absolute path of the binary. */
  readonly binary: string;
}

/**
 * The `kubectl.1.<minor>` executables in the directory of `binary` (after resolving symlinks), sorted by
 * minor: Google Cloud SDK installs one per supported release beside its dispatcher.
 */
export async function versionedKubectls(binary: string): Promise<VersionedKubectl[]> {
  const dir = path.dirname(await realpath(binary));
  const found: VersionedKubectl[] = [];
  for (const name of await readdir(dir)) {
    const m = /^kubectl\.1\.(\d+)$/.exec(name);
    if (m === null) continue;
    const file = path.join(dir, name);
    try {
      await access(file, constants.X_OK);
      found.push({ minor: Number(m[1]), binary: file });
    } catch {
      // not executable: not a kubectl we can run
    }
  }
  return found.sort((a, b) => a.minor - b.minor);
}

/** kubectl's global flags for a test run; they go first so they never land after a `--`. */
export function kubectlArgs(args: readonly string[], options: KubectlRunOptions): string[] {
  return ['--kubeconfig', options.kubeconfig, '--cache-dir', options.cacheDir, ...args];
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // The child leads its own process group (detached), so helpers it spawned (an editor script, a
    // versioned kubectl under the dispatcher) end with it.
    process.kill(-child.pid, 'SIGKILL');
  } catch (err) {
    if (errnoCode(err) !== 'ESRCH') throw err;
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) killGroup(child);
  });
}

function collector(): { append(chunk: Buffer): void; text(): string } {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    append(chunk) {
      if (size >= OUTPUT_LIMIT) return;
      chunks.push(chunk);
      size += chunk.length;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/**
 * Starts `binary` with the test's `--kubeconfig`/`--cache-dir` and `args`, in its own process group,
 * killed after `timeoutMs`. Use it for commands that do not end by themselves (`get -w`).
 */
export function startKubectl(binary: string, args: readonly string[], options: KubectlRunOptions): KubectlProcess {
  installExitHook();
  const child = spawn(binary, kubectlArgs(args, options), {
    env: { ...KUBECTL_GO_RUNTIME_ENV, ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  const out = collector();
  const err = collector();
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    out.append(chunk);
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => err.append(chunk));
  child.stdin.on('error', () => undefined); // EPIPE when kubectl exits before reading stdin
  child.stdin.end(options.input ?? '');
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child);
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const done = new Promise<KubectlResult>((resolve) => {
    let spawnError = '';
    child.once('error', (e) => {
      spawnError = `${e.message}\n`;
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      for (const listener of listeners) listener();
      resolve({ code, signal, stdout: out.text(), stderr: err.text() + spawnError, timedOut });
    });
  });
  let ended = false;
  void done.then(() => {
    ended = true;
  });
  const waitForOutput = (pattern: RegExp, timeoutMs: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const text = out.text();
        if (pattern.test(text)) finish(() => resolve(text));
        else if (ended || child.exitCode !== null || child.signalCode !== null) {
          finish(() => reject(new Error(`kubectl ended before ${pattern}: stdout=${text} stderr=${err.text()}`)));
        }
      };
      const deadline = setTimeout(() => {
        finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms: stdout=${out.text()} stderr=${err.text()}`)));
      }, timeoutMs);
      const finish = (settle: () => void): void => {
        clearTimeout(deadline);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  return {
    pid: child.pid,
    stdout: () => out.text(),
    stderr: () => err.text(),
    waitForOutput,
    done,
    stop: () => {
      killGroup(child);
      return done;
    },
  };
}

/** Runs kubectl to completion (bounded by `timeoutMs`) and returns its exit code and output. */
export function runKubectl(binary: string, args: readonly string[], options: KubectlRunOptions): Promise<KubectlResult> {
  return startKubectl(binary, args, options).done;
}
