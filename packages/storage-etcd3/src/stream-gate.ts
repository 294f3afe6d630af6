/**
 * @module stream-gate — back-pressure for one watch: when its consumer falls behind, the watch's own
 * etcd stream is paused instead of buffering without bound (upstream blocks on a 100-event channel).
 */
import type { StorageObject, Watch, WatchQueue } from '@apiserver/storage';

/** Buffered events at which the etcd stream of a watch is paused (upstream's outgoing buffer size). */
export const watchBufferHighWater = 100;
/** Buffered events at or below which a paused stream resumes. */
export const watchBufferLowWater = 50;

/** A stream that can stop and restart its `data` events (grpc-js streams are Node streams). */
export interface Pausable {
  /** Stops `data` events. */
  pause(): void;
  /** Restarts `data` events. */
  resume(): void;
}

/** Type guard: grpc-js streams can pause, though `etcd3`'s stream type does not declare it. */
export function isPausable(stream: unknown): stream is Pausable {
  return (
    typeof stream === 'object' &&
    stream !== null &&
    'pause' in stream &&
    typeof stream.pause === 'function' &&
    'resume' in stream &&
    typeof stream.resume === 'function'
  );
}

/** Pauses a stream while its queue is above the high-water mark; resumes it once drained to the low one. */
export class StreamGate {
  readonly #queue: { readonly length: number };
  #stream: Pausable | undefined;
  #paused = false;

  /** Watches the fill level of `queue`. */
  constructor(queue: { readonly length: number }) {
    this.#queue = queue;
  }

  /** The stream to pause (ignored when it cannot pause); a later call replaces it. */
  attach(stream: unknown): void {
    if (!isPausable(stream)) return;
    this.#stream = stream;
    // A replacement stream (a watch resumed on another member) starts paused if its predecessor was.
    if (this.#paused) stream.pause();
  }

  /** Whether the stream is paused now. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Call after each push: pauses at the high-water mark. */
  afterPush(): void {
    if (!this.#paused && this.#stream !== undefined && this.#queue.length >= watchBufferHighWater) {
      this.#paused = true;
      this.#stream.pause();
    }
  }

  /** Call after each read: resumes at the low-water mark. */
  afterRead(): void {
    if (this.#paused && this.#stream !== undefined && this.#queue.length <= watchBufferLowWater) {
      this.#paused = false;
      this.#stream.resume();
    }
  }

  /** The consumer's view of `queue`: reading through it lets the gate resume the stream. */
  wrap<T extends StorageObject>(queue: WatchQueue<T>): Watch<T> {
    return {
      stop: () => queue.stop(),
      [Symbol.asyncIterator]: () => {
        const it = queue[Symbol.asyncIterator]();
        return {
          next: async () => {
            const r = await it.next();
            this.afterRead();
            return r;
          },
          return: () => it.return?.() ?? Promise.resolve({ value: undefined, done: true }),
        };
      },
    };
  }
}
