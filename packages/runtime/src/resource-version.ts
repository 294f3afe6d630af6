/**
 * Resource versions: decimal strings of an unsigned 64-bit counter, handled as `bigint`
 * (`APIObjectVersioner.ParseResourceVersion` semantics: `""` and `"0"` mean 0).
 *
 * @module
 */
import { newBadRequest } from './errors/factories.js';
import type { StatusError } from './errors/status-error.js';
import { invalid } from './validation/field/errors.js';
import { newPath } from './validation/field/path.js';
import { goQuote } from './validation/field/go-format.js';

/** The largest resource version (2⁶⁴ − 1). */
export const MAX_RESOURCE_VERSION: bigint = 2n ** 64n - 1n;

/** Values of `resourceVersionMatch` for list requests (`metav1.ResourceVersionMatch`). */
export const ResourceVersionMatch = {
  /** Data at least as new as the given resourceVersion. */
  NotOlderThan: 'NotOlderThan',
  /** Data at exactly the given resourceVersion. */
  Exact: 'Exact',
} as const;

/** One of the {@link ResourceVersionMatch} values. */
export type ResourceVersionMatchValue = (typeof ResourceVersionMatch)[keyof typeof ResourceVersionMatch];

/** True for `NotOlderThan` and `Exact`. */
export function isResourceVersionMatch(value: string): value is ResourceVersionMatchValue {
  return value === 'NotOlderThan' || value === 'Exact';
}

/** Go's `strconv.ParseUint(s, 10, 64)` error text for `s`, or `undefined` when `s` parses. */
function parseUintError(s: string): string | undefined {
  if (!/^[0-9]+$/.test(s)) return `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`;
  if (BigInt(s) > MAX_RESOURCE_VERSION) return `strconv.ParseUint: parsing ${goQuote(s)}: value out of range`;
  return undefined;
}

/** True when `rv` is `""` or a decimal unsigned 64-bit number. */
export function isValidResourceVersion(rv: string): boolean {
  return rv === '' || parseUintError(rv) === undefined;
}

/**
 * Parses a resource version; `""` and `"0"` give `0n`. Anything else that is not a decimal
 * uint64 throws BadRequest `invalid resource version: resourceVersion: Invalid value: "x":
 * strconv.ParseUint: parsing "x": invalid syntax`, as the storage layer answers.
 * @throws {@link StatusError}
 */
export function parseResourceVersion(rv: string): bigint {
  if (rv === '' || rv === '0') return 0n;
  const err = parseUintError(rv);
  if (err !== undefined) {
    throw newBadRequest(`invalid resource version: ${invalid(newPath('resourceVersion'), rv, err).toString()}`);
  }
  return BigInt(rv);
}

/** Formats a resource version as its decimal string; rejects negative or > 2⁶⁴−1 values. */
export function formatResourceVersion(rv: bigint | number): string {
  const n = typeof rv === 'bigint' ? rv : BigInt(rv);
  if (n < 0n || n > MAX_RESOURCE_VERSION) throw new RangeError(`resource version out of range: ${n}`);
  return n.toString(10);
}

/** Compares two resource versions numerically (parsing both): negative, zero or positive. */
export function compareResourceVersions(a: string, b: string): number {
  const x = parseResourceVersion(a);
  const y = parseResourceVersion(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
