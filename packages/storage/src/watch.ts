/**
 * Watch events, the Watch handle and helpers shared by backends and the cacher (apimachinery watch.Interface).
 * @module
 */
import { APIError, InternalError, InvalidError, isStorageError } from './errors.js';
import type { StorageObject, StorageObjectMeta } from './object.js';

/** Watch event types. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** Annotation set to "true" on the BOOKMARK that ends the initial events of a `sendInitialEvents` watch. */
export const initialEventsAnnotationKey = 'k8s.io/initial-events-end';

/** A metav1.Status-shaped object carried by ERROR events. */
export interface StatusObject {
  /** Always "Status". */
  kind: 'Status';
  /** Always "v1". */
  apiVersion: 'v1';
  /** Always "Failure" for watch errors. */
  status: 'Failure';
  /** Human readable message. */
  message: string;
  /** StatusReason (`Expired`, `InternalError`, …). */
  reason: string;
  /** HTTP code (410, 500, …). */
  code: number;
  /** Status list metadata. */
  metadata: Record<string, never>;
}

/** Object of a BOOKMARK event: only `metadata.resourceVersion` (+ the initial-events-end annotation). */
export interface BookmarkObject extends StorageObject {
  /** Bookmark metadata. */
  metadata: StorageObjectMeta & {
    /** The bookmarked resource version. */
    resourceVersion: string;
  };
}

/** A watch event about an object (ADDED, MODIFIED or DELETED). */
export interface ObjectWatchEvent<T extends StorageObject = StorageObject> {
  /** The event type. */
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** The object (for DELETED: its last state with the deletion RV). */
  object: T;
}

/** A BOOKMARK event: progress up to a resource version, or the end of the initial events. */
export interface BookmarkWatchEvent {
  /** Always BOOKMARK. */
  type: 'BOOKMARK';
  /** Object carrying only the resource version (and possibly the initial-events-end annotation). */
  object: BookmarkObject;
}

/** An ERROR event; the watch ends after it. */
export interface ErrorWatchEvent {
  /** Always ERROR. */
  type: 'ERROR';
  /** The failure as a Status. */
  object: StatusObject;
}

/** One watch event: object events carry T, BOOKMARK a BookmarkObject, ERROR a StatusObject. */
export type WatchEvent<T extends StorageObject = StorageObject> = ObjectWatchEvent<T> | BookmarkWatchEvent | ErrorWatchEvent;

/** A running watch: iterate events with `for await`; `stop()` ends it (buffered events stay readable). */
export interface Watch<T extends StorageObject = StorageObject> extends AsyncIterable<WatchEvent<T>> {
  /** Stops the watch: the producer releases resources; iteration ends after already-buffered events. */
  stop(): void;
}

/** Builds a BOOKMARK object for `rv`; `initialEventsEnd` adds the `k8s.io/initial-events-end` annotation. */
export function newBookmarkObject(rv: number, initialEventsEnd = false): BookmarkObject {
  const metadata: BookmarkObject['metadata'] = { resourceVersion: String(rv) };
  if (initialEventsEnd) metadata.annotations = { [initialEventsAnnotationKey]: 'true' };
  return { metadata };
}

/** Whether a bookmark object carries the end-of-initial-events annotation. */
export function isInitialEventsEndBookmark(obj: StorageObject): boolean {
  return obj.metadata.annotations?.[initialEventsAnnotationKey] === 'true';
}

/** Converts any error into the Status object of a watch ERROR event (410 stays 410, the rest are 500s unless typed). */
export function errorToStatus(err: unknown): StatusObject {
  const base = { kind: 'Status', apiVersion: 'v1', status: 'Failure', metadata: {} } as const;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof APIError) return { ...base, message, reason: err.reason, code: err.code };
  if (err instanceof InvalidError) return { ...base, message, reason: 'Invalid', code: 422 };
  if (err instanceof InternalError) return { ...base, message, reason: 'InternalError', code: 500 };
  if (isStorageError(err, 'Unreachable')) return { ...base, message, reason: 'ServerTimeout', code: 500 };
  return { ...base, message, reason: 'InternalError', code: 500 };
}

