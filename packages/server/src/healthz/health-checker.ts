import type { IncomingMessage } from 'node:http';

/** A named health check (k8s `healthz.HealthChecker`); it throws or rejects when unhealthy. */
export interface HealthChecker {
  /** The check's name, also its path segment (`/healthz/<name>`). */
  readonly name: string;
  /** Resolves when healthy; throws or rejects with the reason when not. */
  check(request: IncomingMessage): void | Promise<void>;
}

/** `ping`: always healthy. */
export const pingHealthz: HealthChecker = { name: 'ping', check: () => undefined };

/** The process's stderr, read once: `process.stderr` is an accessor whose read costs more than the check itself. */
let stderr: NodeJS.WriteStream | undefined;

/** `log`: healthy while the process can still write its log stream (stderr). */
export const logHealthz: HealthChecker = {
  name: 'log',
  check: () => {
    stderr ??= process.stderr;
    if (stderr.destroyed || !stderr.writable) throw new Error('the log stream is closed');
  },
};

/** A check from a name and a function (`healthz.NamedCheck`). */
export function namedCheck(name: string, check: (request: IncomingMessage) => void | Promise<void>): HealthChecker {
  return { name, check };
}

/** Keeps the first check of each name (a delegate's checks never shadow the server's own). */
export function uniqueChecks(checks: readonly HealthChecker[]): HealthChecker[] {
  const unique: HealthChecker[] = [];
  // Health handlers call this on every request, for a handful of checks: a scan of what is kept costs less than a Set.
  for (const c of checks) {
    let seen = false;
    for (const u of unique) if (u.name === c.name) seen = true;
    if (!seen) unique.push(c);
  }
  return unique;
}

/**
 * The unique checks (the first of each name) of some lists concatenated, remembered: the health handlers ask for a server's checks
 * on every request, and they change only when a check or a hook is added. Each call compares the lists' checks, one
 * by one, with those of the call before (no allocation) and builds a new answer only when one differs.
 */
export class UniqueChecksMemo {
  /** The checks the answer was built from, in order. */
  readonly #from: HealthChecker[] = [];
  #answer: readonly HealthChecker[] = [];

  /** The first check of each name in `lists`, in order (the previous answer when their checks are the same). */
  of(...lists: readonly (readonly HealthChecker[])[]): readonly HealthChecker[] {
    if (!this.#same(lists)) {
      this.#from.length = 0;
      for (const list of lists) for (const c of list) this.#from.push(c);
      this.#answer = uniqueChecks(this.#from);
    }
    return this.#answer;
  }

  #same(lists: readonly (readonly HealthChecker[])[]): boolean {
    const from = this.#from;
    let i = 0;
    for (const list of lists) {
      for (const c of list) {
        if (from[i] !== c) return false;
        i++;
      }
    }
    return i === from.length;
  }
}
