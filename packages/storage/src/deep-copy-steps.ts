/**
 * {@link deepCopy} as a sliced pass (issue #19): the same copy, built by a generator with yield points after each
 * array item and object member, so that a large request's copy (a map of 160,000 keys) can run in time slices.
 * @module
 */
import { copyValue, MAX_COPY_DEPTH, setCopied } from './object.js';

function isCopiedMemberwise(value: unknown, depth: number): value is object {
  if (typeof value !== 'object' || value === null || depth > MAX_COPY_DEPTH) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function* copySteps(value: unknown, depth: number, yieldDue: () => boolean): Generator<void, unknown, void> {
  if (!isCopiedMemberwise(value, depth)) return copyValue(value, depth);
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = isCopiedMemberwise(v, depth + 1) ? yield* copySteps(v, depth + 1, yieldDue) : copyValue(v, depth + 1);
      if (yieldDue()) yield;
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    setCopied(out, key, isCopiedMemberwise(v, depth + 1) ? yield* copySteps(v, depth + 1, yieldDue) : copyValue(v, depth + 1));
    if (yieldDue()) yield;
  }
  return out;
}

const everyItem = (): boolean => true;

/**
 * The steps of {@link deepCopy}: a generator returning the copy (equal to what `deepCopy(obj)` returns), which
 * after each copied item yields when `yieldDue()` says so (by default after every item; runtime's `cheapStepDue`
 * yields once every few dozen). Run it with runtime's `TimeSlicer.run`.
 */
export function deepCopySteps<T>(obj: T, yieldDue: () => boolean = everyItem): Generator<void, T, void> {
  return copySteps(obj, 0, yieldDue) as Generator<void, T, void>;
}
