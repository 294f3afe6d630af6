/** @module temp-dir — temporary directories that remove only themselves. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A directory created by {@link tempDir}; `remove()` deletes exactly that directory. */
export interface TempDir {
  /** Absolute path of the created directory. */
  readonly path: string;
  /** Recursively removes the directory (idempotent). */
  remove(): Promise<void>;
}

/** Creates a fresh directory under the OS temp dir with `mkdtemp` (unique, mode 0700). */
export async function tempDir(prefix = 'apiserver-test-'): Promise<TempDir> {
  if (prefix.includes('/') || prefix.includes(path.sep)) {
    throw new TypeError(`tempDir: prefix must not contain a path separator: ${JSON.stringify(prefix)}`);
  }
  const created = await mkdtemp(path.join(os.tmpdir(), prefix));
  return {
    path: created,
    remove: () => rm(created, { recursive: true, force: true }),
  };
}
