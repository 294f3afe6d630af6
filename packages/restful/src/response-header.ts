import type { ServerResponse } from 'node:http';

/** The part of a node response a {@link ResponseHeader} edits. */
export type HeaderTarget = Pick<ServerResponse, 'getHeader' | 'setHeader' | 'removeHeader' | 'hasHeader'>;

function valuesOf(value: ReturnType<ServerResponse['getHeader']>): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/**
 * The response header map, shaped like Go's `http.Header`. After the status line is
 * committed (`writeHeader` or the first write) changes are ignored, as in Go.
 */
export class ResponseHeader {
  readonly #target: HeaderTarget;
  readonly #committed: () => boolean;

  /** Wraps `target`; `committed` says whether headers may still change. */
  constructor(target: HeaderTarget, committed: () => boolean) {
    this.#target = target;
    this.#committed = committed;
  }

  /** The first value of `name`, or `""`. */
  get(name: string): string {
    return valuesOf(this.#target.getHeader(name))[0] ?? '';
  }

  /** All values of `name`. */
  values(name: string): string[] {
    return valuesOf(this.#target.getHeader(name));
  }

  /** Whether `name` is present. */
  has(name: string): boolean {
    return this.#target.hasHeader(name);
  }

  /** Replaces the values of `name`. */
  set(name: string, value: string): void {
    if (!this.#committed()) this.#target.setHeader(name, value);
  }

  /** Appends a value to `name`. */
  add(name: string, value: string): void {
    if (this.#committed()) return;
    const existing = valuesOf(this.#target.getHeader(name));
    this.#target.setHeader(name, existing.length === 0 ? value : [...existing, value]);
  }

  /** Removes `name`. */
  del(name: string): void {
    if (!this.#committed()) this.#target.removeHeader(name);
  }
}
