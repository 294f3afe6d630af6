/**
 * Leases: a deadline shared by the keys written with it (etcd's `lessor`, timer based).
 * @module
 */

/** A granted lease as persisted: an id and an absolute deadline in epoch milliseconds. */
export interface LeaseGrant {
  /** Lease id, unique per store, never 0. */
  readonly id: number;
  /** Wall-clock deadline (ms since epoch). */
  readonly expiresAt: number;
}

interface Lease extends LeaseGrant {
  readonly keys: Set<string>;
  timer: NodeJS.Timeout | undefined;
}

/** setTimeout's upper bound; longer delays are reached in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Tracks leases, their keys and their expiry timers; calls `onExpire` when a deadline passes. */
export class Lessor {
  readonly #leases = new Map<number, Lease>();
  readonly #now: () => number;
  readonly #onExpire: (id: number, keys: readonly string[]) => void;
  #nextId = 1;
  #closed = false;

  constructor(now: () => number, onExpire: (id: number, keys: readonly string[]) => void) {
    this.#now = now;
    this.#onExpire = onExpire;
  }

  /** Reserves a lease id and deadline `ttlMs` from now; it becomes live through `restore`. */
  grant(ttlMs: number): LeaseGrant {
    return { id: this.#nextId++, expiresAt: this.#now() + ttlMs };
  }

  /** Re-creates a lease read from disk or granted by `grant`; expired ones fire on the next tick. */
  restore(grant: LeaseGrant): void {
    if (grant.id >= this.#nextId) this.#nextId = grant.id + 1;
    if (this.#leases.has(grant.id)) return;
    this.#leases.set(grant.id, { ...grant, keys: new Set(), timer: undefined });
  }

  /** Binds `key` to lease `id` (no-op for id 0 or an unknown lease). */
  attach(key: string, id: number): void {
    const lease = this.#leases.get(id);
    if (lease === undefined) return;
    lease.keys.add(key);
    if (lease.timer === undefined) this.#schedule(lease);
  }

  /** Unbinds `key` from lease `id`; a lease left without keys is dropped. */
  detach(key: string, id: number): void {
    const lease = this.#leases.get(id);
    if (lease === undefined) return;
    lease.keys.delete(key);
    if (lease.keys.size === 0) this.#drop(lease);
  }

  /** Live leases (for snapshots). */
  grants(): LeaseGrant[] {
    return [...this.#leases.values()].map(({ id, expiresAt }) => ({ id, expiresAt }));
  }

  /** The next id `grant` would hand out. */
  get nextId(): number {
    return this.#nextId;
  }

  /** Cancels every timer; leases no longer expire. */
  close(): void {
    this.#closed = true;
    for (const lease of this.#leases.values()) this.#drop(lease);
  }

  #schedule(lease: Lease): void {
    if (this.#closed) return;
    const delay = Math.max(0, lease.expiresAt - this.#now());
    lease.timer = setTimeout(() => this.#fire(lease), Math.min(delay, MAX_TIMER_MS));
    lease.timer.unref();
  }

  #fire(lease: Lease): void {
    lease.timer = undefined;
    if (this.#leases.get(lease.id) !== lease) return;
    if (this.#now() < lease.expiresAt) {
      this.#schedule(lease);
      return;
    }
    const keys = [...lease.keys].sort();
    this.#drop(lease);
    this.#onExpire(lease.id, keys);
  }

  #drop(lease: Lease): void {
    if (lease.timer !== undefined) clearTimeout(lease.timer);
    lease.timer = undefined;
    this.#leases.delete(lease.id);
  }
}
