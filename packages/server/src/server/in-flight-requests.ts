/**
 * The requests a server is serving, which shutdown waits for and aborts. Each entry is also its request's abort
 * signal source and its response's close callback: one object per request where a record, an AbortController and a
 * closure were made.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request being served, until its response closes. */
export class InFlightRequest {
  #controller: AbortController | undefined;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly requests: InFlightRequests,
  ) {}

  /** The signal that aborts when the client goes away or shutdown stops the request (made when first asked for). */
  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  /** Aborts the request's signal with `reason` (once: later reasons are ignored). */
  abort(reason: Error): void {
    this.#controller ??= new AbortController();
    this.#controller.abort(reason);
  }

  /** The response closed: a response that did not finish means the client went away; the request is no longer served. */
  responseClosed(): void {
    if (!this.response.writableFinished) this.abort(new Error('client closed the connection'));
    this.requests.end(this);
  }
}

/** The requests in flight, in arrival order. */
export class InFlightRequests {
  readonly #entries = new Set<InFlightRequest>();
  /** Called each time a request ends (shutdown's drain checks its condition). */
  onEnded: (() => void) | undefined;

  /** The number of requests in flight. */
  get size(): number {
    return this.#entries.size;
  }

  /** Adds a request; its entry ends it when its response closes (`responseClosed`). */
  start(request: IncomingMessage, response: ServerResponse): InFlightRequest {
    const entry = new InFlightRequest(request, response, this);
    this.#entries.add(entry);
    return entry;
  }

  /** Removes a request that ended. */
  end(entry: InFlightRequest): void {
    this.#entries.delete(entry);
    this.onEnded?.();
  }

  /** Whether `entry` is still in flight. */
  has(entry: InFlightRequest): boolean {
    return this.#entries.has(entry);
  }

  /** The entries, in arrival order. */
  [Symbol.iterator](): IterableIterator<InFlightRequest> {
    return this.#entries.values();
  }
}
