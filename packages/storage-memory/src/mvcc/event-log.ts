/**
 * The committed revisions since the last compaction, in order (replay source for watches), with the history bytes
 * compacting to each of them would release.
 * @module
 */
import type { MvccEvent } from './key-value.js';

/** Events of one committed revision. */
export interface RevisionEntry {
  /** The revision. */
  readonly revision: number;
  /** The changes committed at that revision, in op order. */
  readonly events: readonly MvccEvent[];
}

/** What a compaction of the log dropped. */
export interface CompactedEntries {
  /** The entries at or below the compact revision, oldest first. */
  readonly dropped: readonly RevisionEntry[];
  /** History bytes those revisions had made releasable. */
  readonly releasedBytes: number;
}

/** Revision entries in increasing order, trimmed by compaction. */
export class EventLog {
  #entries: RevisionEntry[] = [];
  // Running total of releasable bytes through each entry (since the log was created), and the total dropped so far.
  #releasable: number[] = [];
  #droppedTotal = 0;

  /** Appends the next revision's entry, which made `releasableBytes` of older versions releasable. */
  append(entry: RevisionEntry, releasableBytes = 0): void {
    const before = this.#releasable[this.#releasable.length - 1] ?? this.#droppedTotal;
    this.#entries.push(entry);
    this.#releasable.push(before + releasableBytes);
  }

  /** Events of all revisions strictly after `revision`, oldest first. */
  eventsAfter(revision: number): MvccEvent[] {
    const out: MvccEvent[] = [];
    for (let i = this.#firstAfter(revision); i < this.#entries.length; i++) {
      for (const e of this.#entries[i]?.events ?? []) out.push(e);
    }
    return out;
  }

  /** Forgets revisions <= `revision`; returns them and the bytes they had made releasable. */
  compact(revision: number): CompactedEntries {
    const cut = this.#firstAfter(revision);
    if (cut === 0) return { dropped: [], releasedBytes: 0 };
    const dropped = this.#entries.slice(0, cut);
    const total = this.#releasable[cut - 1] ?? this.#droppedTotal;
    const releasedBytes = total - this.#droppedTotal;
    this.#droppedTotal = total;
    this.#entries = this.#entries.slice(cut);
    this.#releasable = this.#releasable.slice(cut);
    return { dropped, releasedBytes };
  }

  /** The oldest revision whose compaction releases at least `bytes` (the newest revision when none does). */
  revisionReleasing(bytes: number): number {
    const goal = this.#droppedTotal + bytes;
    let lo = 0;
    let hi = this.#releasable.length - 1;
    if (hi < 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#releasable[mid] ?? 0) >= goal) hi = mid;
      else lo = mid + 1;
    }
    return this.#entries[lo]?.revision ?? 0;
  }

  /** Number of retained revisions. */
  get size(): number {
    return this.#entries.length;
  }

  #firstAfter(revision: number): number {
    let lo = 0;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#entries[mid]?.revision ?? 0) <= revision) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
