import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { MvccStore } from '../../src/mvcc/mvcc-store.js';
import { DurableMvcc, LOG_FILE } from '../../src/wal/durable-mvcc.js';
import { CorruptLogError } from '../../src/wal/errors.js';
import { decodeRecord, decodeSnapshotChunk, decodeSnapshotHeader, encodeRecord, encodeSnapshotHeader } from '../../src/wal/record-codec.js';
import { encodeFrame, scanFrames } from '../../src/wal/record-frame.js';
import { readSnapshot, SNAPSHOT_FILE, syncDirectory, writeSnapshot } from '../../src/wal/snapshot-file.js';
import { WriteAheadLog } from '../../src/wal/write-ahead-log.js';

const bytes = (s: string) => new Uint8Array(Buffer.from(s));
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : Buffer.from(b).toString());
const put = (key: string, value: string, ttlMs?: number) => ({ type: 'put' as const, key, value: bytes(value), ttlMs });

function tempDir(t: Tap): string {
  const dir = mkdtempSync(join(tmpdir(), 'storage-memory-wal-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
type Tap = { teardown(fn: () => void): void };

/** Opens a store on `dir` without timers (a "crash" is simply never closing it). */
function open(dir: string, snapshotEveryRecords = 0): { store: MvccStore; durable: DurableMvcc } {
  const store = new MvccStore();
  const durable = new DurableMvcc(store, { dataDir: dir, snapshotIntervalMs: 0, snapshotEveryRecords });
  return { store, durable };
}

t.test('frames round-trip and damage is classified', async (t) => {
  const a = encodeFrame(bytes('hello'));
  const b = encodeFrame(bytes('world!'));
  const clean = scanFrames(Buffer.concat([a, b]));
  t.same(clean.payloads.map((p) => p.toString()), ['hello', 'world!']);
  t.equal(clean.validLength, a.length + b.length);
  t.equal(clean.damage, undefined);
  const torn = scanFrames(Buffer.concat([a, b.subarray(0, b.length - 2)]));
  t.match(torn, { validLength: a.length, damage: { reason: 'truncated frame payload', isTail: true } });
  t.match(scanFrames(Buffer.concat([a, b.subarray(0, 3)])).damage, { reason: 'truncated frame header', isTail: true });
  const flipped = Buffer.concat([a, b]);
  flipped[10] = (flipped[10] ?? 0) ^ 0xff;
  t.match(scanFrames(flipped).damage, { offset: 0, reason: 'crc mismatch', isTail: false }, 'bad first of two records is not a tail');
  const lastFlipped = Buffer.concat([a, b]);
  lastFlipped[lastFlipped.length - 1] = 0;
  t.match(scanFrames(lastFlipped).damage, { offset: a.length, reason: 'crc mismatch', isTail: true });
  t.match(scanFrames(Buffer.concat([a, Buffer.alloc(64)])).damage, { reason: 'bad frame length 0', isTail: true }, 'zero fill');
});

t.test('records and snapshots round-trip; malformed payloads are rejected', async (t) => {
  const rec = { kind: 'commit' as const, revision: 7, ops: [{ type: 'put' as const, key: '/a', value: bytes('\u0000x'), lease: 3 }, { type: 'delete' as const, key: '/b' }], leases: [{ id: 3, expiresAt: 99 }] };
  t.same(decodeRecord(encodeRecord(rec)), rec);
  t.same(decodeRecord(encodeRecord({ kind: 'compact', revision: 4 })), { kind: 'compact', revision: 4 });
  for (const bad of ['[]', '{"c":1}', '{"c":1,"o":[{"t":"p","k":"a"}],"g":[]}', '{"c":1,"o":[7],"g":[]}', '{"c":1,"o":[],"g":[{}]}']) {
    t.throws(() => decodeRecord(bytes(bad)), Error, bad);
  }
  for (const bad of ['{}', '{"r":1,"g":[]}', '{"r":1,"n":0}']) t.throws(() => decodeSnapshotHeader(bytes(bad)), Error, bad);
  for (const bad of ['{}', '[{"k":"a"}]', '[1]', '[{"k":"a","v":"","c":1,"m":1,"n":1}]']) t.throws(() => decodeSnapshotChunk(bytes(bad)), Error, bad);
});

t.test('write, crash, reopen: state and revision continue', async (t) => {
  const dir = tempDir(t);
  const first = open(dir);
  first.store.commit([put('/a', '1')]); // 2
  first.store.commit([put('/b', '1', 60_000)]); // 3
  first.store.commit([put('/a', '2')]); // 4
  first.store.commit([{ type: 'delete', key: '/b' }]); // 5
  first.store.compact(3);
  // Crash: no close(), no snapshot.
  const second = open(dir);
  t.teardown(() => second.store.close());
  t.match(second.durable.recovery, { snapshotRevision: 0, replayedRecords: 5, droppedTailBytes: 0 });
  t.equal(second.store.currentRevision, 5);
  t.equal(second.store.compactRevision, 3);
  t.equal(text(second.store.get('/a')?.value), '2');
  t.equal(text(second.store.get('/a', 3)?.value), '1', 'history after the compact revision survives a replay');
  t.equal(second.store.get('/b'), undefined);
  t.equal(second.store.commit([put('/c', '1')]).revision, 6);
  first.store.close();
});

t.test('a log cut mid-record loses only that record', async (t) => {
  const dir = tempDir(t);
  const first = open(dir);
  first.store.commit([put('/a', '1')]); // 2
  first.store.commit([put('/b', '1')]); // 3
  first.store.close();
  const log = join(dir, LOG_FILE);
  const size = statSync(log).size;
  truncateSync(log, size - 5);
  const second = open(dir);
  t.teardown(() => second.store.close());
  t.equal(second.durable.recovery.replayedRecords, 1);
  t.ok(second.durable.recovery.droppedTailBytes > 0);
  t.equal(second.store.currentRevision, 2);
  t.equal(second.store.get('/b'), undefined);
  t.equal(second.store.commit([put('/b', '2')]).revision, 3, 'the lost revision is reused by the next commit');
  const third = open(dir);
  t.teardown(() => third.store.close());
  t.equal(text(third.store.get('/b')?.value), '2', 'appends after a cut tail are readable');
  t.equal(third.durable.recovery.droppedTailBytes, 0);
});

t.test('damage before the end of the log is refused, not silently dropped', async (t) => {
  const dir = tempDir(t);
  const first = open(dir);
  first.store.commit([put('/a', '1')]);
  first.store.commit([put('/b', '1')]);
  first.store.close();
  const log = join(dir, LOG_FILE);
  const buf = readFileSync(log);
  buf[12] = (buf[12] ?? 0) ^ 0x55;
  writeFileSync(log, buf);
  t.throws(() => open(dir), CorruptLogError);
});

t.test('a valid frame with a bad payload or a revision gap is corruption', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, LOG_FILE), encodeFrame(bytes('not json')));
  t.throws(() => open(dir), CorruptLogError);
  writeFileSync(join(dir, LOG_FILE), encodeFrame(encodeRecord({ kind: 'commit', revision: 9, ops: [], leases: [] })));
  t.throws(() => open(dir), /does not follow/);
});

