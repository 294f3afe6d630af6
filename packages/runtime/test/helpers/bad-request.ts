import type { Test } from 'tap';
import { isStatusError } from '../../src/errors/status-error.js';

/** Asserts that `fn` throws a 400 BadRequest StatusError with exactly `message`. */
export function badRequest(t: Test, fn: () => unknown, message: string): void {
  try {
    fn();
    t.fail(`expected BadRequest: ${message}`);
  } catch (e) {
    t.ok(isStatusError(e) && e.code === 400 && e.reason === 'BadRequest', 'BadRequest StatusError');
    t.equal(e instanceof Error ? e.message : '', message);
  }
}
