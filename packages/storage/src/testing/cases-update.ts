/**
 * Conformance cases for guaranteedUpdate, transformers and TTLs (upstream RunTestGuaranteedUpdate*, RunTestTransformationFailure, *WithTTL).
 * @module
 */
import { isInternalError, isInvalidObj, isNotFound, isRequestTooLarge } from '../errors.js';
import type { StorageObject } from '../object.js';
import { EventReader, sleep } from './reader.js';
import {
  type CaseContext,
  type ConformanceCase,
  currentRV,
  expectError,
  makePod,
  noteOf,
  podKey,
  rvOf,
  updateNote,
  withNote,
  withoutRV,
} from './fixtures.js';

const key = '/pods/ns/foo';

function generationOf(o: StorageObject | undefined): number {
  return o?.metadata.generation ?? 0;
}

/** Waits up to 5 s for a DELETED event of `key`, nudging TTL expiry via the harness hook when it has one. */
async function expectExpiry(c: CaseContext, r: EventReader): Promise<void> {
  if (c.harness.expireTTLs !== undefined) {
    await sleep(1100);
    await c.harness.expireTTLs();
  }
  const e = await r.next(5000);
  c.t.equal(e.type, 'DELETED', 'the object expired');
}

/** guaranteedUpdate, transformer and TTL cases. */
export const updateCases: readonly ConformanceCase[] = [
  {
    name: 'guaranteedUpdate: missing key',
    async run({ t, store }) {
      let called = 0;
      await expectError(t, store.guaranteedUpdate(key, () => {
        called++;
        return { object: makePod('ns', 'foo') };
      }), isNotFound, 'KeyNotFound without ignoreNotFound');
      t.equal(called, 0, 'tryUpdate not called');
      const out = await store.guaranteedUpdate(key, (cur, meta) => {
        t.equal(cur, undefined, 'input is undefined for a missing key');
        t.equal(meta.resourceVersion, 0, 'meta RV 0');
        return { object: makePod('ns', 'foo') };
      }, { ignoreNotFound: true });
      t.ok(rvOf(out) > 0, 'created');
      t.same(await store.get(key), out);
    },
  },
  {
    name: 'guaranteedUpdate: a change is written with a new RV',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      const out = await store.guaranteedUpdate(key, (cur, meta) => {
        t.equal(meta.resourceVersion, rvOf(stored), 'meta carries the current RV');
        t.same(cur, stored, 'input is the current object');
        return { object: withNote(cur ?? stored, 'changed') };
      });
      t.ok(rvOf(out) > rvOf(stored), 'RV moved');
      t.equal(noteOf(out), 'changed');
      t.same(await store.get(key), out);
    },
  },
  {
    name: 'guaranteedUpdate: an identical object is a no-op',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo', { labels: { b: '2', a: '1' } }));
      const before = await currentRV(store);
      const out = await store.guaranteedUpdate(key, (cur) => {
        const same = structuredClone(cur ?? stored);
        same.metadata.selfLink = '/api/v1/namespaces/ns/pods/foo';
        same.metadata.labels = { a: '1', b: '2' };
        return { object: same };
      });
      t.equal(out.metadata.resourceVersion, stored.metadata.resourceVersion, 'RV unchanged');
      t.equal(out.metadata.selfLink, undefined, 'selfLink not returned');
      t.equal(await currentRV(store), before, 'no write happened');
    },
  },
  {
    name: 'guaranteedUpdate: an identical object is written when the stored value is stale',
    needs: ['transformer'],
    async run({ t, store, transformer }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      transformer.stale = true;
      const out = await store.guaranteedUpdate(key, (cur) => ({ object: cur ?? stored }));
      transformer.stale = false;
      t.ok(rvOf(out) > rvOf(stored), 'stale data is rewritten');
      const again = await store.guaranteedUpdate(key, (cur) => ({ object: cur ?? stored }));
      t.equal(rvOf(again), rvOf(out), 'then no-op again');
    },
  },
  {
    name: 'guaranteedUpdate: preconditions',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo', { uid: 'A' }));
      const ok = await store.guaranteedUpdate(key, (cur) => ({ object: cur ?? stored }), { preconditions: { uid: 'A' } });
      t.equal(rvOf(ok), rvOf(stored), 'matching UID, no-op update');
      let called = 0;
      await expectError(t, store.guaranteedUpdate(key, (cur) => {
        called++;
        return { object: withNote(cur ?? stored, 'x') };
      }, { preconditions: { uid: 'B' } }), isInvalidObj, 'UID mismatch is InvalidObj');
      await expectError(t, store.guaranteedUpdate(key, (cur) => ({ object: withNote(cur ?? stored, 'x') }), {
        preconditions: { resourceVersion: `999999${String(rvOf(stored))}` },
      }), isInvalidObj, 'RV mismatch is InvalidObj');
      t.equal(called, 0, 'tryUpdate not called when preconditions fail');
    },
  },
  {
    name: 'guaranteedUpdate: tryUpdate errors are returned as is',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      const refusal = new Error('refused');
      await expectError(t, store.guaranteedUpdate(key, () => {
        throw refusal;
      }), (e) => e === refusal, 'same error object');
      t.same(await store.get(key), stored, 'nothing written');
    },
  },
  {
    name: 'guaranteedUpdate: concurrent writers retry on conflict',
    async run({ t, store }) {
      await store.create(key, makePod('ns', 'foo', { generation: 1 }));
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered: () => void = () => {};
      const inFirst = new Promise<void>((resolve) => {
        entered = resolve;
      });
      let firstCalls = 0;
      const first = store.guaranteedUpdate(key, async (cur) => {
        firstCalls++;
        if (firstCalls === 1) {
          entered();
          await gate;
        }
        const next = structuredClone(cur ?? makePod('ns', 'foo'));
        next.metadata.generation = generationOf(cur) + 1;
        return { object: next };
      });
      await inFirst;
      await store.guaranteedUpdate(key, (cur) => {
        const next = structuredClone(cur ?? makePod('ns', 'foo'));
        next.metadata.generation = generationOf(cur) + 10;
        return { object: next };
      });
      release();
      const out = await first;
      t.equal(firstCalls, 2, 'the blocked writer ran tryUpdate twice');
      t.equal(generationOf(out), 12, 'both updates applied');
    },
  },
  {
    name: 'guaranteedUpdate: a stale suggestion is refreshed',
    async run({ t, store }) {
      const stale = await store.create(key, makePod('ns', 'foo', { generation: 1 }));
      await store.guaranteedUpdate(key, (cur) => {
        const next = structuredClone(cur ?? stale);
        next.metadata.generation = 2;
        return { object: next };
      });
      let calls = 0;
      const out = await store.guaranteedUpdate(key, (cur) => {
        calls++;
        if (generationOf(cur) !== 2) throw new Error('conflict: stale input');
        const next = structuredClone(cur ?? stale);
        next.metadata.generation = 3;
        return { object: next };
      }, { cachedExistingObject: stale });
      t.equal(generationOf(out), 3, 'applied on the live object');
      t.ok(calls <= 2, `tryUpdate called ${calls} times`);
      const current = await store.get(key);
      const refusal = new Error('refused');
      let attempts = 0;
      await expectError(t, store.guaranteedUpdate(key, () => {
        attempts++;
        throw refusal;
      }, { cachedExistingObject: current }), (e) => e === refusal, 'error with a current suggestion');
      t.ok(attempts >= 1 && attempts <= 2, `${attempts} attempts`);
    },
  },
  {
    name: 'guaranteedUpdate: a no-op against a stale suggestion still writes the change',
    async run({ t, store }) {
      const stale = await store.create(key, makePod('ns', 'foo'));
      const updated = await updateNote(store, key, 'v2');
      const out = await store.guaranteedUpdate(key, () => ({ object: structuredClone(stale) }), { cachedExistingObject: stale });
      t.ok(rvOf(out) > rvOf(updated), 'written, because the live object differs from the suggestion');
      t.equal(noteOf((await store.get(key)) ?? stale), '');
    },
  },
  {
    name: 'transformer: unreadable values are internal errors',
    needs: ['transformer'],
    async run({ t, store, transformer }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      const good = transformer.prefix;
      transformer.prefix = new TextEncoder().encode('other-prefix:');
      try {
        await expectError(t, store.get(key), isInternalError, 'get');
        await expectError(t, store.getList('/pods', { recursive: true }), isInternalError, 'getList');
        await expectError(t, store.guaranteedUpdate(key, (c) => ({ object: withNote(c ?? stored, 'x') })), isInternalError, 'guaranteedUpdate');
        await expectError(
          t,
          store.guaranteedUpdate(key, (c) => ({ object: c ?? stored }), { cachedExistingObject: stored }),
          (e) => e instanceof Error,
          'a no-op against a suggestion must confirm with a fresh (failing) read',
        );
        await expectError(t, store.delete(key), isInternalError, 'delete');
      } finally {
        transformer.prefix = good;
      }
      t.same(await store.get(key), stored, 'object intact once the transformer is restored');
    },
  },
  {
    name: 'transformer: values are transformed at rest',
    needs: ['transformer'],
    async run({ t, store, transformer }) {
      const before = transformer.reads;
      const stored = await store.create(key, makePod('ns', 'foo'));
      t.same(await store.get(key), stored);
      t.ok(transformer.reads > before, 'reads go through the transformer');
    },
  },
  {
    name: 'ttl: create with a TTL expires',
    async run(c) {
      const out = await c.store.create(key, makePod('ns', 'foo'), { ttl: 1 });
      const r = new EventReader(await c.store.watch(key, { resourceVersion: out.metadata.resourceVersion ?? '' }));
      try {
        await expectExpiry(c, r);
      } finally {
        r.stop();
      }
      await expectError(c.t, c.store.get(key), isNotFound, 'gone');
    },
  },
  {
    name: 'ttl: guaranteedUpdate with a TTL expires',
    async run(c) {
      const out = await c.store.guaranteedUpdate(key, () => ({ object: makePod('ns', 'foo'), ttl: 1 }), { ignoreNotFound: true });
      const r = new EventReader(await c.store.watch(key, { resourceVersion: out.metadata.resourceVersion ?? '' }));
      try {
        await expectExpiry(c, r);
      } finally {
        r.stop();
      }
      c.t.same(withoutRV(makePod('ns', 'foo')), withoutRV(out));
    },
  },
  {
    name: 'ttl: an update without a TTL drops it',
    async run(c) {
      await c.store.create(key, makePod('ns', 'foo'), { ttl: 1 });
      const updated = await updateNote(c.store, key, 'keep me');
      if (c.harness.expireTTLs !== undefined) {
        await sleep(1100);
        await c.harness.expireTTLs();
      } else {
        await sleep(3000);
      }
      c.t.same(await c.store.get(key), updated, 'still there: the update carried no TTL');
    },
  },
  {
    name: 'create and guaranteedUpdate: an object over etcd\'s request limit (1.5 MiB by default) is refused as too large',
    async run({ t, store }) {
      const big = 'x'.repeat(1_600_000);
      const pod = makePod('ns', 'big', { annotations: { big } });
      await expectError(t, store.create(podKey(pod), pod), isRequestTooLarge, 'create is refused: etcdserver: request is too large');
      await expectError(t, store.get(podKey(pod)), isNotFound, 'nothing was stored');
      const small = await store.create(podKey(pod), makePod('ns', 'big', { annotations: { big: 'x'.repeat(1_000_000) } }));
      const grow = store.guaranteedUpdate(podKey(pod), (cur) => ({ object: { ...(cur ?? small), metadata: { ...(cur ?? small).metadata, annotations: { big } } } }));
      await expectError(t, grow, isRequestTooLarge, 'an update growing it past the limit is refused');
      t.same(await store.get(podKey(pod)), small, 'the stored object is unchanged');
      t.equal(await currentRV(store), rvOf(small), 'no revision was used');
    },
  },
];