t.test('snapshots: periodic by record count, on close, and leftovers after a crash between rename and truncate', async (t) => {
  const dir = tempDir(t);
  const first = open(dir, 3);
  for (let i = 0; i < 7; i++) first.store.commit([put(`/k/${i}`, String(i))]);
  await new Promise((r) => setImmediate(r));
  t.ok(first.durable.logRecords < 3, 'log emptied by the record-count snapshot');
  const snapRev = readSnapshot(dir)?.revision ?? 0;
  t.ok(snapRev >= 4);
  first.store.commit([put('/k/last', 'x')]);
  const second = open(dir);
  t.equal(second.store.currentRevision, 9);
  t.equal(second.store.compactRevision, snapRev, 'history before the snapshot is gone after restart');
  t.equal(text(second.store.get('/k/last')?.value), 'x');
  second.durable.close();
  second.durable.close();
  t.equal(readSnapshot(dir)?.revision, 9, 'close snapshots');
  t.equal(statSync(join(dir, LOG_FILE)).size, 0);
  second.store.close();
  first.store.close();
  // Leftover records the snapshot covers are skipped on replay.
  const covered = encodeFrame(encodeRecord({ kind: 'commit', revision: 9, ops: [{ type: 'put', key: '/stale', value: bytes('s'), lease: 0 }], leases: [] }));
  writeFileSync(join(dir, LOG_FILE), covered);
  const third = open(dir);
  t.teardown(() => third.store.close());
  t.equal(third.store.get('/stale'), undefined);
  t.equal(third.durable.recovery.replayedRecords, 0);
});

