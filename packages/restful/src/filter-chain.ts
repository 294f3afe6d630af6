import type { Request } from './request.js';
import type { Response } from './response.js';
import { isThenable } from './thenable.js';

/**
 * A route handler (go-restful's `RouteFunction`). It may be async: a returned promise
 * is awaited before the response ends; any other return value is ignored.
 */
export type RouteFunction<P extends string = string> = (request: Request<P>, response: Response) => unknown;

/**
 * A filter (go-restful's `FilterFunction`): do work, then continue with
 * `chain.processFilter(request, response)` or end the request by not calling it.
 */
export type FilterFunction = (request: Request, response: Response, chain: FilterChain) => unknown;

const settled: Promise<void> = Promise.resolve();


/**
 * The filters of one request followed by the target, as go-restful's `FilterChain`.
 * The index only moves forward: a second `processFilter` call from a filter goes
 * straight to the target, as in go-restful.
 */
export class FilterChain {
  /** The filters, in order (container, WebService, route). */
  readonly filters: readonly FilterFunction[];
  /** The function called after the last filter. */
  readonly target: RouteFunction;
  #index = 0;
  #child: Promise<void> | undefined;
  readonly #orphans: Promise<void>[] = [];

  /** Creates a chain over `filters` ending in `target`. */
  constructor(filters: readonly FilterFunction[], target: RouteFunction) {
    this.filters = filters;
    this.target = target;
  }

  /** How many filters have been entered so far. */
  get index(): number {
    return this.#index;
  }

  /**
   * Calls the next filter, or the target when all filters ran. The promise settles
   * when that call (and whatever it awaited) is done; a throw becomes a rejection.
   */
  processFilter(request: Request, response: Response): Promise<void> {
    let result: unknown;
    try {
      const filter = this.filters[this.#index];
      if (filter !== undefined) {
        this.#index++;
        this.#child = undefined;
        result = filter(request, response, this);
        // A filter that did not await or return the rest of the chain leaves it
        // running; the container still waits for it and treats its failure as a panic.
        if (!isThenable(result) && this.#child !== undefined) this.#orphans.push(this.#child);
      } else {
        result = this.target(request, response);
      }
    } catch (error) {
      result = Promise.reject(error);
    }
    const promise = isThenable(result) ? Promise.resolve(result).then(() => undefined) : settled;
    this.#child = promise === settled ? undefined : promise;
    return promise;
  }

  /** Waits for parts of the chain that filters left running; rejects with the first failure. */
  async waitForOrphans(): Promise<void> {
    for (let i = 0; i < this.#orphans.length; i++) await this.#orphans[i];
  }
}
