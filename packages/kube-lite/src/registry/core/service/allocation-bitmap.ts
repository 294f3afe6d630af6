/**
 * The bytes of an allocation bitmap as kube-apiserver stores them in a `RangeAllocation` (pkg/registry/core/service
 * allocator `AllocationBitmap.Snapshot`: Go's `big.Int.Bytes()` of the number whose bit `i` is set when offset `i`
 * of the range is allocated): big-endian, without leading zero bytes, empty when nothing is allocated.
 * @module
 */

/**
 * What the stored form of an allocator needs of its range (upstream's `allocator.Snapshottable`): the range's name
 * and its in-use set as allocation bitmap bytes.
 */
export interface AllocationRange {
  /** How a `RangeAllocation` names the range (`10.0.0.0/24`, `30000-32767`). */
  spec(): string;
  /** The in-use set as bitmap bytes (see allocation-bitmap.ts). */
  snapshot(): Uint8Array;
  /** Marks the offsets of bitmap `data` in use. */
  restore(data: Uint8Array): void;
}

/** The bitmap bytes of the allocated `offsets` (non-negative integers). */
export function bitmapBytes(offsets: Iterable<number>): Uint8Array {
  let highest = -1;
  for (const o of offsets) highest = Math.max(highest, o);
  const bytes = new Uint8Array(highest < 0 ? 0 : (highest >> 3) + 1);
  for (const o of offsets) {
    const at = bytes.length - 1 - (o >> 3);
    bytes[at] = (bytes[at] ?? 0) | (1 << (o & 7));
  }
  return bytes;
}

/** The allocated offsets of bitmap `bytes`, ascending. */
export function bitmapOffsets(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let at = bytes.length - 1; at >= 0; at--) {
    const byte = bytes[at] ?? 0;
    const base = (bytes.length - 1 - at) * 8;
    for (let bit = 0; bit < 8; bit++) if ((byte & (1 << bit)) !== 0) offsets.push(base + bit);
  }
  return offsets;
}
