/**
 * Fan-out of cache events to the Cacher's watchers off the write path (upstream's `dispatchEvents` goroutine): the
 * reflector only queues an event; its delivery runs later, from `setImmediate`, in slices of a bounded number of
 * watchers, so neither the write that produced the event nor other requests wait for thousands of watchers.
 * Events are offered in RV order, each to the watchers of its key (an index lookup, not a scan).
 * @module
 */
import type { IndexedWatchers, KeyedWatcher } from './indexed-watchers.js';
import type { CacheEvent } from './watch-cache.js';

/** A watcher as the dispatcher sees it (a CacheWatcher): a key range, and where its events go. */
export interface DispatchTarget extends KeyedWatcher {
  /** Offers an event of the watched key range (the target ignores one it was already offered). */
  dispatch(e: CacheEvent): void;
}

/** Settings of an EventDispatcher. */
export interface EventDispatcherOptions<W extends DispatchTarget> {
  /** The watchers events go to. */
  watchers: IndexedWatchers<W>;
  /** The most watchers offered an event in one slice before yielding to the event loop. */
  sliceSize: number;
  /** Called once per event, after every watcher of its key has been offered it. */
  onDispatched: () => void;
}

/** A FIFO of cache events delivered to watchers in event-loop slices. */
export class EventDispatcher<W extends DispatchTarget> {
  readonly #o: EventDispatcherOptions<W>;
  #queue: CacheEvent[] = [];
  #head = 0;
  /** The watchers of the event at the head still to be offered it (taken when its delivery starts). */
  #targets: W[] | undefined;
  #next = 0;
  #scheduled: NodeJS.Immediate | undefined;

  /** Creates an idle dispatcher. */
  constructor(options: EventDispatcherOptions<W>) {
    this.#o = options;
  }

  /** Whether every queued event has been offered to its watchers. */
  get idle(): boolean {
    return this.#head === this.#queue.length;
  }

  /**
   * An RV up to which every event has been offered to every current watcher: just below the event being delivered,
   * or `cacheRv` when idle (a bookmark at it is never ahead of what a watcher has been sent).
   */
  settledResourceVersion(cacheRv: number): number {
    const pending = this.#queue[this.#head];
    return pending === undefined ? cacheRv : pending.resourceVersion - 1;
  }

  /** Queues an event for delivery. */
  enqueue(e: CacheEvent): void {
    this.#queue.push(e);
    this.#scheduled ??= setImmediate(() => this.#run());
  }

  /** Drops queued events (the watchers are being closed). */
  clear(): void {
    if (this.#scheduled !== undefined) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    this.#queue = [];
    this.#head = 0;
    this.#targets = undefined;
    this.#next = 0;
  }

  #run(): void {
    this.#scheduled = undefined;
    let budget = this.#o.sliceSize;
    while (budget > 0 && !this.idle) budget = this.#offerHead(budget);
    if (this.idle) {
      this.#queue = [];
      this.#head = 0;
      return;
    }
    // Under a steady backlog the delivered events are cut off now and then, not on every slice.
    if (this.#head >= 1024 && this.#head * 2 >= this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#scheduled = setImmediate(() => this.#run());
  }

  /** Offers the head event to up to `budget` of its watchers; returns the budget left. */
  #offerHead(budget: number): number {
    const e = this.#queue[this.#head] as CacheEvent;
    const targets = (this.#targets ??= this.#o.watchers.collect(e.key, []));
    let left = budget;
    while (this.#next < targets.length && left > 0) {
      (targets[this.#next++] as W).dispatch(e);
      left--;
    }
    if (this.#next < targets.length) return 0;
    this.#targets = undefined;
    this.#next = 0;
    this.#head++;
    this.#o.onDispatched();
    // An event with no watchers costs nothing but the lookup; count it against the slice all the same.
    return targets.length === 0 ? left - 1 : left;
  }
}
