/**
 * @module endpoint — one etcd member as the failover pool sees it: `etcd3`'s own single-host connection pool
 * (channels, credentials, auth tokens, error casting) for unary calls, a second one for watch streams, and the
 * member's health with exponential backoff.
 */
import { noop } from 'cockatiel';
import type { IOptions } from 'etcd3';
import { ConnectionPool } from 'etcd3/lib/connection-pool.js';

/** Backoff of an unhealthy member before it is tried again: 250 ms doubling up to 4 s (jitter-free). */
const backoffBaseMs = 250;
const backoffMaxMs = 4_000;

/** One member: its connections and its health. */
export class Endpoint {
  /** `host:port` as configured. */
  readonly host: string;
  /** `etcd3`'s pool over this one host, for unary calls (no retries, no breaker). */
  readonly unary: ConnectionPool;
  /**
   * A separate pool for watch streams: `etcd3` closes a host's gRPC clients after any failed unary call, which
   * would leave open streams on a half-closed channel until keepalive ends them (issue #20, point 2).
   */
  readonly streams: ConnectionPool;
  #failures = 0;
  #retryAt = 0;

  /** Connects lazily to `host` with the client's TLS, auth and channel options. */
  constructor(host: string, options: Omit<IOptions, 'hosts' | 'faultHandling' | 'defaultCallOptions'>) {
    this.host = host;
    const single: IOptions = { ...options, hosts: host, faultHandling: { global: noop, host: () => noop } };
    this.unary = new ConnectionPool(single);
    this.streams = new ConnectionPool(single);
  }

  /** Whether requests go to this member: it is healthy (an unhealthy one gets only probes until one succeeds). */
  get healthy(): boolean {
    return this.#failures === 0;
  }

  /** Whether the member should be probed now (healthy, or its backoff has passed). */
  probeDue(now: number): boolean {
    return this.#retryAt <= now;
  }

  /** Whether the member is marked unhealthy (whatever its backoff). */
  get unhealthy(): boolean {
    return this.#failures > 0;
  }

  /** When the member may be tried again (0 when healthy). */
  get retryAt(): number {
    return this.#retryAt;
  }

  /** Records a success; returns whether the member was unhealthy before. */
  markHealthy(): boolean {
    const was = this.#failures > 0;
    this.#failures = 0;
    this.#retryAt = 0;
    return was;
  }

  /** Records a connection failure; returns whether the member was healthy before. */
  markUnhealthy(now: number): boolean {
    const was = this.#failures === 0;
    this.#failures++;
    this.#retryAt = now + Math.min(backoffMaxMs, backoffBaseMs * 2 ** (this.#failures - 1));
    return was;
  }

  /** Closes both pools. */
  close(): void {
    this.unary.close();
    this.streams.close();
  }
}
