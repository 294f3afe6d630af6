/**
 * A pid lock file that keeps two processes from writing one data directory.
 * @module
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File name of the lock inside the data directory. */
export const LOCK_FILE = 'LOCK';

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  /** The data directory. */
  readonly dir: string;
  /** Process id found in the lock file. */
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(`data directory ${dir} is in use by process ${pid}`);
    this.name = 'DataDirLockedError';
    this.dir = dir;
    this.pid = pid;
  }
}

/**
 * Takes the lock of `dir` for this process and returns its release function. A lock left by a dead
 * process (a crash) is taken over; one held by this process is shared (opening a directory twice in one
 * process is the caller's responsibility).
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => release(path);
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err;
    }
    const holder = lockHolder(path);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    if (holder === process.pid) return () => release(path);
    try {
      unlinkSync(path);
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) throw err;
    }
  }
  throw new Error(`could not lock data directory ${dir}`);
}

function release(path: string): void {
  if (lockHolder(path) !== process.pid) return;
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function lockHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return isErrno(err, 'EPERM');
  }
}

function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && Reflect.get(err, 'code') === code;
}
