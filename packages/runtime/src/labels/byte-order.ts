/**
 * String ordering as Go's `sort.Strings` sees it (UTF-8 byte order, i.e. code point order),
 * which differs from JS `<` (UTF-16 units) only above U+FFFF.
 *
 * @module
 */

/** Compares two strings by code point, returning a negative, zero or positive number. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Returns a sorted copy in Go's string order (the input is not mutated). */
export function sortedCopy(values: readonly string[]): string[] {
  return [...values].sort(compareCodePoints);
}
