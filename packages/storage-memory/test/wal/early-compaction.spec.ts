import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageObject } from '@apiserver/storage';
import t from 'tap';
import { MemoryBackend } from '../../src/memory-backend.js';
import { CompactedError } from '../../src/mvcc/errors.js';
import { MvccStore, type MvccStoreOptions } from '../../src/mvcc/mvcc-store.js';
import { DurableMvcc, LOG_FILE } from '../../src/wal/durable-mvcc.js';
import { decodeRecord } from '../../src/wal/record-codec.js';
import { scanFrames } from '../../src/wal/record-frame.js';

const value = (i: number, n = 500) => new Uint8Array(Buffer.from(String(i % 10).repeat(n)));
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : Buffer.from(b).toString());
const budget = 4000;

function tempDir(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'storage-memory-early-compaction-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A store journaling into `dir` without timers; a "crash" is never closing it. */
function open(dir: string, options: MvccStoreOptions = { historyBudgetBytes: budget }): { store: MvccStore; durable: DurableMvcc } {
  const store = new MvccStore(options);
  const durable = new DurableMvcc(store, { dataDir: dir, snapshotIntervalMs: 0, snapshotEveryRecords: 0 });
  return { store, durable };
}

/** Writes 40 revisions: /hot rewritten each time, /cold once, /gone created and deleted early. */
function writeHistory(store: MvccStore): void {
  store.commit([{ type: 'put', key: '/cold', value: value(7) }]);
  store.commit([{ type: 'put', key: '/gone', value: value(8) }]);
  store.commit([{ type: 'delete', key: '/gone' }]);
  for (let i = 0; i < 37; i++) store.commit([{ type: 'put', key: '/hot', value: value(i) }]);
}

function logRecords(dir: string) {
  return scanFrames(readFileSync(join(dir, LOG_FILE))).payloads.map((p) => decodeRecord(p));
}

t.test('early compactions are journaled before they apply, and a replay ends in the same state', async (t) => {
  const dir = tempDir(t);
  const first = open(dir);
  writeHistory(first.store);
  const compactRevision = first.store.compactRevision;
  t.ok(compactRevision > 4, `compacted early to ${compactRevision}`);
  const compacts = logRecords(dir).filter((r) => r.kind === 'compact');
  t.ok(compacts.length > 0, `${compacts.length} compact records in the log`);
  t.equal(compacts.at(-1)?.revision, compactRevision, 'the last one is the current compact revision');
  const before = first.store.stats();

  // Crash: no close, no snapshot; the second store replays the whole log.
  const second = open(dir);
  t.teardown(() => second.store.close());
  t.match(second.durable.recovery, { snapshotRevision: 0, replayedRecords: 41 + compacts.length - 1 });
  t.equal(second.store.currentRevision, 41);
  t.equal(second.store.compactRevision, compactRevision, 'same compact revision');
  t.same(second.store.stats(), before, 'same retained history, keys and bytes');
  t.equal(text(second.store.get('/hot')?.value), text(value(36)));
  t.equal(text(second.store.get('/cold')?.value), text(value(7)));
  t.equal(second.store.get('/gone'), undefined);
  t.throws(() => second.store.eventsAfter(compactRevision - 1), CompactedError, 'a watch behind it still gets 410 after the restart');
  t.equal(second.store.eventsAfter(compactRevision).length, 41 - compactRevision);
  first.store.close();
});

t.test('a replay under a smaller budget compacts more, never loses the latest versions', async (t) => {
  const dir = tempDir(t);
  const first = open(dir, {});
  writeHistory(first.store);
  t.equal(first.store.compactRevision, 0, 'no budget: nothing compacted');
  const second = open(dir);
  t.teardown(() => second.store.close());
  t.ok(second.store.compactRevision > 4, 'the budget applies while the log is replayed');
  t.ok(second.store.stats().historyBytes <= budget);
  t.equal(text(second.store.get('/hot')?.value), text(value(36)));
  t.equal(text(second.store.get('/cold')?.value), text(value(7)));
  t.equal(second.store.commit([{ type: 'put', key: '/hot', value: value(1) }]).revision, 42, 'writes continue after the log');
  first.store.close();
});

t.test('MemoryBackend with dataDir: snapshot after early compaction, restart, writes continue', async (t) => {
  const dir = tempDir(t);
  const options = { dataDir: dir, compactionIntervalMs: 0, snapshotIntervalMs: 0, snapshotEveryRecords: 0, historyBudgetBytes: budget };
  const first = new MemoryBackend(options);
  const s = first.storage<StorageObject & { data: string }>();
  await s.create('/configmaps/ns/cold', { metadata: { name: 'cold' }, data: 'c' });
  let last = await s.create('/configmaps/ns/hot', { metadata: { name: 'hot' }, data: 'x' });
  for (let i = 0; i < 30; i++) last = await s.guaranteedUpdate('/configmaps/ns/hot', (cur) => ({ object: { ...cur!, data: String(i).repeat(400) } }));
  t.ok(first.compactRevision > 3, 'compacted early');
  first.close(); // final snapshot
  const second = new MemoryBackend(options);
  t.teardown(() => second.close());
  t.equal(second.recovery?.snapshotRevision, Number(last.metadata.resourceVersion));
  const s2 = second.storage<StorageObject & { data: string }>();
  t.same(await s2.get('/configmaps/ns/hot'), last);
  t.equal((await s2.get('/configmaps/ns/cold'))?.metadata.resourceVersion, '2');
  const next = await s2.guaranteedUpdate('/configmaps/ns/hot', (cur) => ({ object: { ...cur!, data: 'y' } }));
  t.equal(Number(next.metadata.resourceVersion), Number(last.metadata.resourceVersion) + 1);
});
