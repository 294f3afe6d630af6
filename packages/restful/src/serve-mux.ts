import type { IncomingMessage, ServerResponse } from 'node:http';
import { type MatchFunction, match } from 'path-to-regexp';

/** A plain node handler registered with `Container.handle`. */
export type HttpHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

interface MuxEntry {
  readonly pattern: string;
  readonly matches: MatchFunction<Partial<Record<string, string | string[]>>>;
  readonly handler: HttpHandler;
  readonly withFilters: boolean;
}

function escapePattern(text: string): string {
  return text.replace(/[{}()[\]+?!:*\\]/g, '\\$&');
}

/**
 * The non-restful handlers of a container, ServeMux-like: a pattern ending in `/` is
 * a prefix (`/static/` matches `/static/` and below), any other pattern is exact.
 * The longest matching pattern wins. Matching uses path-to-regexp on the decoded path.
 */
export class ServeMux {
  #entries: MuxEntry[] = [];

  /** Registers (or replaces) the handler of `pattern`. */
  handle(pattern: string, handler: HttpHandler, withFilters: boolean): void {
    const prefix = pattern.endsWith('/');
    const source = prefix ? `${escapePattern(pattern)}{*rest}` : escapePattern(pattern);
    const entry: MuxEntry = { pattern, matches: match(source, { decode: false, trailing: false, sensitive: true }), handler, withFilters };
    this.#entries = this.#entries.filter((e) => e.pattern !== pattern);
    this.#entries.push(entry);
    this.#entries.sort((a, b) => b.pattern.length - a.pattern.length);
  }

  /** The most specific entry matching `path`, if any. */
  lookup(path: string): { readonly handler: HttpHandler; readonly withFilters: boolean } | undefined {
    if (this.#entries.length === 0) return undefined;
    return this.#entries.find((e) => e.matches(path) !== false);
  }

  /** Number of registered patterns. */
  get size(): number {
    return this.#entries.length;
  }
}
