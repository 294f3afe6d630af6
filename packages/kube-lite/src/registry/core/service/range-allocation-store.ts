/**
 * An allocator whose in-use set lives in storage, so that every kube-lite on one etcd hands out from the same set
 * (upstream's `allocator/storage.Etcd`, and the `Repair` controllers of its ipallocator and portallocator): the set
 * is a `RangeAllocation` object at one key (`/ranges/serviceips`, `/ranges/servicenodeports`), and each operation
 * reads it, applies itself to a copy and writes it back with optimistic concurrency, trying again from the new
 * state when another writer came first. A repair round makes the set what the stored services hold, keeping an item
 * no service holds for three rounds first (it may belong to a service being created).
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiObject } from '@apiserver/registry';
import type { StorageInterface } from '@apiserver/storage';
import { type AllocationRange, bitmapBytes, bitmapOffsets } from './allocation-bitmap.js';

/** How many repair rounds in a row must find an item unheld before it is freed (upstream's `numRepairsBeforeLeakCleanup`). */
export const REPAIRS_BEFORE_LEAK_CLEANUP = 3;

/** Waits between the tries of a repair round that lost a race with another writer (client-go's `retry.DefaultBackoff`). */
const REPAIR_CONFLICT_BACKOFF_MS = [10, 50, 250];

/** The set changed between a repair round's read and its write. */
class RepairConflict extends Error {}

/** What a {@link RangeAllocationStore} is made of. */
export interface RangeAllocationStoreOptions<R extends AllocationRange> {
  /** The storage holding the `RangeAllocation` (undecorated: every read must be current). */
  readonly storage: StorageInterface<ApiObject>;
  /** Its key, e.g. `/ranges/serviceips`. */
  readonly key: string;
  /** A new empty range of the configured size. */
  readonly empty: () => R;
  /**
   * Marks in `range` what the stored objects hold (the services' addresses or ports): the repair rounds, and the
   * rebuild of a set found missing.
   */
  readonly markInUse: (range: R) => Promise<void>;
  /** The error of an operation finding the stored set made for another range (upstream's words differ per allocator). */
  readonly mismatch: string;
}

/** The `data` of a stored `RangeAllocation` (base64 in the object), empty when absent. */
function storedData(obj: ApiObject): Uint8Array {
  return typeof obj.data === 'string' ? Buffer.from(obj.data, 'base64') : new Uint8Array(0);
}

/** An allocation range kept in a `RangeAllocation` object, updated by read-modify-write. */
export class RangeAllocationStore<R extends AllocationRange> {
  readonly #options: RangeAllocationStoreOptions<R>;
  /** Offsets found unheld by the last rounds, with the rounds left before they are freed. */
  readonly #leaks = new Map<number, number>();
  #repaired: Promise<void> | undefined;

  /** Creates the store; nothing is read or written before the first operation. */
  constructor(options: RangeAllocationStoreOptions<R>) {
    this.#options = options;
  }

  /**
   * Applies `op` to the current in-use set and stores the result; resolves to what `op` returned. `op` may run more
   * than once (each time on the latest stored set) and must not change anything but `range`; what it throws fails
   * the operation and stores nothing.
   */
  async update<T>(op: (range: R) => T): Promise<T> {
    await this.ensureRepaired();
    const { storage, key, empty, markInUse, mismatch } = this.#options;
    let result: { value: T } | undefined;
    await storage.guaranteedUpdate(
      key,
      async (current) => {
        const range = empty();
        // A set deleted since (by hand): rebuilt from the services rather than started empty.
        if (current === undefined) await markInUse(range);
        else if (current.range === range.spec()) range.restore(storedData(current));
        else throw new Error(mismatch);
        result = { value: op(range) };
        return { object: this.#rangeAllocation(range, current) };
      },
      { ignoreNotFound: true },
    );
    if (result === undefined) throw new Error(`${key}: the update function did not run`);
    return result.value;
  }

  /**
   * Resolves once a repair round of this store succeeded: at once after one did, else running one (again after a
   * failure). Operations wait for it, so what stored services hold is in the set before anything is handed out.
   */
  ensureRepaired(): Promise<void> {
    this.#repaired ??= this.#repairWithRetries().catch((err: unknown) => {
      this.#repaired = undefined;
      throw err;
    });
    return this.#repaired;
  }

  /**
   * One repair round: the stored set becomes what the stored services hold, plus the items no service holds that
   * have not been found so in {@link REPAIRS_BEFORE_LEAK_CLEANUP} rounds in a row. A set made for another range
   * is replaced. The write goes through only if the set did not change since it was read; the round is then tried
   * again (three more times), as upstream's `RetryOnConflict`. Until a round succeeded, this is the round the
   * operations wait for ({@link ensureRepaired}).
   */
  repair(): Promise<void> {
    return this.#repaired === undefined ? this.ensureRepaired() : this.#repairWithRetries();
  }

  async #repairWithRetries(): Promise<void> {
    for (const waitMs of [...REPAIR_CONFLICT_BACKOFF_MS, undefined]) {
      try {
        await this.#repairRound();
        return;
      } catch (err) {
        if (!(err instanceof RepairConflict) || waitMs === undefined) throw err;
        await sleep(waitMs);
      }
    }
  }

  async #repairRound(): Promise<void> {
    const { storage, key, empty, markInUse } = this.#options;
    const read = await storage.get(key, { ignoreNotFound: true });
    const stored = empty();
    if (read !== undefined && read.range === stored.spec()) stored.restore(storedData(read));
    const rebuilt = empty();
    await markInUse(rebuilt);
    const held = new Set(bitmapOffsets(rebuilt.snapshot()));
    const kept: number[] = [];
    for (const offset of bitmapOffsets(stored.snapshot())) {
      if (held.has(offset)) {
        this.#leaks.delete(offset);
        continue;
      }
      const left = this.#leaks.get(offset) ?? REPAIRS_BEFORE_LEAK_CLEANUP - 1;
      if (left > 0) {
        kept.push(offset);
        this.#leaks.set(offset, left - 1);
      } else {
        this.#leaks.delete(offset);
      }
    }
    rebuilt.restore(bitmapBytes(kept));
    const readVersion = read?.metadata.resourceVersion;
    await storage.guaranteedUpdate(
      key,
      (current) => {
        if (current?.metadata.resourceVersion !== readVersion) throw new RepairConflict(`${key} changed during its repair`);
        return { object: this.#rangeAllocation(rebuilt, current) };
      },
      { ignoreNotFound: true },
    );
  }

  #rangeAllocation(range: R, current: ApiObject | undefined): ApiObject {
    return {
      apiVersion: 'v1',
      kind: 'RangeAllocation',
      metadata: current?.metadata ?? {},
      range: range.spec(),
      data: Buffer.from(range.snapshot()).toString('base64'),
    };
  }
}
