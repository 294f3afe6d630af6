/**
 * Snapshot files: one framed record, replaced atomically (temp file, fsync, rename, fsync dir).
 * @module
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { MvccSnapshot } from '../mvcc/mvcc-store.js';
import { CorruptLogError } from './errors.js';
import { decodeSnapshot, encodeSnapshot } from './record-codec.js';
import { encodeFrame, scanFrames } from './record-frame.js';

/** File name of the snapshot inside the data directory. */
export const SNAPSHOT_FILE = 'snapshot';

/** Writes `snapshot` durably into `dir`, replacing the previous one only once the new one is on disk. */
export function writeSnapshot(dir: string, snapshot: MvccSnapshot): void {
  const final = join(dir, SNAPSHOT_FILE);
  const temp = `${final}.tmp`;
  const frame = encodeFrame(encodeSnapshot(snapshot));
  const fd = openSync(temp, 'w');
  try {
    let written = 0;
    while (written < frame.length) written += writeSync(fd, frame, written, frame.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, final);
  syncDirectory(dir);
}

/** Reads the snapshot of `dir`, undefined when there is none; CorruptLogError when it is damaged. */
export function readSnapshot(dir: string): MvccSnapshot | undefined {
  const path = join(dir, SNAPSHOT_FILE);
  if (!existsSync(path)) return undefined;
  const scan = scanFrames(readFileSync(path));
  const payload = scan.payloads[0];
  if (scan.damage !== undefined || payload === undefined || scan.payloads.length !== 1) {
    throw new CorruptLogError(path, scan.damage?.offset ?? 0, scan.damage?.reason ?? 'expected exactly one record');
  }
  try {
    return decodeSnapshot(payload);
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
