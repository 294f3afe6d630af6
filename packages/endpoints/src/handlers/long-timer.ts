/**
 * Timers of any length: node's `setTimeout` takes at most 2^31-1 ms (about 24.8 days) and fires after 1 ms for
 * anything longer, so a watch asking for `timeoutSeconds=2147484` would end at once. Go's timers take any
 * `time.Duration`; longer delays here are run as a chain of maximal node timers.
 */

/** The longest delay node's `setTimeout` honours. */
export const MAX_NODE_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Calls `fn` once `ms` milliseconds have passed (at once for 0 or less; never for Infinity or NaN). Returns the
 * cancel function.
 */
export function setLongTimeout(fn: () => void, ms: number): () => void {
  if (!(ms < Number.POSITIVE_INFINITY)) return () => undefined;
  let timer: NodeJS.Timeout;
  const deadline = Date.now() + Math.max(0, ms);
  const arm = (): void => {
    const left = deadline - Date.now();
    timer = left > MAX_NODE_TIMEOUT_MS ? setTimeout(arm, MAX_NODE_TIMEOUT_MS) : setTimeout(fn, Math.max(0, left));
  };
  arm();
  return () => clearTimeout(timer);
}
