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
