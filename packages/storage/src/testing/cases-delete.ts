/**
 * Conformance cases for delete (upstream RunTest*Delete*).
 * @module
 */
import { isInvalidObj, isNotFound } from '../errors.js';
import type { StorageObject } from '../object.js';
import { EventReader } from './reader.js';
import { type ConformanceCase, expectError, makePod, rvOf, updateNote, withLabels, withoutRV } from './fixtures.js';

const key = '/pods/ns/foo';

/** Delete cases. */
export const deleteCases: readonly ConformanceCase[] = [
  {
    name: 'delete: unconditional delete returns the last state with the deletion RV',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo', { uid: 'A' }));
      const out = await store.delete(key);
      t.same(withoutRV(out), withoutRV(stored), 'output is the deleted object');
      t.ok(rvOf(out) > rvOf(stored), 'output RV is the deletion revision');
      await expectError(t, store.get(key), isNotFound, 'gone after delete');
      await expectError(t, store.delete(key), isNotFound, 'deleting a missing key is KeyNotFound');
    },
  },
  {
    name: 'delete: UID and resourceVersion preconditions',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo', { uid: 'A' }));
      await expectError(t, store.delete(key, { preconditions: { uid: 'B' } }), isInvalidObj, 'UID mismatch is InvalidObj');
      await expectError(t, store.delete(key, { preconditions: { resourceVersion: `1${String(rvOf(stored))}` } }), isInvalidObj, 'RV mismatch is InvalidObj');
      t.same(await store.get(key), stored, 'object is still there');
      const out = await store.delete(key, { preconditions: { uid: 'A', resourceVersion: stored.metadata.resourceVersion ?? '' } });
      t.ok(rvOf(out) > rvOf(stored), 'matching preconditions delete');
      await store.create(key, makePod('ns', 'foo'));
      await store.delete(key, { preconditions: {} });
      await expectError(t, store.get(key), isNotFound, 'empty preconditions check nothing');
    },
  },
  {
    name: 'delete: with a current suggestion',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      await store.delete(key, { cachedExistingObject: stored });
      await expectError(t, store.get(key), isNotFound, 'deleted');
    },
  },
  {
    name: 'delete: with a stale suggestion returns the current state',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      const updated = await updateNote(store, key, 'v2');
      const out = await store.delete(key, { cachedExistingObject: stored });
      t.same(withoutRV(out), withoutRV(updated), 'output is the updated object');
      t.ok(rvOf(out) > rvOf(updated), 'with the deletion RV');
    },
  },
  {
    name: 'delete: with a suggestion of an already deleted object is KeyNotFound',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      await store.delete(key);
      await expectError(t, store.delete(key, { cachedExistingObject: stored }), isNotFound, 'KeyNotFound');
    },
  },
  {
    name: 'delete: a conflicting write during validation is retried',
    async run({ t, store }) {
      await store.create(key, makePod('ns', 'foo'));
      let validations = 0;
      let updated: StorageObject | undefined;
      const out = await store.delete(key, {
        validateDeletion: async () => {
          validations++;
          if (validations === 1) updated = await updateNote(store, key, 'concurrent');
        },
      });
      t.equal(validations, 2, 'validateDeletion called again on the fresh state');
      t.same(withoutRV(out), updated === undefined ? undefined : withoutRV(updated), 'output is the concurrently updated object');
    },
  },
  {
    name: 'delete: a validation error on fresh state is returned as is',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      const refusal = new Error('refused');
      let calls = 0;
      const validateDeletion = (): void => {
        calls++;
        throw refusal;
      };
      await expectError(t, store.delete(key, { cachedExistingObject: stored, validateDeletion }), (e) => e === refusal, 'same error object');
      t.equal(calls, 1, 'validator called once for a current suggestion');
      t.same(await store.get(key), stored, 'object kept');
    },
  },
  {
    name: 'delete: a stale suggestion is re-read before validation fails',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      await store.guaranteedUpdate(key, (cur) => ({ object: withLabels(cur ?? stored, { ready: 'true' }) }));
      let calls = 0;
      const validateDeletion = (obj: StorageObject): void => {
        calls++;
        if (obj.metadata.labels?.['ready'] !== 'true') throw new Error('not ready');
      };
      await store.delete(key, { cachedExistingObject: stored, validateDeletion });
      t.ok(calls >= 1 && calls <= 2, `validator called ${calls} times`);
      await expectError(t, store.get(key), isNotFound, 'deleted');
    },
  },
  {
    name: 'delete: only the stale suggestion passes validation',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo', {}));
      const updated = await store.guaranteedUpdate(key, (cur) => ({ object: withLabels(cur ?? stored, { frozen: 'true' }) }));
      const validateDeletion = (obj: StorageObject): void => {
        if (obj.metadata.labels?.['frozen'] === 'true') throw new Error('stale object');
      };
      await expectError(t, store.delete(key, { cachedExistingObject: stored, validateDeletion }), (e) => e instanceof Error && e.message === 'stale object', 'error from the current state');
      t.same(await store.get(key), updated, 'object kept');
    },
  },
  {
    name: 'delete: UID precondition checked against the current state, not a stale suggestion',
    async run({ t, store }) {
      const stale = await store.create(key, makePod('ns', 'foo'));
      await store.guaranteedUpdate(key, (cur) => {
        const next = structuredClone(cur ?? stale);
        next.metadata.uid = 'A';
        return { object: next };
      });
      await store.delete(key, { cachedExistingObject: stale, preconditions: { uid: 'A' } });
      await expectError(t, store.get(key), isNotFound, 'deleted although the suggestion lacked the UID');
      const s2 = await store.create(key, makePod('ns', 'foo', { uid: 'A' }));
      const cur = await store.guaranteedUpdate(key, (c) => {
        const next = structuredClone(c ?? s2);
        next.metadata.uid = 'B';
        return { object: next };
      });
      await expectError(t, store.delete(key, { cachedExistingObject: s2, preconditions: { uid: 'A' } }), isInvalidObj, 'only the suggestion matches');
      t.same(await store.get(key), cur, 'object kept');
    },
  },
  {
    name: 'delete: the DELETED event equals the delete output',
    async run({ t, store }) {
      const stored = await store.create(key, makePod('ns', 'foo'));
      const r = new EventReader(await store.watch(key, { resourceVersion: stored.metadata.resourceVersion ?? '' }));
      try {
        const out = await store.delete(key);
        const e = await r.next();
        t.equal(e.type, 'DELETED');
        t.same(e.object, out, 'event object deep-equals the delete output');
        t.not(e.object.metadata.resourceVersion, stored.metadata.resourceVersion, 'with the deletion RV');
      } finally {
        r.stop();
      }
    },
  },
];
