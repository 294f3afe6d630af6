/**
 * A sorted set of keys for prefix and range scans (etcd's btree `treeIndex`, as a list of sorted blocks).
 * @module
 */

/** Keys a block holds at most: a full block splits in two halves. */
const BLOCK_SIZE = 512;

/** The first index of `keys` whose key is not below `key` (keys.length when none). */
function lowerBoundIn(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keys kept sorted in code-unit order, in blocks of at most {@link BLOCK_SIZE} keys, each block's last key kept
 * beside it: lookup is O(log n), insert and delete move at most a block and the list of blocks (O(√n) for the
 * sizes a server holds, where one sorted array moves O(n) keys on every insert).
 */
export class KeyIndex {
  /** Non-empty sorted blocks; every key of a block is below every key of the next. */
  readonly #blocks: string[][] = [];
  /** The last key of each block, in block order. */
  readonly #lasts: string[] = [];
  #size = 0;

  /** The block that holds `key` when it is present (the first whose last key is not below it), or -1 when every key is below it. */
  #blockOf(key: string): number {
    const b = lowerBoundIn(this.#lasts, key);
    return b < this.#blocks.length ? b : -1;
  }

  /** Adds a key if absent. */
  insert(key: string): void {
    let b = this.#blockOf(key);
    if (b < 0) {
      // Above every key: at the end of the last block, or in the first block.
      b = this.#blocks.length - 1;
      if (b < 0) {
        this.#blocks.push([key]);
        this.#lasts.push(key);
        this.#size++;
        return;
      }
    }
    const block = this.#blocks[b] as string[];
    const i = lowerBoundIn(block, key);
    if (block[i] === key) return;
    block.splice(i, 0, key);
    this.#lasts[b] = block[block.length - 1] as string;
    this.#size++;
    if (block.length > BLOCK_SIZE) this.#split(b);
  }

  #split(b: number): void {
    const block = this.#blocks[b] as string[];
    const upper = block.splice(block.length >>> 1);
    this.#blocks.splice(b + 1, 0, upper);
    this.#lasts.splice(b, 0, block[block.length - 1] as string);
  }

  /** Removes a key if present. */
  remove(key: string): void {
    const b = this.#blockOf(key);
    if (b < 0) return;
    const block = this.#blocks[b] as string[];
    const i = lowerBoundIn(block, key);
    if (block[i] !== key) return;
    block.splice(i, 1);
    this.#size--;
    if (block.length === 0) {
      this.#blocks.splice(b, 1);
      this.#lasts.splice(b, 1);
    } else {
      this.#lasts[b] = block[block.length - 1] as string;
    }
  }

  /** Keys in [start, end) in order; an empty `end` means "to the last key". */
  *range(start: string, end: string): Generator<string> {
    const first = this.#blockOf(start);
    if (first < 0) return;
    let i = lowerBoundIn(this.#blocks[first] as string[], start);
    for (let b = first; b < this.#blocks.length; b++, i = 0) {
      const block = this.#blocks[b] as string[];
      for (; i < block.length; i++) {
        const key = block[i] as string;
        if (end !== '' && key >= end) return;
        yield key;
      }
    }
  }

  /** Number of keys. */
  get size(): number {
    return this.#size;
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
