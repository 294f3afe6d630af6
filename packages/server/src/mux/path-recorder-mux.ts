import type { Handler } from '../handler.js';

/** Thrown for a malformed or duplicate mux registration. */
export class MuxRegistrationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'MuxRegistrationError';
  }
}

interface PrefixEntry {
  readonly prefix: string;
  readonly slashes: number;
  readonly handler: Handler;
}

function slashCount(path: string): number {
  let n = 0;
  for (const c of path) if (c === '/') n++;
  return n;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The non-go-restful mux (k8s `mux.PathRecorderMux`): exact paths first, then prefixes
 * (most slashes, then longest, first); unmatched requests go to the not-found handler,
 * which is the delegate's unprotected handler in a delegation chain.
 */
export class PathRecorderMux {
  readonly #exact = new Map<string, Handler>();
  #prefixes: PrefixEntry[] = [];
  readonly #listed = new Set<string>();
  #notFound: Handler;

  /** Creates a mux sending unmatched requests to `notFound`. */
  constructor(notFound: Handler) {
    this.#notFound = notFound;
  }

  /** Registers an exact path, listed in the index. Throws on a duplicate. */
  handle(path: string, handler: Handler): void {
    this.unlistedHandle(path, handler);
    this.#listed.add(path);
  }

  /** Registers an exact path without listing it. */
  unlistedHandle(path: string, handler: Handler): void {
    if (!path.startsWith('/')) throw new MuxRegistrationError(`path must start with "/": ${JSON.stringify(path)}`);
    if (this.#exact.has(path)) throw new MuxRegistrationError(`a path handler for ${JSON.stringify(path)} is already registered`);
    this.#exact.set(path, handler);
  }

  /** Registers a prefix (must end with `/`), listed in the index. */
  handlePrefix(prefix: string, handler: Handler): void {
    this.unlistedHandlePrefix(prefix, handler);
    this.#listed.add(prefix);
  }

  /** Registers a prefix without listing it. */
  unlistedHandlePrefix(prefix: string, handler: Handler): void {
    if (!prefix.startsWith('/') || !prefix.endsWith('/')) {
      throw new MuxRegistrationError(`prefix must start and end with "/": ${JSON.stringify(prefix)}`);
    }
    if (this.#prefixes.some((p) => p.prefix === prefix)) {
      throw new MuxRegistrationError(`a prefix handler for ${JSON.stringify(prefix)} is already registered`);
    }
    this.#prefixes = [...this.#prefixes, { prefix, slashes: slashCount(prefix), handler }].sort(
      (a, b) => b.slashes - a.slashes || b.prefix.length - a.prefix.length,
    );
  }

  /** Replaces the not-found handler. */
  notFoundHandler(handler: Handler): void {
    this.#notFound = handler;
  }

  /** The listed paths, sorted (for the `/` index). */
  listedPaths(): string[] {
    return [...this.#listed].sort();
  }

  /** Serves a request with the matching handler. */
  readonly serveHTTP: Handler = (request, response) => {
    const path = pathOf(request.url ?? '/');
    const exact = this.#exact.get(path);
    if (exact !== undefined) return exact(request, response);
    for (const entry of this.#prefixes) if (path.startsWith(entry.prefix)) return entry.handler(request, response);
    return this.#notFound(request, response);
  };
}
