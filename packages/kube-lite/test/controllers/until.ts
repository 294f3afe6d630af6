/**
 * Polls `check` every 10 ms until it holds; fails the test after `timeoutMs`. The bound only keeps a broken
 * controller from hanging the suite: it is generous, because a loaded CI machine (load 15 seen) makes the
 * controllers' work take seconds, and speed is measured by benchmarks, not by tests.
 */
import type { Test } from 'tap';

export async function until(t: Test, what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  t.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
