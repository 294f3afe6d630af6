/**
 * kube-lite on the memory backend with `--data-dir`, killed with SIGKILL in the middle of a write burst and
 * restarted on the same data dir: every write it acknowledged is there (the last acknowledged value of each
 * object, or a later one whose answer never came), and resourceVersions continue above the last acknowledged
 * one. Through the HTTP API of the real CLI, not the storage API (packages/storage-memory covers that level).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { call, closeAgent, dataOf, resourceVersionOf } from './http.js';
import { spawnKubeLite } from './kube-lite-process.js';
import { type StoredValue, WriteLedger } from './ledger.js';
import { type BackgroundWriter, startWriter, writeConfigMap } from './writer.js';

const NS = 'crash';
const COLLECTION = `/api/v1/namespaces/${NS}/configmaps`;
/** Concurrent update lanes; each owns its objects, so the writes to one object are ordered. */
const LANES = 6;
const NAMES_PER_LANE = 3;
/** The kill comes once this many writes were acknowledged (or after BURST_MAX_MILLIS). */
const KILL_AFTER_ACKED = 400;
const BURST_MAX_MILLIS = 15_000;

t.setTimeout(90_000);
t.teardown(closeAgent);

/** A lane creating new objects one after another (creates are a different storage path than updates). */
function startCreator(base: string, ledger: WriteLedger): BackgroundWriter {
  let stopped = false;
  const failures = new Map<string, number>();
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const status = await writeConfigMap(base, NS, `new-${i}`, `c${i}`, true, ledger);
      if (status !== '201') failures.set(status, (failures.get(status) ?? 0) + 1);
    }
  })();
  return {
    failures,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

async function storedValues(base: string): Promise<{ stored: Map<string, StoredValue>; listRV: string; count: number }> {
  const list = await call(base, 'GET', COLLECTION);
  if (list.status !== 200) throw new Error(`list after the restart: ${list.status} ${list.text}`);
  const items = Array.isArray(list.body.items) ? (list.body.items as Record<string, unknown>[]) : [];
  const stored = new Map<string, StoredValue>();
  for (const item of items) {
    const meta = item.metadata as Record<string, unknown> | undefined;
    if (typeof meta?.name === 'string') stored.set(meta.name, { value: dataOf(item, 'v'), resourceVersion: resourceVersionOf(item) });
  }
  return { stored, listRV: resourceVersionOf(list.body), count: items.length };
}

t.test('kill -9 of kube-lite --data-dir during a write burst', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kube-lite-crash-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await spawnKubeLite([`--data-dir=${dataDir}`]);
  t.teardown(() => first.kill());
  t.equal((await call(first.url, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status, 201, 'namespace created');

  const ledger = new WriteLedger();
  const lanes = Array.from({ length: LANES }, (_, lane) => Array.from({ length: NAMES_PER_LANE }, (_, k) => `cm-${lane}-${k}`));
  for (const name of lanes.flat()) {
    const status = await writeConfigMap(first.url, NS, name, 'initial', true, ledger);
    if (status !== '201') t.fail(`${name} created: ${status}`);
  }
  const writers = [...lanes.map((names) => startWriter(first.url, NS, names, ledger, 0)), startCreator(first.url, ledger)];

  const burstStarted = Date.now();
  while (ledger.acked < KILL_AFTER_ACKED && Date.now() - burstStarted < BURST_MAX_MILLIS) await new Promise((r) => setTimeout(r, 10));
  const ackedAtKill = ledger.acked;
  await first.kill();
  const burstMillis = Date.now() - burstStarted;
  await Promise.all(writers.map((w) => w.stop()));
  const failures = new Map<string, number>();
  for (const w of writers) for (const [s, n] of w.failures) failures.set(s, (failures.get(s) ?? 0) + n);
  t.ok(ackedAtKill >= 100, `the burst was under way at the kill (${ackedAtKill} acknowledged)`);
  t.same(
    [...failures.keys()].filter((s) => s !== 'transport'),
    [],
    'before the kill, every write was acknowledged (the only failures are the requests cut by the kill)',
  );
  t.comment(
    `burst: ${LANES} update lanes + 1 create lane for ${burstMillis} ms; ${ledger.acked} acknowledged, ${ledger.failed} cut by the kill; ` +
      `highest acknowledged resourceVersion ${ledger.maxAckedResourceVersion}`,
  );

  const second = await spawnKubeLite([`--data-dir=${dataDir}`]);
  t.teardown(() => second.stop());
  const { stored, listRV, count } = await storedValues(second.url);
  t.same(ledger.check(stored), [], `every acknowledged write is there after the restart (${ledger.names().length} objects checked)`);
  t.ok(BigInt(listRV) >= ledger.maxAckedResourceVersion, `the list resourceVersion ${listRV} is not below the last acknowledged ${ledger.maxAckedResourceVersion}`);

  const after = await call(second.url, 'POST', COLLECTION, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-restart' }, data: { v: 'x' } });
  t.equal(after.status, 201, 'a create works after the restart');
  const afterRV = BigInt(resourceVersionOf(after.body) || '0');
  t.ok(afterRV > BigInt(listRV), `the next write gets resourceVersion ${afterRV}, above the restored ${listRV}: the revision continues`);
  const updated = await call(second.url, 'PATCH', `${COLLECTION}/cm-0-0`, { data: { v: 'after' } }, { contentType: 'application/merge-patch+json' });
  t.equal(updated.status, 200, 'an update of a restored object works after the restart');
  t.ok(BigInt(resourceVersionOf(updated.body) || '0') > afterRV, 'and gets the next resourceVersion');
  t.comment(`after the restart: ${count} objects listed at resourceVersion ${listRV}; next writes got ${afterRV} and ${resourceVersionOf(updated.body)}`);
});
