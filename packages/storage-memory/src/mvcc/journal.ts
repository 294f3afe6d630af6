/**
 * What the MVCC store hands to a durability layer before a change becomes visible.
 * @module
 */
import type { MvccDelete } from './key-value.js';
import type { LeaseGrant } from './lessor.js';

/** A put as journaled: its TTL already resolved to a lease id. */
export interface JournalPut {
  /** Discriminator. */
  readonly type: 'put';
  /** The key written. */
  readonly key: string;
  /** The bytes stored. */
  readonly value: Uint8Array;
  /** Lease id (0 = none). */
  readonly lease: number;
}

/** A write inside a committed revision, with its lease already resolved. */
export type JournalOp = JournalPut | MvccDelete;

/** A committed revision. */
export interface CommitRecord {
  /** Discriminator. */
  readonly kind: 'commit';
  /** The revision (current + 1 when it is applied). */
  readonly revision: number;
  /** The writes, in order. */
  readonly ops: readonly JournalOp[];
  /** Leases granted by this commit. */
  readonly leases: readonly LeaseGrant[];
}

/** A compaction to a revision. */
export interface CompactRecord {
  /** Discriminator. */
  readonly kind: 'compact';
  /** The new compact revision. */
  readonly revision: number;
}

/** One durable record: a committed revision, or a compaction. */
export type JournalRecord = CommitRecord | CompactRecord;

/** A sink that makes a record durable; throwing aborts the change. */
export interface Journal {
  /** Persists `record` synchronously (the store applies it only after this returns). */
  append(record: JournalRecord): void;
}
