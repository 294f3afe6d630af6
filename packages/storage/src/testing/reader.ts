/**
 * Bounded reading of watch events for the conformance suite (no wait exceeds its timeout).
 * @module
 */
import type { StorageObject } from '../object.js';
import type { Watch, WatchEvent } from '../watch.js';

/** Default bound of any single wait, in milliseconds. */
export const defaultWaitMs = 5000;

/** Result of one bounded read: an event, the end of the watch, or a timeout. */
export type ReadResult =
  | {
      /** An event arrived. */
      kind: 'event';
      /** The event. */
      event: WatchEvent;
    }
  | {
      /** The watch ended. */
      kind: 'closed';
    }
  | {
      /** No event arrived in time. */
      kind: 'timeout';
    };

/** Reads a watch with timeouts, keeping an unfinished read pending so no event is lost. */
export class EventReader {
  readonly #it: AsyncIterator<WatchEvent>;
  readonly #watch: Watch;
  #pending: Promise<IteratorResult<WatchEvent>> | undefined;

  /** Wraps a watch. */
  constructor(watch: Watch) {
    this.#watch = watch;
    this.#it = watch[Symbol.asyncIterator]();
  }

  /** The wrapped watch. */
  get watch(): Watch {
    return this.#watch;
  }

  /** Waits at most `ms` for the next event or the end of the watch. */
  async read(ms = defaultWaitMs): Promise<ReadResult> {
    this.#pending ??= this.#it.next();
    const pending = this.#pending;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
    });
    const r = await Promise.race([pending, timeout]);
    clearTimeout(timer);
    if (r === 'timeout') return { kind: 'timeout' };
    this.#pending = undefined;
    return r.done === true ? { kind: 'closed' } : { kind: 'event', event: r.value };
  }

  /** The next event that is not an un-annotated (periodic) BOOKMARK; throws on timeout or end. */
  async next(ms = defaultWaitMs, skipPlainBookmarks = true): Promise<WatchEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await this.read(Math.max(1, deadline - Date.now()));
      if (r.kind === 'timeout') throw new Error(`no watch event within ${ms} ms`);
      if (r.kind === 'closed') throw new Error('watch closed while an event was expected');
      const e = r.event;
      if (skipPlainBookmarks && e.type === 'BOOKMARK' && e.object.metadata.annotations === undefined) continue;
      return e;
    }
  }

  /** Resolves with the first non-bookmark event arriving within `ms`, or undefined if none arrives (or it closes). */
  async nextWithin(ms: number): Promise<WatchEvent | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await this.read(Math.max(1, deadline - Date.now()));
      if (r.kind !== 'event') return undefined;
      if (r.event.type === 'BOOKMARK' && r.event.object.metadata.annotations === undefined) continue;
      return r.event;
    }
  }

  /** Waits at most `ms` for the watch to end, discarding events; true if it ended. */
  async closed(ms = defaultWaitMs): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await this.read(Math.max(1, deadline - Date.now()));
      if (r.kind === 'closed') return true;
      if (r.kind === 'timeout') return false;
    }
  }

  /** Stops the watch. */
  stop(): void {
    this.#watch.stop();
  }
}

/** Name and RV of an event's object, for readable assertions. */
export function describeEvent(e: WatchEvent): string {
  const o: StorageObject = e.object;
  return `${e.type} ${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}@${o.metadata.resourceVersion ?? ''}`;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
