/**
 * Runs work for one key at a time, in arrival order (quota admission evaluates one namespace's requests one after
 * the other, as upstream's per-namespace work queue does), different keys concurrently.
 * @module
 */

/** A lock per key. */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` once every earlier `run` of `key` has settled; resolves or rejects as `fn` does. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.catch(() => undefined);
    this.#tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
