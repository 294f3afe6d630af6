/**
 * A sync run now and then every interval until stopped (apimachinery `wait.Until`), for kube-apiserver's
 * bootstrap controllers that keep objects in place by periodic reconciliation rather than watches.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** How soon a failed first sync is retried (at most; a shorter interval retries sooner). */
const FIRST_SYNC_RETRY_MS = 1000;

/** Runs `sync` periodically; `start()` resolves once a first sync succeeded, `stop()` ends the loop. */
export class PeriodicLoop {
  readonly #sync: () => Promise<void>;
  readonly #intervalMs: number;
  readonly #onError: (err: unknown) => void;
  #abort: AbortController | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();

  /** Creates a stopped loop; failures of `sync` go to `onError` and are retried at the next tick. */
  constructor(sync: () => Promise<void>, intervalMs: number, onError: (err: unknown) => void) {
    this.#sync = sync;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
  }

  /**
   * Syncs until one sync succeeds (retrying every second, or every interval when shorter), then keeps syncing every interval in the
   * background; resolves after that first success, or when `signal` aborts or `stop()` is called first.
   */
  async start(signal?: AbortSignal): Promise<void> {
    if (this.#abort !== undefined) return;
    const abort = new AbortController();
    this.#abort = abort;
    signal?.addEventListener('abort', () => void this.stop(), { once: true });
    if (signal?.aborted === true) abort.abort();
    // Readiness waits for the first sync: retry it sooner than the (up to a minute long) interval.
    const retryMs = Math.min(this.#intervalMs, FIRST_SYNC_RETRY_MS);
    while (!abort.signal.aborted && !(await this.#runOnce())) {
      await sleep(retryMs, undefined, { signal: abort.signal }).catch(() => undefined);
    }
    this.#schedule(abort.signal);
  }

  /** Stops the loop; resolves when the running sync (if any) is over. */
  async stop(): Promise<void> {
    this.#abort?.abort();
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(signal: AbortSignal): void {
    if (signal.aborted) return;
    this.#timer = setTimeout(() => void this.#runOnce().then(() => this.#schedule(signal)), this.#intervalMs);
    this.#timer.unref();
  }

  #runOnce(): Promise<boolean> {
    const run = this.#sync().then(
      () => true,
      (err: unknown) => {
        this.#onError(err);
        return false;
      },
    );
    this.#running = run.then(() => undefined);
    return run;
  }
}
