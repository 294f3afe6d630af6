import type { DeleteOptions } from '@apiserver/runtime';
import t, { type Test } from 'tap';
import type { DeleteResult } from '../../src/rest/rest.js';
import type { ApiObject } from '../../src/rest/types.js';
import { newUnreachableError } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import { defaultUpdatedObjectInfo } from '../../src/rest/updated-object-info.js';
import { nsCtx, racingStorage, statusOf, widget, widgetStore } from '../fixtures.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function objectOf(t: Test, r: DeleteResult): ApiObject {
  if (r.object.kind === 'Status') t.fail('expected an object, got a Status');
  return r.object as ApiObject;
}

t.test('immediate delete answers a Success Status, or the object with returnDeletedObject', async (t) => {
  const { store } = widgetStore(t);
  const a = await store.create(nsCtx(), widget('a'));
  const res = await store.delete(nsCtx(), 'a');
  t.equal(res.deleted, true);
  t.same(res.object, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: 'a', group: 'example.com', kind: 'widgets', uid: a.metadata.uid },
  });
  t.equal((await statusOf(t, store.get(nsCtx(), 'a'))).code, 404);
  const missing = await statusOf(t, store.delete(nsCtx(), 'a'));
  t.equal(missing.code, 404);
  t.equal(missing.message, 'widgets.example.com "a" not found');

  const { store: full } = widgetStore(t, { store: { returnDeletedObject: true } });
  t.equal(full.deleteReturnsDeletedObject(), true);
  await full.create(nsCtx(), widget('b'));
  const out = await full.delete(nsCtx(), 'b');
  t.equal(objectOf(t, out).metadata.name, 'b');
});

t.test('delete preconditions and options validation', async (t) => {
  const { store } = widgetStore(t);
  const a = await store.create(nsCtx(), widget('a'));
  const cases: { options: DeleteOptions; code: number; message: string }[] = [
    {
      options: { preconditions: { uid: 'nope' } },
      code: 409,
      message: `Operation cannot be fulfilled on Widget.example.com "a": the UID in the precondition (nope) does not match the UID in record (${a.metadata.uid}). The object might have been deleted and then recreated`,
    },
    {
      options: { preconditions: { resourceVersion: '1' } },
      code: 409,
      message: `Operation cannot be fulfilled on Widget.example.com "a": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${a.metadata.resourceVersion}). The object might have been modified`,
    },
    {
      options: { propagationPolicy: 'Bogus' },
      code: 422,
      message:
        'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Bogus": supported values: "Foreground", "Background", "Orphan", "nil"',
    },
    {
      options: { propagationPolicy: 'Orphan', orphanDependents: true },
      code: 422,
      message: 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set',
    },
    {
      options: { dryRun: ['Some'] },
      code: 422,
      message: 'DeleteOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Some"}: supported values: "All"',
    },
  ];
  for (const c of cases) {
    const s = await statusOf(t, store.delete(nsCtx(), 'a', undefined, c.options));
    t.equal(s.code, c.code);
    t.equal(s.message, c.message);
  }
  const ok = await store.delete(nsCtx(), 'a', undefined, { preconditions: { uid: a.metadata.uid ?? '', resourceVersion: a.metadata.resourceVersion ?? '' } });
  t.equal(ok.deleted, true);
});

t.test('deleteValidation runs on the current object and can refuse', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx(), widget('a'));
  await store.create(nsCtx(), widget('b', {}, { finalizers: ['example.com/keep'] }));
  const refuse = () => {
    throw new Error('no deleting');
  };
  await t.rejects(store.delete(nsCtx(), 'a', refuse), { message: 'no deleting' });
  await t.rejects(store.delete(nsCtx(), 'b', refuse), { message: 'no deleting' });
  t.ok(await store.get(nsCtx(), 'a'));
  t.equal((await store.get(nsCtx(), 'b')).metadata.deletionTimestamp, undefined);
});

t.test('finalizers keep the object; deletion is marked once', async (t) => {
  const { store } = widgetStore(t, { store: { clock: () => T0 } });
  await store.create(nsCtx(), widget('a', {}, { finalizers: ['example.com/keep'] }));
  const first = await store.delete(nsCtx(), 'a');
  t.equal(first.deleted, false);
  const kept = objectOf(t, first);
  t.equal(kept.metadata.deletionTimestamp, '2026-01-01T00:00:00Z');
  t.equal(kept.metadata.deletionGracePeriodSeconds, 0);
  t.equal(kept.metadata.generation, 2, 'generation bumped when marked');
  const second = await store.delete(nsCtx(), 'a');
  t.equal(second.deleted, false);
  t.equal(objectOf(t, second).metadata.generation, 2, 'not bumped again');
});

