/**
 * Errors of the MVCC core, named after etcd's mvcc errors.
 * @module
 */

/** A read or watch asked for a revision that compaction has removed (etcd `ErrCompacted`). */
export class CompactedError extends Error {
  /** The revision requested. */
  readonly revision: number;
  /** The store's compact revision. */
  readonly compactRevision: number;
  constructor(revision: number, compactRevision: number) {
    super(`mvcc: required revision ${revision} has been compacted (compact revision ${compactRevision})`);
    this.name = 'CompactedError';
    this.revision = revision;
    this.compactRevision = compactRevision;
  }
}

/** A read asked for a revision newer than the current one (etcd `ErrFutureRev`). */
export class FutureRevisionError extends Error {
  /** The revision requested. */
  readonly revision: number;
  /** The store's current revision. */
  readonly currentRevision: number;
  constructor(revision: number, currentRevision: number) {
    super(`mvcc: required revision ${revision} is a future revision (current ${currentRevision})`);
    this.name = 'FutureRevisionError';
    this.revision = revision;
    this.currentRevision = currentRevision;
  }
}

/** The store was closed; no more reads or writes. */
export class StoreClosedError extends Error {
  constructor() {
    super('mvcc: store is closed');
    this.name = 'StoreClosedError';
  }
}
