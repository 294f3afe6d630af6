/**
 * Periodic compaction (apiserver `compact.go`): each tick compacts to the revision seen one tick earlier,
 * so between one and two intervals of history stay readable.
 * @module
 */
import type { MvccStore } from './mvcc/mvcc-store.js';

/** Runs compaction every `intervalMs` until stopped. */
export class Compactor {
  readonly #store: MvccStore;
  readonly #timer: NodeJS.Timeout;
  #lastRevision = 0;

  /** Starts the timer (unref'd: it never keeps the process alive). */
  constructor(store: MvccStore, intervalMs: number) {
    this.#store = store;
    this.#timer = setInterval(() => this.tick(), intervalMs);
    this.#timer.unref();
  }

  /** One compaction step: compact to the revision remembered last time, remember the current one. */
  tick(): void {
    if (this.#store.closed) return;
    const target = this.#lastRevision;
    this.#lastRevision = this.#store.currentRevision;
    if (target > this.#store.compactRevision) {
      try {
        this.#store.compact(target);
      } catch {
        // A failed journal write leaves history in place; the next tick tries again.
      }
    }
  }

  /** Stops the timer. */
  stop(): void {
    clearInterval(this.#timer);
  }
}
