/**
 * What the MVCC store hands to a durability layer before a change becomes visible.
 * @module
 */
import type { LeaseGrant } from './lessor.js';

/** A write inside a committed revision, with its lease already resolved. */
export type JournalOp =
  | { readonly type: 'put'; readonly key: string; readonly value: Uint8Array; readonly lease: number }
  | { readonly type: 'delete'; readonly key: string };

/** One durable record: a committed revision, or a compaction. */
export type JournalRecord =
  | {
      readonly kind: 'commit';
      readonly revision: number;
      readonly ops: readonly JournalOp[];
      readonly leases: readonly LeaseGrant[];
    }
  | { readonly kind: 'compact'; readonly revision: number };

/** A sink that makes a record durable; throwing aborts the change. */
export interface Journal {
  /** Persists `record` synchronously (the store applies it only after this returns). */
  append(record: JournalRecord): void;
}
