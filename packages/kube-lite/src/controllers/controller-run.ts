/**
 * The running state every in-process controller shares: its list-watch loops and work queues, started once
 * (optionally tied to an outer signal, e.g. the server's lifecycle) and stopped by aborting the loops, waiting for
 * them and then draining the queues. Loops may join and leave while it runs (the garbage collector's monitors of
 * custom resources).
 * @module
 */
import type { ListWatcher } from './list-watch.js';
import type { RetryQueue } from './retry-queue.js';

interface Loop {
  readonly watcher: ListWatcher;
  abort?: AbortController;
  done?: Promise<void>;
}

/** Starts and stops a controller's loops and queues. */
export class ControllerRun {
  readonly #loops = new Set<Loop>();
  readonly #queues: readonly RetryQueue[];
  #state: 'new' | 'running' | 'stopped' = 'new';
  #stopped: Promise<void> | undefined;

  /** The run of `watchers`, whose work goes to `queues`. */
  constructor(watchers: readonly ListWatcher[], queues: readonly RetryQueue[]) {
    for (const watcher of watchers) this.#loops.add({ watcher });
    this.#queues = queues;
  }

  /** Starts the loops; `signal` aborting stops them. Calling it twice is a no-op. */
  start(signal?: AbortSignal): void {
    if (this.#state !== 'new') return;
    this.#state = 'running';
    signal?.addEventListener('abort', () => void this.stop(), { once: true });
    if (signal?.aborted === true) {
      void this.stop();
      return;
    }
    for (const loop of this.#loops) this.#spawn(loop);
  }

  /**
   * Adds a loop: it runs from now if the controller runs, from its start otherwise, and never after it stopped.
   * The returned function stops this loop alone and resolves when it has ended.
   */
  add(watcher: ListWatcher): () => Promise<void> {
    const loop: Loop = { watcher };
    this.#loops.add(loop);
    if (this.#state === 'running') this.#spawn(loop);
    return async () => {
      this.#loops.delete(loop);
      loop.abort?.abort();
      await loop.done;
    };
  }

  #spawn(loop: Loop): void {
    const abort = new AbortController();
    loop.abort = abort;
    loop.done = loop.watcher.run(abort.signal);
  }

  /** Stops the loops, then the queues; resolves when the item being processed (if any) is done (every caller waits). */
  stop(): Promise<void> {
    if (this.#state === 'new') return Promise.resolve();
    this.#state = 'stopped';
    this.#stopped ??= this.#stopAll();
    return this.#stopped;
  }

  async #stopAll(): Promise<void> {
    const loops = [...this.#loops];
    for (const loop of loops) loop.abort?.abort();
    await Promise.all(loops.map((loop) => loop.done));
    await Promise.all(this.#queues.map((q) => q.close()));
  }
}

/**
 * An in-process controller whose lifecycle is its {@link ControllerRun}: `start(signal)` and `stop()` as every
 * controller here has them.
 */
export abstract class RunController {
  /** The controller's loops and queues. */
  protected abstract readonly run: ControllerRun;

  /** Starts the list-watch loops; `signal` aborting stops the controller. Calling it twice is a no-op. */
  start(signal?: AbortSignal): void {
    this.run.start(signal);
  }

  /** Stops the loops and retries; resolves when the running sync (if any) is over. */
  stop(): Promise<void> {
    return this.run.stop();
  }
}
