/**
 * The health checks of one server of a delegation chain, composed in upstream's order (`/healthz`, `/livez`,
 * `/readyz`) from the built-in checks, the server's configuration, its delegate, its post-start hooks and
 * `shutdown`, and the paths the `/` index lists for them.
 * @module
 */
import { type HealthChecker, logHealthz, pingHealthz, UniqueChecksMemo, uniqueChecks } from '../healthz/health-checker.js';
import type { GenericAPIServerConfig } from './config.js';
import type { DelegationTarget } from './delegation.js';
import type { HookRegistry } from './hooks.js';

/** The checks every server runs first: `ping` and `log`. */
const BUILTIN_HEALTH_CHECKS: readonly HealthChecker[] = [pingHealthz, logHealthz];
const NO_CHECKS: readonly HealthChecker[] = [];

/** Where a server's checks come from. */
export interface HealthCheckSources {
  /** The configured checks (`healthChecks`, `readyzChecks`). */
  readonly config: Pick<GenericAPIServerConfig, 'healthChecks' | 'readyzChecks'>;
  /** The delegate, whose checks follow the configured ones. */
  readonly delegate: DelegationTarget;
  /** The post-start hooks, each a `poststarthook/<name>` check, and the boot-sequence checks. */
  readonly hooks: HookRegistry;
  /** Whether shutdown began (`shutdown` then fails). */
  readonly shuttingDown: () => boolean;
}

/** The three lists of checks of one server. */
export class ServerHealthChecks {
  readonly #s: HealthCheckSources;
  /** The healthz checks, rebuilt only when a list they come from changed. */
  readonly #healthz = new UniqueChecksMemo();
  /** `shutdown`: failing once shutdown began (a readyz check). */
  readonly #shutdown: HealthChecker;

  /** Checks over `sources`. */
  constructor(sources: HealthCheckSources) {
    this.#s = sources;
    this.#shutdown = {
      name: 'shutdown',
      check: () => {
        if (sources.shuttingDown()) throw new Error('process is shutting down');
      },
    };
  }

  /** `ping`, `log`, configured checks, the delegate's checks, then `poststarthook/<name>` and boot-sequence checks. */
  healthz(): readonly HealthChecker[] {
    const s = this.#s;
    return this.#healthz.of(BUILTIN_HEALTH_CHECKS, s.config.healthChecks ?? NO_CHECKS, s.delegate.healthzChecks(), s.hooks.checks());
  }

  /** Liveness checks (the healthz checks). */
  livez(): readonly HealthChecker[] {
    return this.healthz();
  }

  /**
   * Readiness checks in upstream's order: `ping`, `log`, the configured checks, the configured readyz-only checks
   * (upstream's config holds them before any post-start hook is added: `etcd`, `etcd-readiness`, `informer-sync`),
   * the delegate's readiness checks, this server's `poststarthook/<name>` and boot-sequence checks, then `shutdown`.
   */
  readyz(): readonly HealthChecker[] {
    const s = this.#s;
    return uniqueChecks([
      ...BUILTIN_HEALTH_CHECKS,
      ...(s.config.healthChecks ?? NO_CHECKS),
      ...(s.config.readyzChecks ?? NO_CHECKS),
      ...s.delegate.readyzChecks().filter((c) => c.name !== 'shutdown'),
      ...s.hooks.checks(),
      this.#shutdown,
    ]);
  }

  /** Every check's own path (`/healthz/<check>`, `/livez/<check>`, `/readyz/<check>`), as upstream's mux lists them. */
  paths(): string[] {
    return [
      ...this.healthz().map((c) => `/healthz/${c.name}`),
      ...this.livez().map((c) => `/livez/${c.name}`),
      ...this.readyz().map((c) => `/readyz/${c.name}`),
    ];
  }
}
