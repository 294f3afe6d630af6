/**
 * Snapshot files: a header frame and key-value chunk frames, replaced atomically (temp file, fsync, rename, fsync dir).
 * @module
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { MvccSnapshot } from '../mvcc/mvcc-store.js';
import { CorruptLogError } from './errors.js';
import { decodeSnapshotChunk, decodeSnapshotHeader, encodeSnapshotChunk, encodeSnapshotHeader } from './record-codec.js';
import { encodeFrame, scanFrames } from './record-frame.js';

/** File name of the snapshot inside the data directory. */
export const SNAPSHOT_FILE = 'snapshot';

/** Key-values per chunk frame: keeps every JSON string far below V8's string length limit. */
export const SNAPSHOT_CHUNK = 1000;

/**
 * Writes `snapshot` durably into `dir` (a header frame, then chunk frames), replacing the previous one only
 * once the new one is on disk.
 */
export function writeSnapshot(dir: string, snapshot: MvccSnapshot): void {
  const final = join(dir, SNAPSHOT_FILE);
  const temp = `${final}.tmp`;
  const chunks = Math.ceil(snapshot.kvs.length / SNAPSHOT_CHUNK);
  const fd = openSync(temp, 'w');
  try {
    writeFully(fd, encodeFrame(encodeSnapshotHeader({ revision: snapshot.revision, leases: snapshot.leases, chunks })));
    for (let i = 0; i < chunks; i++) {
      const part = snapshot.kvs.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK);
      writeFully(fd, encodeFrame(encodeSnapshotChunk(part)));
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, final);
  syncDirectory(dir);
}

function writeFully(fd: number, buf: Buffer): void {
  let written = 0;
  while (written < buf.length) written += writeSync(fd, buf, written, buf.length - written);
}

/** Reads the snapshot of `dir`, undefined when there is none; CorruptLogError when it is damaged. */
export function readSnapshot(dir: string): MvccSnapshot | undefined {
  const path = join(dir, SNAPSHOT_FILE);
  if (!existsSync(path)) return undefined;
  const scan = scanFrames(readFileSync(path));
  if (scan.damage !== undefined) throw new CorruptLogError(path, scan.damage.offset, scan.damage.reason);
  try {
    const [first, ...rest] = scan.payloads;
    if (first === undefined) throw new Error('empty snapshot');
    const header = decodeSnapshotHeader(first);
    if (rest.length !== header.chunks) throw new Error(`expected ${header.chunks} chunks, found ${rest.length}`);
    return { revision: header.revision, leases: header.leases, kvs: rest.flatMap((p) => decodeSnapshotChunk(p)) };
  } catch (err) {
    throw new CorruptLogError(path, 0, err instanceof Error ? err.message : String(err));
  }
}

/** fsyncs a directory so a rename inside it is durable (best effort where directories cannot be opened). */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms refuse fsync on directories; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