t.test('propagation policies are recorded as finalizers', async (t) => {
  const cases: {
    name: string;
    options?: DeleteOptions;
    gc?: boolean;
    policy?: 'DeleteDependents' | 'OrphanDependents' | 'Unsupported';
    finalizers?: string[];
    deleted: boolean;
    want?: string[];
  }[] = [
    { name: 'orphan', options: { propagationPolicy: 'Orphan' }, deleted: false, want: ['orphan'] },
    { name: 'foreground', options: { propagationPolicy: 'Foreground' }, deleted: false, want: ['foregroundDeletion'] },
    { name: 'background', options: { propagationPolicy: 'Background' }, deleted: true },
    { name: 'orphanDependents=true', options: { orphanDependents: true }, deleted: false, want: ['orphan'] },
    { name: 'orphanDependents=false', options: { orphanDependents: false }, deleted: true },
    { name: 'gc disabled', options: { propagationPolicy: 'Orphan' }, gc: false, deleted: true },
    { name: 'default orphan policy', policy: 'OrphanDependents', deleted: false, want: ['orphan'] },
    { name: 'unsupported policy', options: { propagationPolicy: 'Orphan' }, policy: 'Unsupported', deleted: true },
    { name: 'background clears orphan', options: { propagationPolicy: 'Background' }, finalizers: ['orphan'], deleted: true },
    { name: 'existing foreground kept', finalizers: ['foregroundDeletion'], deleted: false, want: ['foregroundDeletion'] },
    { name: 'foreground replaces orphan', options: { propagationPolicy: 'Foreground' }, finalizers: ['x.io/a', 'orphan'], deleted: false, want: ['x.io/a', 'foregroundDeletion'] },
  ];
  for (const c of cases) {
    const { store } = widgetStore(t, {
      store: { enableGarbageCollection: c.gc ?? true },
      strategy: c.policy === undefined ? {} : { garbageCollectionPolicy: c.policy },
    });
    await store.create(nsCtx(), widget('a', {}, c.finalizers ? { finalizers: c.finalizers } : {}));
    const res = await store.delete(nsCtx(), 'a', undefined, c.options);
    t.equal(res.deleted, c.deleted, c.name);
    if (!c.deleted) t.same(objectOf(t, res).metadata.finalizers, c.want, c.name);
  }
});

t.test('graceful deletion: timestamp, shortening, pending, grace 0', async (t) => {
  let now = T0;
  const { store } = widgetStore(t, { strategy: { defaultGracePeriodSeconds: 30 }, store: { clock: () => now } });
  await store.create(nsCtx(), widget('a'));
  const first = await store.delete(nsCtx(), 'a', undefined, {});
  t.equal(first.deleted, false);
  const marked = objectOf(t, first);
  t.equal(marked.metadata.deletionTimestamp, '2026-01-01T00:00:30Z');
  t.equal(marked.metadata.deletionGracePeriodSeconds, 30);
  t.equal(marked.metadata.generation, 2);
  now += 5000;
  const longer = await store.delete(nsCtx(), 'a', undefined, { gracePeriodSeconds: 60 });
  t.equal(longer.deleted, false);
  t.equal(longer.object.kind, 'Status', 'pending: nothing written');
  const shorter = await store.delete(nsCtx(), 'a', undefined, { gracePeriodSeconds: 10 });
  t.equal(objectOf(t, shorter).metadata.deletionTimestamp, '2026-01-01T00:00:10Z');
  t.equal(objectOf(t, shorter).metadata.deletionGracePeriodSeconds, 10);
  const pending = await store.delete(nsCtx(), 'a', undefined, {});
  t.equal(pending.deleted, false);
  const now0 = await store.delete(nsCtx(), 'a', undefined, { gracePeriodSeconds: 0 });
  t.equal(now0.deleted, true);
  t.equal((await statusOf(t, store.get(nsCtx(), 'a'))).code, 404);

  await store.create(nsCtx(), widget('b'));
  t.equal((await store.delete(nsCtx(), 'b')).deleted, true, 'absent options mean grace 0 (upstream NewDeleteOptions(0))');
  await store.create(nsCtx(), widget('b'));
  const negative = await store.delete(nsCtx(), 'b', undefined, { gracePeriodSeconds: -5 });
  t.equal(objectOf(t, negative).metadata.deletionGracePeriodSeconds, 1, 'negative grace becomes 1');

  await store.create(nsCtx(), widget('c'));
  const zero = await store.delete(nsCtx(), 'c', undefined, { gracePeriodSeconds: 0 });
  t.equal(zero.deleted, true, 'grace 0 deletes at once');

  await store.create(nsCtx(), widget('d'));
  const rv = (await store.get(nsCtx(), 'd')).metadata.resourceVersion ?? '';
  const withRV = await store.delete(nsCtx(), 'd', undefined, { gracePeriodSeconds: 0, preconditions: { resourceVersion: rv } });
  t.equal(withRV.deleted, true, 'RV precondition follows the graceful write');
});

