/**
 * @module lease-manager — TTL leases shared between writes (upstream `etcd3/lease_manager.go`): a lease
 * is reused while it expires no earlier than requested and not later than requested + the reuse window.
 * Leases are never kept alive: objects simply expire with them.
 */
import type { EtcdClient } from './client.js';
import { interpretEtcdError } from './etcd-errors.js';

/** Lease reuse settings (upstream `LeaseManagerConfig`). */
export interface LeaseManagerConfig {
  /** Longest extra life an object may get from a reused lease, in s (`--lease-reuse-duration-seconds`, default 60). */
  readonly reuseDurationSeconds?: number;
  /** Most objects attached to one lease before a new one is granted (default 1000). */
  readonly maxObjectCount?: number;
}

/** Upstream's share of the TTL that may be added for reuse (5 %). */
const reuseDurationPercent = 0.05;

/** Grants and reuses etcd leases for TTL'd objects; lease IDs stay decimal strings (they are 63-bit). */
export class LeaseManager {
  readonly #client: EtcdClient;
  readonly #reuseSeconds: number;
  readonly #maxObjects: number;
  #prevLeaseId = '0';
  #prevExpiry = 0;
  #attached = 0;
  #queue: Promise<unknown> = Promise.resolve();
  /** Clock in ms (tests may replace it). */
  now: () => number = Date.now;

  /** Creates a manager granting leases through `client`. */
  constructor(client: EtcdClient, config: LeaseManagerConfig = {}) {
    this.#client = client;
    this.#reuseSeconds = config.reuseDurationSeconds ?? 60;
    this.#maxObjects = config.maxObjectCount ?? 1000;
  }

  /** Returns a lease ID living at least `ttlSeconds`; calls are serialised like upstream's mutex. */
  getLease(ttlSeconds: number, key = ''): Promise<string> {
    const next = this.#queue.then(() => this.#getLease(ttlSeconds, key));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Forgets the cached lease (e.g. etcd said it is gone), so the next call grants a new one. */
  invalidate(): void {
    this.#prevLeaseId = '0';
    this.#prevExpiry = 0;
    this.#attached = 0;
  }

  async #getLease(ttl: number, key: string): Promise<string> {
    const now = this.now();
    const reuse = Math.min(Math.floor(reuseDurationPercent * ttl), this.#reuseSeconds);
    const valid = now + ttl * 1000 < this.#prevExpiry;
    const sufficient = now + (ttl + reuse) * 1000 > this.#prevExpiry;
    // Every call counts, whether or not the write using the lease then succeeds (as upstream).
    this.#attached++;
    if (valid && sufficient && this.#attached <= this.#maxObjects) return this.#prevLeaseId;
    const grantedTtl = ttl + reuse;
    let id: string;
    try {
      id = (await this.#client.leaseClient.leaseGrant({ TTL: grantedTtl })).ID;
    } catch (err) {
      throw interpretEtcdError(err, key);
    }
    this.#prevLeaseId = id;
    this.#prevExpiry = now + grantedTtl * 1000;
    this.#attached = 1;
    return id;
  }
}
