/**
 * The running state every in-process controller shares: its list-watch loops and work queues, started once
 * (optionally tied to an outer signal, e.g. the server's lifecycle) and stopped by aborting the loops, waiting for
 * them and then draining the queues.
 * @module
 */
import { setMaxListeners } from 'node:events';
import type { ListWatcher } from './list-watch.js';
import type { RetryQueue } from './retry-queue.js';

/** Starts and stops a controller's loops and queues. */
export class ControllerRun {
  readonly #watchers: readonly ListWatcher[];
  readonly #queues: readonly RetryQueue[];
  #abort: AbortController | undefined;
  #loops: Promise<void>[] = [];

  /** The run of `watchers`, whose work goes to `queues`. */
  constructor(watchers: readonly ListWatcher[], queues: readonly RetryQueue[]) {
    this.#watchers = watchers;
    this.#queues = queues;
  }

  /** Starts the loops; `signal` aborting stops them. Calling it twice is a no-op. */
  start(signal?: AbortSignal): void {
    if (this.#abort !== undefined) return;
    const abort = new AbortController();
    // Each loop listens on the signal, and once more while it backs off.
    setMaxListeners(2 * this.#watchers.length + 10, abort.signal);
    this.#abort = abort;
    signal?.addEventListener('abort', () => void this.stop(), { once: true });
    if (signal?.aborted === true) {
      void this.stop();
      return;
    }
    this.#loops = this.#watchers.map((w) => w.run(abort.signal));
  }

  /** Stops the loops, then the queues; resolves when the item being processed (if any) is done. */
  async stop(): Promise<void> {
    const abort = this.#abort;
    if (abort === undefined) return;
    abort.abort();
    await Promise.all(this.#loops);
    await Promise.all(this.#queues.map((q) => q.close()));
  }
}
