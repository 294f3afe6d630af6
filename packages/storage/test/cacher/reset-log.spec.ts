import t from 'tap';
import { Cacher, errorEvent, InternalError, type ListOptions, type ListResult, type WatchQueue } from '../../src/index.js';
import { MVCCStore } from '../fixtures/mvcc-store.js';

/** The MVCC store whose next LISTs can be made to fail, with access to its watches. */
class FlakyStore extends MVCCStore {
  readonly watches: WatchQueue[] = [];
  failLists = 0;
  override async getList(key: string, opts?: ListOptions): Promise<ListResult> {
    if (this.failLists > 0) {
      this.failLists--;
      throw new InternalError('etcd is unreachable');
    }
    return super.getList(key, opts);
  }
  override async watch(key: string, opts?: ListOptions): Promise<WatchQueue> {
    const w = await super.watch(key, opts);
    this.watches.push(w);
    return w;
  }
}

interface ResetLine {
  msg: string;
  resource: string;
  phase: string;
  reason: string;
  resourceVersion: number;
  relistAfterMs: number;
}

async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

t.test('silent cache resets: every reset is logged once, one JSON line with its reason', async (t) => {
  const inner = new FlakyStore();
  const lines: string[] = [];
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods/', relistBackoffMs: 10, log: (l) => lines.push(l) });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  await cacher.waitUntilReady();
  t.same(lines, [], 'nothing logged while healthy');

  const current = Number(await cacher.getCurrentResourceVersion());
  inner.failLists = 1;
  inner.watches[0]?.push(errorEvent(new InternalError('etcd watch stream ended')));
  await until(() => lines.length >= 2);
  await cacher.waitUntilReady(1000);
  const parsed = lines.map((l) => JSON.parse(l) as ResetLine);
  t.ok(
    lines.every((l) => !l.includes('\n')),
    'one line each',
  );
  t.match(parsed[0], {
    msg: 'watch cache reset',
    resource: '/pods',
    phase: 'stream',
    reason: 'storage watch failed: etcd watch stream ended',
    resourceVersion: current,
    relistAfterMs: 10,
  });
  t.match(parsed[1], { msg: 'watch cache reset', phase: 'list', reason: 'etcd is unreachable' }, 'the failed relist is a reset of its own');
  t.equal(lines.length, 2, 'logged once per reset');

  inner.watches.at(-1)?.close();
  await until(() => lines.length === 3);
  t.match(JSON.parse(lines[2] ?? '{}'), { phase: 'stream', reason: 'storage watch ended' }, 'a watch closed by storage');
  cacher.stop();
  await new Promise((r) => setTimeout(r, 50));
  t.equal(lines.length, 3, 'stopping the cacher is not a reset');
});