t.test('leases survive a restart and expire afterwards', async (t) => {
  const dir = tempDir(t);
  const first = open(dir);
  first.store.commit([put('/ttl', 'v', 40)]);
  first.store.commit([put('/keep', 'v')]);
  first.store.close();
  const second = open(dir);
  t.teardown(() => second.store.close());
  t.ok(second.store.get('/ttl') !== undefined);
  const keepAlive = setTimeout(() => {}, 5000);
  await new Promise<void>((resolve) => {
    const off = second.store.subscribe((e) => {
      if (e.events.some((ev) => ev.type === 'delete' && ev.kv.key === '/ttl')) {
        off();
        resolve();
      }
    });
  });
  clearTimeout(keepAlive);
  t.equal(second.store.get('/ttl'), undefined);
  t.equal(second.store.currentRevision, 4);
  second.store.close();
  const third = open(dir);
  t.teardown(() => third.store.close());
  t.equal(third.store.get('/ttl'), undefined, 'the expiry itself was journaled');
});

t.test('snapshot files: damage detection and atomic replace', async (t) => {
  const dir = tempDir(t);
  t.equal(readSnapshot(dir), undefined);
  writeSnapshot(dir, { revision: 5, kvs: [], leases: [] });
  writeSnapshot(dir, { revision: 6, kvs: [{ key: '/a', createRevision: 6, modRevision: 6, version: 1, value: bytes('v'), lease: 0 }], leases: [] });
  t.equal(readSnapshot(dir)?.revision, 6);
  const path = join(dir, SNAPSHOT_FILE);
  const buf = readFileSync(path);
  writeFileSync(path, buf.subarray(0, buf.length - 1));
  t.throws(() => readSnapshot(dir), CorruptLogError);
  writeFileSync(path, encodeFrame(bytes('{}')));
  t.throws(() => readSnapshot(dir), CorruptLogError);
  writeFileSync(path, encodeFrame(encodeSnapshotHeader({ revision: 3, leases: [], chunks: 2 })));
  t.throws(() => readSnapshot(dir), /expected 2 chunks, found 0/);
  writeFileSync(path, Buffer.alloc(0));
  t.throws(() => readSnapshot(dir), /empty snapshot/);
  t.throws(() => open(dir), CorruptLogError);
  syncDirectory(join(dir, 'missing'));
});

t.test('WriteAheadLog refuses use after close and cuts a failed partial write', async (t) => {
  const dir = tempDir(t);
  const wal = new WriteAheadLog(join(dir, 'w'), 0);
  wal.append({ kind: 'compact', revision: 1 });
  t.equal(wal.records, 1);
  t.ok(wal.size > 0);
  t.equal(wal.path, join(dir, 'w'));
  wal.truncate();
  t.equal(wal.size, 0);
  wal.close();
  wal.close();
  t.throws(() => wal.append({ kind: 'compact', revision: 2 }), /closed/);
  t.throws(() => wal.truncate(), /closed/);
});

t.test('large snapshots are written in chunks; a failing background snapshot does not throw', async (t) => {
  const dir = tempDir(t);
  const first = open(dir);
  const ops = [];
  for (let i = 0; i < 2500; i++) ops.push(put(`/big/${String(i).padStart(5, '0')}`, 'x'.repeat(10)));
  first.store.commit(ops);
  first.durable.snapshot();
  t.equal(readSnapshot(dir)?.kvs.length, 2500);
  first.store.close();
  const second = open(dir, 1);
  t.teardown(() => second.store.close());
  t.equal(second.store.range('/big/', '/big0').count, 2500);
  // Make the snapshot's temp path unusable: a directory named like it.
  mkdirSync(join(dir, `${SNAPSHOT_FILE}.tmp`));
  second.store.commit([put('/after', '1')]);
  await new Promise((r) => setImmediate(r));
  t.ok(second.durable.lastSnapshotError instanceof Error, 'the failure is recorded');
  t.ok(second.durable.logRecords > 0, 'the log was not truncated');
  rmSync(join(dir, `${SNAPSHOT_FILE}.tmp`), { recursive: true });
  second.store.commit([put('/after', '2')]);
  await new Promise((r) => setImmediate(r));
  t.equal(second.durable.lastSnapshotError, undefined, 'the next snapshot succeeds');
});
