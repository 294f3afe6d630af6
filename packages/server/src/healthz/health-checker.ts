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

/** `log`: healthy while the process can still write its log stream (stderr). */
export const logHealthz: HealthChecker = {
  name: 'log',
  check: () => {
    if (process.stderr.destroyed || !process.stderr.writable) throw new Error('the log stream is closed');
  },
};

/** A check from a name and a function (`healthz.NamedCheck`). */
export function namedCheck(name: string, check: (request: IncomingMessage) => void | Promise<void>): HealthChecker {
  return { name, check };
}

/** Keeps the first check of each name (a delegate's checks never shadow the server's own). */
export function uniqueChecks(checks: readonly HealthChecker[]): HealthChecker[] {
  const seen = new Set<string>();
  return checks.filter((c) => !seen.has(c.name) && seen.add(c.name) !== undefined);
}
