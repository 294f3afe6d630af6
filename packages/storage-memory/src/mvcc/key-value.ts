/**
 * The etcd-shaped records of the in-memory MVCC store.
 * @module
 */

/** One stored version of a key, as etcd's `mvccpb.KeyValue`. */
export interface KeyValue {
  /** The key, compared in code-unit order (byte order for ASCII keys). */
  readonly key: string;
  /** Revision of the create that started this key's current life. */
  readonly createRevision: number;
  /** Revision of the last write to this key. */
  readonly modRevision: number;
  /** Number of writes since the key was (re)created; 0 for a tombstone. */
  readonly version: number;
  /** The stored bytes; empty for a tombstone. */
  readonly value: Uint8Array;
  /** Lease id that will delete this key on expiry, 0 for none. */
  readonly lease: number;
}

/** A change committed at one revision, as delivered to watchers. */
export interface MvccEvent {
  /** `put` for create or update, `delete` for delete or lease expiry. */
  readonly type: 'put' | 'delete';
  /** New state; for `delete` a tombstone with the deletion revision as modRevision. */
  readonly kv: KeyValue;
  /** State before the change, absent for a create. */
  readonly prevKv?: KeyValue | undefined;
}

/** A put inside a commit. */
export interface MvccPut {
  /** Discriminator. */
  readonly type: 'put';
  /** The key written. */
  readonly key: string;
  /** The bytes stored. */
  readonly value: Uint8Array;
  /** Lifetime in milliseconds; the key is deleted when it passes (absent or 0 = forever). */
  readonly ttlMs?: number | undefined;
}

/** A delete inside a commit (a no-op when the key does not exist). */
export interface MvccDelete {
  /** Discriminator. */
  readonly type: 'delete';
  /** The key deleted. */
  readonly key: string;
}

/** One write inside a commit. */
export type MvccOp = MvccPut | MvccDelete;

/** Whether a key-value is a deletion marker. */
export function isTombstone(kv: KeyValue): boolean {
  return kv.version === 0;
}
