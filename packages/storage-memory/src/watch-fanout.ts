/**
 * The commit fan-out of a backend's watches: one listener on the MVCC store for all of them, which hands each event
 * only to the watches whose key range holds its key (found by looking up the key itself and each of its prefixes
 * that ends in `/`), so a commit costs a lookup per path segment, not a call per open watch.
 * @module
 */
import type { MvccEvent } from './mvcc/key-value.js';
import type { CommitListener } from './mvcc/mvcc-store.js';

/** What a watch receives: the commits after `afterRevision` touching `key` (exactly, or as a prefix). */
export interface WatchSubscription {
  /** The watched key, or the prefix (ending in `/`) when `prefix` is true. */
  readonly key: string;
  /** Whether every key starting with `key` is watched. */
  readonly prefix: boolean;
  /** Commits at or below this revision are not delivered. */
  readonly afterRevision: number;
  /** Receives each event in scope, in commit order. */
  readonly deliver: (event: MvccEvent) => void;
}

/** Where the fan-out listens for commits (the MVCC store). */
export interface CommitSource {
  /** Calls `listener` for each later commit; returns the unsubscribe function. */
  subscribe(listener: CommitListener): () => void;
}

/** Watch subscriptions indexed by key, exact and prefix apart. */
export class WatchFanout {
  readonly #exact = new Map<string, Set<WatchSubscription>>();
  readonly #prefixes = new Map<string, Set<WatchSubscription>>();
  #source: CommitSource | undefined;
  #unlisten: (() => void) | undefined;
  #size = 0;

  /** Subscribes a watch to the commits of `source` (one source per fan-out); returns the unsubscribe function. */
  subscribe(source: CommitSource, sub: WatchSubscription): () => void {
    if (this.#source !== undefined && this.#source !== source) throw new Error('watch fan-out: one commit source per backend');
    if (this.#unlisten === undefined) {
      this.#source = source;
      this.#unlisten = source.subscribe((entry) => {
        for (const event of entry.events) this.#deliver(entry.revision, event);
      });
    }
    const groups = sub.prefix ? this.#prefixes : this.#exact;
    let group = groups.get(sub.key);
    if (group === undefined) {
      group = new Set();
      groups.set(sub.key, group);
    }
    group.add(sub);
    this.#size++;
    return () => this.#unsubscribe(groups, sub);
  }

  #unsubscribe(groups: Map<string, Set<WatchSubscription>>, sub: WatchSubscription): void {
    const group = groups.get(sub.key);
    if (group === undefined || !group.delete(sub)) return;
    if (group.size === 0) groups.delete(sub.key);
    if (--this.#size > 0) return;
    this.#unlisten?.();
    this.#unlisten = undefined;
    this.#source = undefined;
  }

  #deliver(revision: number, event: MvccEvent): void {
    const key = event.kv.key;
    offer(this.#exact.get(key), revision, event);
    if (this.#prefixes.size === 0) return;
    for (let i = key.indexOf('/'); i !== -1; i = key.indexOf('/', i + 1)) offer(this.#prefixes.get(key.slice(0, i + 1)), revision, event);
  }
}

function offer(group: Set<WatchSubscription> | undefined, revision: number, event: MvccEvent): void {
  if (group === undefined) return;
  for (const sub of group) if (revision > sub.afterRevision) sub.deliver(event);
}