t.test('dry-run delete writes nothing', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx(), widget('a'));
  await store.create(nsCtx(), widget('b', {}, { finalizers: ['example.com/keep'] }));
  const res = await store.delete(nsCtx(), 'a', undefined, { dryRun: ['All'] });
  t.equal(res.deleted, true);
  t.ok(await store.get(nsCtx(), 'a'));
  const kept = await store.delete(nsCtx('default', { dryRun: true }), 'b');
  t.equal(kept.deleted, false);
  t.equal((await store.get(nsCtx(), 'b')).metadata.deletionTimestamp, undefined);
  const badPre = await statusOf(t, store.delete(nsCtx(), 'a', undefined, { dryRun: ['All'], preconditions: { uid: 'x' } }));
  t.equal(badPre.code, 409);

  const graceful = widgetStore(t, { strategy: { defaultGracePeriodSeconds: 0 } }).store;
  await graceful.create(nsCtx(), widget('g'));
  const dry = await graceful.delete(nsCtx(), 'g', undefined, { dryRun: ['All'], gracePeriodSeconds: 0 });
  t.equal(dry.deleted, true);
  t.ok(await graceful.get(nsCtx(), 'g'));
});

t.test('deletecollection deletes the selected items, page by page', async (t) => {
  const { store } = widgetStore(t, { store: { deleteCollectionWorkers: 3 } });
  const { SetSelector } = await import('@apiserver/storage');
  for (const [i, team] of ['red', 'red', 'blue', 'red', 'blue'].entries()) {
    await store.create(nsCtx(), widget(`w${i}`, {}, { labels: { team } }));
  }
  const red = SetSelector.fromSet({ team: 'red' });
  const res = await store.deleteCollection(nsCtx(), undefined, undefined, { labelSelector: red });
  t.same(res.items.map((o) => o.metadata.name), ['w0', 'w1', 'w3']);
  t.same((await store.list(nsCtx())).items.map((o) => o.metadata.name), ['w2', 'w4']);
  const page = await store.deleteCollection(nsCtx(), undefined, {}, { limit: 1 });
  t.same(page.items.map((o) => o.metadata.name), ['w2'], 'a limit processes one page');
  t.same((await store.list(nsCtx())).items.map((o) => o.metadata.name), ['w4']);

  await store.create(nsCtx(), widget('x'));
  await t.rejects(
    store.deleteCollection(nsCtx(), () => {
      throw new Error('refused');
    }, undefined, undefined),
    { message: 'refused' },
  );
  const ac = new AbortController();
  ac.abort(new Error('client gone'));
  await statusOf(t, store.deleteCollection(nsCtx('default', { signal: ac.signal }), undefined, undefined, undefined));
});

t.test('races: a concurrent removal is tolerated where upstream tolerates it', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const inner = backend.storage<ApiObject>();
  let steal = false;
  const storage = racingStorage(inner, async (key) => {
    if (steal) await inner.delete(key);
  });
  const { store } = widgetStore(t, { strategy: { defaultGracePeriodSeconds: 0 }, store: { storage } });
  await store.create(nsCtx(), widget('a'));
  steal = true;
  const res = await store.delete(nsCtx(), 'a', undefined, {});
  t.equal(res.deleted, true, 'graceful delete with grace 0 tolerates NotFound');
  t.equal(res.object.kind, 'Status');

  steal = false;
  await store.create(nsCtx(), widget('b', {}, { finalizers: ['example.com/keep'] }));
  await store.delete(nsCtx(), 'b', undefined, { gracePeriodSeconds: 0 });
  const b = await store.get(nsCtx(), 'b');
  steal = true;
  const upd = await store.update(nsCtx(), 'b', defaultUpdatedObjectInfo({ ...b, metadata: { ...b.metadata, finalizers: [] } }), undefined, undefined, false);
  t.same(upd.object.metadata.finalizers, [], 'update that empties finalizers tolerates a concurrent delete');

  steal = false;
  await store.create(nsCtx(), widget('c'));
  const failing = racingStorage(inner, async () => {
    throw newUnreachableError('/x');
  });
  const { store: broken } = widgetStore(t, { store: { storage: failing } });
  await broken.create(nsCtx(), widget('c2'));
  const s = await statusOf(t, broken.delete(nsCtx(), 'c2', undefined, { gracePeriodSeconds: 0 }));
  t.equal(s.code, 500);
  t.equal(s.reason, 'ServerTimeout');
  t.equal(s.details?.retryAfterSeconds, 2);
});
