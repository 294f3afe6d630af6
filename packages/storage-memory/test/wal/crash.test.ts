import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { MemoryBackend } from '../../src/memory-backend.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../src/wal/data-dir-lock.js';

const writer = fileURLToPath(new URL('../fixtures/crash-writer.ts', import.meta.url));

t.test('SIGKILL mid-writes: every acknowledged write survives and the revision continues', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-memory-crash-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // Same loader flags as this test (TypeScript support), so the child runs the sources.
  const child = spawn(process.execPath, [...process.execArgv, writer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const acked: { index: number; rv: number }[] = [];
  let buffered = '';
  const killed = new Promise<void>((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the writer did not acknowledge 60 writes within 20 s'));
    }, 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [index, rv] = line.split(' ').map(Number);
        acked.push({ index: index ?? -1, rv: rv ?? -1 });
      }
      if (acked.length >= 60 && child.exitCode === null && !child.killed) {
        t.throws(() => new MemoryBackend({ dataDir: dir, compactionIntervalMs: 0 }), DataDirLockedError, 'the live writer holds the lock');
        child.kill('SIGKILL');
      }
    });
    child.on('exit', () => {
      clearTimeout(guard);
      resolve();
    });
  });
  await killed;
  const backend = new MemoryBackend({ dataDir: dir, compactionIntervalMs: 0, snapshotIntervalMs: 0 });
  t.teardown(() => backend.close());
  const pods = backend.storage();
  const last = acked[acked.length - 1];
  t.ok(last !== undefined && backend.currentRevision >= last.rv, `revision ${backend.currentRevision} >= last acknowledged ${last?.rv}`);
  let missing = 0;
  const ackedIndexes = new Set(acked.map((a) => a.index));
  for (const { index } of acked) {
    const got = await pods.get(`/pods/ns/p${index}`, { ignoreNotFound: true });
    // p(i) with i % 3 == 1 is deleted by step i+1 before that step is acknowledged: when the kill landed inside
    // step i+1, the delete may or may not have been made durable, and both outcomes are correct.
    if (index % 3 === 1 && !ackedIndexes.has(index + 1)) continue;
    const deletedLater = index % 3 === 1;
    if ((got === undefined) !== deletedLater) missing++;
  }
  t.equal(missing, 0, `all ${acked.length} acknowledged writes are in their final state`);
  const next = await pods.create('/pods/ns/after', { metadata: { name: 'after', namespace: 'ns' } });
  t.equal(Number(next.metadata.resourceVersion), backend.currentRevision);
  t.ok(Number(next.metadata.resourceVersion) > (last?.rv ?? 0), 'the revision continues after the crash');
});

t.test('lock files: stale locks are taken over, garbage locks too, release keeps foreign locks', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-memory-lock-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, LOCK_FILE), '999999999');
  const release = lockDataDir(dir);
  const again = lockDataDir(dir);
  again();
  release();
  writeFileSync(join(dir, LOCK_FILE), 'garbage');
  lockDataDir(dir)();
  writeFileSync(join(dir, LOCK_FILE), String(process.ppid));
  t.throws(() => lockDataDir(dir), DataDirLockedError, 'a live foreign pid holds the lock');
  t.throws(() => new MemoryBackend({ dataDir: dir }), DataDirLockedError);
});
