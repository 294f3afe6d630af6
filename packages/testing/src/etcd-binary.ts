/** @module etcd-binary — find the `etcd` executable, installing Debian's `etcd-server` once if missing. */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, open, readFile, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** One command of an installation recipe: program and arguments (no shell). */
export interface InstallCommand {
  /** Program to run, looked up on PATH. */
  readonly command: string;
  /** Arguments passed verbatim. */
  readonly args: readonly string[];
}

/** How CI machines without etcd get it: Debian's package, which installs `/usr/bin/etcd`. */
export const ETCD_INSTALL_COMMANDS: readonly InstallCommand[] = [
  { command: 'apt-get', args: ['update'] },
  { command: 'apt-get', args: ['install', '-y', 'etcd-server'] },
];

/** Options of {@link ensureEtcdBinary}; the defaults install with apt under a machine-wide lock. */
export interface EnsureEtcdOptions {
  /** PATH to search (default `process.env.PATH`). */
  readonly pathEnv?: string;
  /** Lock file serialising installs across processes (default in the OS temp dir). */
  readonly lockFile?: string;
  /** Installs etcd; default runs {@link ETCD_INSTALL_COMMANDS}. */
  readonly install?: () => Promise<void>;
  /** Longest time to wait for another process's install (default 10 minutes). */
  readonly waitTimeoutMs?: number;
}

const DEFAULT_LOCK = path.join(os.tmpdir(), 'apiserver-testing-etcd-install.lock');

/** Returns the absolute path of the first executable `name` on `pathEnv`, or undefined. */
export async function findExecutable(name: string, pathEnv = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of pathEnv.split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.resolve(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}

/**
 * Runs commands one after another (no shell); rejects on the first failure. Their output goes to this process's
 * stderr: on stdout it would run into a test's TAP stream (apt's progress lines end without a newline, so the next
 * TAP line is lost and tap counts the file as failed).
 */
export async function runCommands(commands: readonly InstallCommand[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  for (const { command, args } of commands) {
    const code = await new Promise<number | string>((resolve) => {
      const child = spawn(command, [...args], { stdio: ['ignore', process.stderr, process.stderr], env });
      child.once('error', (err) => resolve(err.message));
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? `signal ${String(signal)}`));
    });
    if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${String(code)}`);
  }
}

/** Installs etcd with apt; requires root (CI containers run as root). */
export async function aptInstallEtcd(): Promise<void> {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error('etcd is not on PATH and installing etcd-server with apt-get needs root; install it first');
  }
  await runCommands(ETCD_INSTALL_COMMANDS, { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
}

/** The `code` of a Node system error (`EEXIST`, `ESRCH`, …), or undefined. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) === 'EPERM';
  }
}

/** Takes the lock (exclusive create); removes a lock whose owner process is gone. */
async function tryLock(lockFile: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (err) {
    if (errnoCode(err) !== 'EEXIST') throw err;
  }
  const owner = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) {
    await unlink(lockFile).catch(() => undefined);
  }
  return false;
}

/**
 * Returns the path of `etcd`, installing it first if it is not on PATH. Parallel callers (test files
 * run in parallel processes) serialise on a lock file, so the installer runs at most once at a time
 * and later callers just find the binary.
 */
export async function ensureEtcdBinary(options: EnsureEtcdOptions = {}): Promise<string> {
  const pathEnv = options.pathEnv ?? process.env.PATH ?? '';
  const found = await findExecutable('etcd', pathEnv);
  if (found !== undefined) return found;
  const lockFile = options.lockFile ?? DEFAULT_LOCK;
  const deadline = Date.now() + (options.waitTimeoutMs ?? 600_000);
  while (!(await tryLock(lockFile))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for the etcd install lock ${lockFile}`);
    await sleep(200);
    const installed = await findExecutable('etcd', pathEnv);
    if (installed !== undefined) return installed;
  }
  try {
    // Another process may have finished installing between our check and taking the lock.
    const again = await findExecutable('etcd', pathEnv);
    if (again !== undefined) return again;
    await (options.install ?? aptInstallEtcd)();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
  const installed = await findExecutable('etcd', pathEnv);
  if (installed === undefined) throw new Error('etcd was installed but is still not on PATH');
  return installed;
}
