/**
 * The committed revisions since the last compaction, in order (replay source for watches).
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

/** Revision entries in increasing order, trimmed by compaction. */
export class EventLog {
  #entries: RevisionEntry[] = [];

  /** Appends the next revision's entry. */
  append(entry: RevisionEntry): void {
    this.#entries.push(entry);
  }

  /** Events of all revisions strictly after `revision`, oldest first. */
  eventsAfter(revision: number): MvccEvent[] {
    const out: MvccEvent[] = [];
    for (let i = this.#firstAfter(revision); i < this.#entries.length; i++) {
      for (const e of this.#entries[i]?.events ?? []) out.push(e);
    }
    return out;
  }

  /** Forgets revisions <= `revision`. */
  compact(revision: number): void {
    this.#entries = this.#entries.slice(this.#firstAfter(revision));
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
