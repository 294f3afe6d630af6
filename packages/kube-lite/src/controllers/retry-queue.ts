/**
 * A small rate-limited work queue (client-go `workqueue` with an exponential per-item backoff): each key is
 * queued at most once, processed by one worker, retried after a doubling delay capped at `maxDelayMs`, and
 * dropped after `maxAttempts` failures until it is added again.
 * @module
 */

/** Backoff settings of a RetryQueue. */
export interface RetryOptions {
  /** First retry delay (default 50 ms). */
  readonly initialDelayMs?: number;
  /** Largest retry delay (default 5 000 ms). */
  readonly maxDelayMs?: number;
  /** Failures after which a key is dropped until re-added (default 15). */
  readonly maxAttempts?: number;
}

/** Processes one key; a rejection schedules a retry. */
export type ProcessFunc = (key: string) => Promise<void>;

/** Called with each failure and whether the key was dropped. */
export type FailureFunc = (key: string, err: unknown, dropped: boolean) => void;

/** Serial work queue with per-key exponential backoff; `close()` cancels pending retries. */
export class RetryQueue {
  readonly #process: ProcessFunc;
  readonly #onFailure: FailureFunc;
  readonly #initial: number;
  readonly #max: number;
  readonly #maxAttempts: number;
  readonly #pending: string[] = [];
  readonly #queued = new Set<string>();
  readonly #failures = new Map<string, number>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  #running: Promise<void> | undefined;
  #closed = false;

  /** Creates a queue running `process` for each key. */
  constructor(process: ProcessFunc, onFailure: FailureFunc, options: RetryOptions = {}) {
    this.#process = process;
    this.#onFailure = onFailure;
    this.#initial = options.initialDelayMs ?? 50;
    this.#max = options.maxDelayMs ?? 5000;
    this.#maxAttempts = options.maxAttempts ?? 15;
  }

  /** Queues `key` now (a pending retry of it is replaced); resets its failure count. */
  add(key: string): void {
    if (this.#closed) return;
    this.#failures.delete(key);
    this.#enqueue(key);
  }

  /** Resolves when the queue is idle (nothing queued or being processed; retries may be scheduled). */
  async drained(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
  }

  /** Stops accepting keys and cancels scheduled retries; resolves once the current key is done. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.#pending.length = 0;
    this.#queued.clear();
    await this.drained();
  }

  #enqueue(key: string): void {
    const timer = this.#timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.#timers.delete(key);
    if (this.#queued.has(key)) return;
    this.#queued.add(key);
    this.#pending.push(key);
    this.#running ??= this.#run();
  }

  /**
   * Works until nothing is pending. The worker is marked idle in the same step that finds the queue empty: a key
   * added between that step and the settling of the promise (a `.finally` callback, a microtask later) would
   * otherwise be left pending with no worker, and ignored as already queued on every later add.
   */
  async #run(): Promise<void> {
    try {
      for (let key = this.#pending.shift(); key !== undefined; key = this.#pending.shift()) {
        this.#queued.delete(key);
        try {
          await this.#process(key);
          this.#failures.delete(key);
        } catch (err) {
          this.#retry(key, err);
        }
      }
    } finally {
      this.#running = undefined;
    }
  }

  #retry(key: string, err: unknown): void {
    const failures = (this.#failures.get(key) ?? 0) + 1;
    const dropped = this.#closed || failures >= this.#maxAttempts;
    this.#onFailure(key, err, dropped);
    if (dropped) {
      this.#failures.delete(key);
      return;
    }
    this.#failures.set(key, failures);
    const delay = Math.min(this.#max, this.#initial * 2 ** (failures - 1));
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        if (!this.#closed) this.#enqueue(key);
      }, delay),
    );
  }
}
