/**
 * @module rate-limited-check — the etcd health and readiness checks as kube-apiserver builds them
 * (`storagebackend/factory` `newETCD3Check`): at most one probe per interval (half the check's timeout, a token
 * bucket holding one token); a check in between does not probe but answers with the outcome of the last probe
 * *sent* (which may still be in flight), and before any probe finished with "not yet established".
 */

/** The outcome a check answers with until its first probe finished (upstream's initial `lastError`). */
export const notYetEstablishedMessage = 'etcd client connection not yet established';

/** Options of {@link rateLimitedCheck}. */
export interface RateLimitedCheckOptions {
  /** Least time between two probes, in ms (upstream: half the health or readiness timeout). */
  readonly intervalMs: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

/**
 * Wraps `probe` into a check sending at most one probe per `intervalMs`. The outcome of a probe is kept only
 * if no later-sent probe finished first, so a slow probe never overwrites a newer answer.
 */
export function rateLimitedCheck(probe: () => Promise<void>, options: RateLimitedCheckOptions): () => Promise<void> {
  const now = options.now ?? Date.now;
  let nextProbeAt = Number.NEGATIVE_INFINITY;
  let last: { sentAt: number; error: unknown } = { sentAt: Number.NEGATIVE_INFINITY, error: new Error(notYetEstablishedMessage) };
  return async () => {
    const sentAt = now();
    if (sentAt < nextProbeAt) {
      if (last.error !== undefined) throw last.error;
      return;
    }
    nextProbeAt = sentAt + options.intervalMs;
    let error: unknown;
    try {
      await probe();
    } catch (err) {
      error = err ?? new Error('etcd probe failed');
    }
    if (sentAt >= last.sentAt) last = { sentAt, error };
    if (error !== undefined) throw error;
  };
}
