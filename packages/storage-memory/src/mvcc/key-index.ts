/**
 * A sorted set of keys for prefix and range scans (etcd's btree `treeIndex`, as a sorted array).
 * @module
 */

/** Keys kept sorted in code-unit order; insert and delete are O(n), lookup O(log n). */
export class KeyIndex {
  readonly #keys: string[] = [];

  /** Adds a key if absent. */
  insert(key: string): void {
    const i = this.lowerBound(key);
    if (this.#keys[i] !== key) this.#keys.splice(i, 0, key);
  }

  /** Removes a key if present. */
  remove(key: string): void {
    const i = this.lowerBound(key);
    if (this.#keys[i] === key) this.#keys.splice(i, 1);
  }

  /** Position of the first key >= `key`. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.#keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#keys[mid] ?? '') < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Keys in [start, end) in order; an empty `end` means "to the last key". */
  *range(start: string, end: string): Generator<string> {
    for (let i = this.lowerBound(start); i < this.#keys.length; i++) {
      const key = this.#keys[i] ?? '';
      if (end !== '' && key >= end) return;
      yield key;
    }
  }

  /** Number of keys. */
  get size(): number {
    return this.#keys.length;
  }
}

/** The smallest key greater than every key starting with `prefix` (etcd `GetPrefixRangeEnd`); '' when none. */
export function prefixRangeEnd(prefix: string): string {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const c = prefix.charCodeAt(i);
    if (c < 0xffff) return prefix.slice(0, i) + String.fromCharCode(c + 1);
  }
  return '';
}
