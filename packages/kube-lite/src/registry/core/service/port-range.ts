/**
 * The service NodePort range (pkg/registry/core/service/portallocator): `--service-node-port-range`,
 * 30000-32767 by default.
 * @module
 */
import { type AllocationRange, bitmapBytes, bitmapOffsets } from './allocation-bitmap.js';

/** Why a node port could not be allocated, worded as upstream's port allocator errors. */
export class PortAllocationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'PortAllocationError';
  }
}

/** The default node port range of kube-apiserver. */
export const DEFAULT_SERVICE_NODE_PORT_RANGE = '30000-32767';

/** An allocatable port range with its in-use set. */
export class NodePortRange implements AllocationRange {
  readonly #base: number;
  readonly #last: number;
  readonly #used = new Set<number>();

  /** Parses `range` (`30000-32767`, or a single port); throws a TypeError when unusable. */
  constructor(range: string = DEFAULT_SERVICE_NODE_PORT_RANGE) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(range.trim());
    const base = Number(m?.[1]);
    const last = m?.[2] === undefined ? base : Number(m[2]);
    if (m === null || base < 1 || last > 65535 || last < base) {
      throw new TypeError(`invalid service node port range ${JSON.stringify(range)}: want <first>-<last> within 1-65535`);
    }
    this.#base = base;
    this.#last = last;
  }

  /** The range as `base-last`. */
  toString(): string {
    return `${this.#base}-${this.#last}`;
  }

  /** An empty range of the same ports. */
  empty(): NodePortRange {
    return new NodePortRange(this.toString());
  }

  /** The range as a `RangeAllocation` names it (`30000-32767`). */
  spec(): string {
    return this.toString();
  }

  /** The in-use set as bitmap bytes, offset 0 being the first port. */
  snapshot(): Uint8Array {
    return bitmapBytes([...this.#used].map((p) => p - this.#base));
  }

  /** Marks the ports of bitmap `data` in use (offsets beyond the range are ignored). */
  restore(data: Uint8Array): void {
    for (const o of bitmapOffsets(data)) if (this.#base + o <= this.#last) this.#used.add(this.#base + o);
  }

  /** Whether `port` is in use. */
  has(port: number): boolean {
    return this.#used.has(port);
  }

  /** Reserves `port`; throws PortAllocationError when out of range or taken. */
  allocate(port: number): void {
    if (!Number.isInteger(port) || port < this.#base || port > this.#last) {
      throw new PortAllocationError(`provided port is not in the valid range. The range of valid ports is ${this.toString()}`);
    }
    if (this.#used.has(port)) throw new PortAllocationError('provided port is already allocated');
    this.#used.add(port);
  }

  /** Reserves the lowest free port. */
  allocateNext(): number {
    for (let p = this.#base; p <= this.#last; p++) {
      if (this.#used.has(p)) continue;
      this.#used.add(p);
      return p;
    }
    throw new PortAllocationError('range is full');
  }

  /** Frees `port` (no-op when not allocated). */
  release(port: number): void {
    this.#used.delete(port);
  }
}