/** Builds an ERROR event from an error. */
export function errorEvent<T extends StorageObject>(err: unknown): WatchEvent<T> {
  return { type: 'ERROR', object: errorToStatus(err) };
}

/**
 * Filters one storage change for a watcher (upstream `convertToWatchEvent`): a modification that starts
 * matching becomes ADDED, one that stops matching becomes DELETED carrying `prev` (whose RV the caller has
 * set to the event revision); non-matching changes give undefined.
 */
export function convertToWatchEvent<T extends StorageObject>(
  type: 'ADDED' | 'MODIFIED' | 'DELETED',
  cur: T | undefined,
  prev: T | undefined,
  matches: (obj: T) => boolean,
): ObjectWatchEvent<T> | undefined {
  if (type === 'DELETED') return prev !== undefined && matches(prev) ? { type, object: prev } : undefined;
  if (cur === undefined) return undefined;
  if (type === 'ADDED') return matches(cur) ? { type, object: cur } : undefined;
  const curMatches = matches(cur);
  const prevMatches = prev !== undefined && matches(prev);
  if (curMatches && prevMatches) return { type: 'MODIFIED', object: cur };
  if (curMatches) return { type: 'ADDED', object: cur };
  if (prevMatches && prev !== undefined) return { type: 'DELETED', object: prev };
  return undefined;
}

/** Options of a WatchQueue. */
export interface WatchQueueOptions {
  /** Maximum buffered events; `push` returns false when full (default unbounded). */
  capacity?: number;
  /** Called once when the consumer stops the watch (or breaks out of `for await`). */
  onStop?: () => void;
}

/**
 * A buffered Watch implementation for producers: `push` events, `close` when done; the consumer
 * iterates and may `stop`. After `stop`, buffered events are still delivered, new pushes are refused.
 */
export class WatchQueue<T extends StorageObject = StorageObject> implements Watch<T> {
  readonly #buf: WatchEvent<T>[] = [];
  readonly #waiters: ((r: IteratorResult<WatchEvent<T>>) => void)[] = [];
  readonly #capacity: number;
  #onStop: (() => void) | undefined;
  #closed = false;

  /** Creates an open, empty queue. */
  constructor(options: WatchQueueOptions = {}) {
    this.#capacity = options.capacity ?? Number.POSITIVE_INFINITY;
    this.#onStop = options.onStop;
  }

  /** Whether no more events will be accepted (closed by the producer or stopped by the consumer). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Number of buffered, undelivered events. */
  get length(): number {
    return this.#buf.length;
  }

  /** Offers an event; false if the queue is closed or full (the producer decides what a full queue means). */
  push(event: WatchEvent<T>): boolean {
    if (this.#closed) return false;
    const waiter = this.#waiters.shift();
    if (waiter !== undefined) {
      waiter({ value: event, done: false });
      return true;
    }
    if (this.#buf.length >= this.#capacity) return false;
    this.#buf.push(event);
    return true;
  }

  /** Producer side: no more events; iteration ends once the buffer is drained. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const w of this.#waiters.splice(0)) w({ value: undefined, done: true });
  }

  /** Consumer side: stops the watch and notifies the producer once. */
  stop(): void {
    this.close();
    const onStop = this.#onStop;
    this.#onStop = undefined;
    onStop?.();
  }

  /** Returns the next event, waiting if none is buffered. */
  next(): Promise<IteratorResult<WatchEvent<T>>> {
    const event = this.#buf.shift();
    if (event !== undefined) return Promise.resolve({ value: event, done: false });
    if (this.#closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Async iteration; leaving a `for await` loop early stops the watch. */
  [Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
    return {
      next: () => this.next(),
      return: () => {
        this.stop();
        this.#buf.length = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
