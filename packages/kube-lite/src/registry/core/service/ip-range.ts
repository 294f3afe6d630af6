/**
 * The service ClusterIP range (pkg/registry/core/service/ipallocator `Range`): an IPv4 CIDR whose
 * network and broadcast addresses are never handed out, with the first usable address kept for the
 * `default/kubernetes` service (given only on explicit request).
 * @module
 */
import { type AllocationRange, bitmapBytes, bitmapOffsets } from './allocation-bitmap.js';

/** Parses a dotted IPv4 address to a 32-bit number; undefined when it is not one. */
export function parseIPv4(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return undefined;
    const v = Number(p);
    if (v > 255) return undefined;
    n = n * 256 + v;
  }
  return n;
}

/** Formats a 32-bit number as a dotted IPv4 address. */
export function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Why an IP could not be allocated, worded as upstream's allocator errors. */
export class IPAllocationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'IPAllocationError';
  }
}

/** An allocatable IPv4 range with its in-use set. */
export class ClusterIPRange implements AllocationRange {
  readonly #cidr: string;
  readonly #first: number;
  readonly #last: number;
  readonly #used = new Set<number>();

  /** Parses `cidr` (IPv4, prefix at most /30); throws a TypeError when unusable. */
  constructor(cidr: string) {
    const [addr = '', bits = '', ...rest] = cidr.split('/');
    const base = parseIPv4(addr);
    const prefix = /^\d{1,2}$/.test(bits) ? Number(bits) : Number.NaN;
    if (base === undefined || rest.length > 0 || !(prefix >= 1 && prefix <= 30)) {
      throw new TypeError(`invalid service cluster IP range ${JSON.stringify(cidr)}: an IPv4 CIDR with a prefix of /1 to /30 is required`);
    }
    const size = 2 ** (32 - prefix);
    const network = base - (base % size);
    this.#cidr = `${formatIPv4(network)}/${prefix}`;
    this.#first = network + 1;
    this.#last = network + size - 2;
  }

  /** The range in canonical CIDR form (`10.0.0.0/24`). */
  cidr(): string {
    return this.#cidr;
  }

  /** An empty range of the same CIDR. */
  empty(): ClusterIPRange {
    return new ClusterIPRange(this.#cidr);
  }

  /** The CIDR, as a `RangeAllocation` names the range. */
  spec(): string {
    return this.#cidr;
  }

  /** The in-use set as bitmap bytes, offset 0 being the first usable address. */
  snapshot(): Uint8Array {
    return bitmapBytes([...this.#used].map((n) => n - this.#first));
  }

  /** Marks the addresses of bitmap `data` in use (offsets beyond the range are ignored). */
  restore(data: Uint8Array): void {
    for (const o of bitmapOffsets(data)) if (this.#first + o <= this.#last) this.#used.add(this.#first + o);
  }

  /** Whether `ip` is an IPv4 address inside the range. */
  contains(ip: string): boolean {
    const n = parseIPv4(ip);
    return n !== undefined && n >= this.#first && n <= this.#last;
  }

  /** Whether `ip` is in use. */
  has(ip: string): boolean {
    const n = parseIPv4(ip);
    return n !== undefined && this.#used.has(n);
  }

  /** Reserves `ip`; throws IPAllocationError when out of range or taken. */
  allocate(ip: string): void {
    const n = parseIPv4(ip);
    if (n === undefined || n < this.#first || n > this.#last) {
      throw new IPAllocationError(`the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${this.#cidr}`);
    }
    if (this.#used.has(n)) throw new IPAllocationError('provided IP is already allocated');
    this.#used.add(n);
  }

  /** Reserves the lowest free address after the reserved first one. */
  allocateNext(): string {
    for (let n = this.#first + 1; n <= this.#last; n++) {
      if (this.#used.has(n)) continue;
      this.#used.add(n);
      return formatIPv4(n);
    }
    throw new IPAllocationError('range is full');
  }

  /** Frees `ip` (no-op when not allocated). */
  release(ip: string): void {
    const n = parseIPv4(ip);
    if (n !== undefined) this.#used.delete(n);
  }
}
