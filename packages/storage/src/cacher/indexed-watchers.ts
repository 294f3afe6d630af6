/**
 * The Cacher's watchers indexed by the key range they watch (pkg/storage/cacher `indexedWatchers`, whose
 * `allWatchers` are keyed by the watch's namespace and name): an event is offered only to the watchers whose key
 * or prefix contains the event's key, found by looking up each of the key's path prefixes, so a write in one
 * namespace never visits the watchers of the others.
 * @module
 */

/** What the index needs of a watcher: the key it watches, exactly or as a prefix. */
export interface KeyedWatcher {
  /** The watched key; for a recursive watch, the prefix without trailing slash. */
  readonly key: string;
  /** Whether `key` is a prefix (the watch sees every key below it, not the key itself). */
  readonly recursive: boolean;
}

/** Watchers grouped by watched key, exact and recursive apart. */
export class IndexedWatchers<W extends KeyedWatcher> {
  readonly #exact = new Map<string, Set<W>>();
  readonly #prefixes = new Map<string, Set<W>>();
  #size = 0;

  /** The number of watchers. */
  get size(): number {
    return this.#size;
  }

  /** Adds a watcher (once). */
  add(w: W): void {
    const groups = w.recursive ? this.#prefixes : this.#exact;
    let group = groups.get(w.key);
    if (group === undefined) {
      group = new Set();
      groups.set(w.key, group);
    }
    if (group.has(w)) return;
    group.add(w);
    this.#size++;
  }

  /** Removes a watcher; unknown watchers are ignored. */
  delete(w: W): void {
    const groups = w.recursive ? this.#prefixes : this.#exact;
    const group = groups.get(w.key);
    if (group === undefined || !group.delete(w)) return;
    this.#size--;
    if (group.size === 0) groups.delete(w.key);
  }

  /** Removes every watcher and returns them. */
  clear(): W[] {
    const all = [...this.all()];
    this.#exact.clear();
    this.#prefixes.clear();
    this.#size = 0;
    return all;
  }

  /** Every watcher. */
  *all(): IterableIterator<W> {
    for (const group of this.#exact.values()) yield* group;
    for (const group of this.#prefixes.values()) yield* group;
  }

  /**
   * Appends to `out` the watchers that watch `key`: exact watches of `key`, and recursive watches of every proper
   * path prefix of it (`""` and each `key.slice(0, i)` where `key[i]` is `/`), the same set `hasPathPrefix` with
   * `key !== prefix` selects for a prefix without trailing slash.
   */
  collect(key: string, out: W[]): W[] {
    addAll(out, this.#exact.get(key));
    if (this.#prefixes.size === 0) return out;
    if (key !== '' && key[0] !== '/') addAll(out, this.#prefixes.get(''));
    for (let i = key.indexOf('/'); i !== -1; i = key.indexOf('/', i + 1)) addAll(out, this.#prefixes.get(key.slice(0, i)));
    return out;
  }
}

function addAll<W>(out: W[], group: Set<W> | undefined): void {
  if (group !== undefined) for (const w of group) out.push(w);
}
