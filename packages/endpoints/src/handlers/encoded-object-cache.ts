/**
 * The encoded bytes of shared objects (upstream's `cachingObject`, generalised to reads): an object storage shares
 * (`isSharedObject`: deep-frozen, one per key and revision) never changes, so its bytes per serializer and output
 * form are computed once and reused by every GET and LIST that serves it. Bounded by bytes, least recently used
 * out first; counted in `/metrics`.
 * @module
 */
import type { ObjectEncoding } from '@apiserver/runtime';
import type { Counter, Gauge, MetricsRegistry } from '@apiserver/storage';

/** The default bound of an {@link EncodedObjectCache}: 64 MiB of encoded bytes. */
export const DEFAULT_ENCODED_OBJECT_CACHE_BYTES = 64 * 1024 * 1024;

/** Settings of an {@link EncodedObjectCache}. */
export interface EncodedObjectCacheOptions {
  /** The most encoded bytes kept (0 disables the cache: nothing is kept and reads copy objects as before). */
  readonly maxBytes: number;
  /** Where the `apiserver_encoded_object_cache_*` metrics go (absent: not recorded). */
  readonly metrics?: MetricsRegistry;
}

/** Counts of an {@link EncodedObjectCache}. */
export interface EncodedObjectCacheStats {
  /** Encoded bytes kept. */
  readonly bytes: number;
  /** Encodings kept (one per object and variant). */
  readonly entries: number;
  /** Lookups answered from the cache. */
  readonly hits: number;
  /** Lookups that had to encode. */
  readonly misses: number;
  /** Encodings dropped to stay within the bound. */
  readonly evictions: number;
}

/** One kept encoding, a node of the recency list (most recent last). */
interface Entry {
  readonly owner: Map<object, Entry>;
  readonly variant: object;
  readonly encoding: ObjectEncoding;
  readonly size: number;
  prev: Entry | undefined;
  next: Entry | undefined;
}

interface CacheMetrics {
  readonly bytes: Gauge;
  readonly entries: Gauge;
  readonly hits: Counter;
  readonly misses: Counter;
  readonly evictions: Counter;
}

function cacheMetrics(registry: MetricsRegistry, maxBytes: number): CacheMetrics {
  registry
    .gauge('apiserver_encoded_object_cache_capacity_bytes', 'Most bytes of encoded objects the encoded object cache keeps.')
    .withLabelValues()
    .set(maxBytes);
  return {
    bytes: registry.gauge('apiserver_encoded_object_cache_size_bytes', 'Bytes of encoded objects kept in the encoded object cache.').withLabelValues(),
    entries: registry.gauge('apiserver_encoded_object_cache_entries', 'Number of encodings kept in the encoded object cache.').withLabelValues(),
    hits: registry.counter('apiserver_encoded_object_cache_hits_total', 'Counter of responses whose object bytes came from the encoded object cache.').withLabelValues(),
    misses: registry.counter('apiserver_encoded_object_cache_misses_total', 'Counter of shared objects encoded because the encoded object cache did not hold them.').withLabelValues(),
    evictions: registry.counter('apiserver_encoded_object_cache_evictions_total', 'Counter of encodings dropped from the encoded object cache to stay within its capacity.').withLabelValues(),
  };
}

/**
 * Encodings of shared objects by object identity and variant (a serializer with its options), least recently
 * used dropped first once their bytes exceed `maxBytes`. Keyed weakly by the object: an object nothing else holds
 * any more is never looked up again, and its bytes leave when they reach the end of the recency list.
 */
export class EncodedObjectCache {
  /** The bound in bytes (0: disabled). */
  readonly maxBytes: number;
  readonly #byObject = new WeakMap<object, Map<object, Entry>>();
  readonly #metrics: CacheMetrics | undefined;
  #oldest: Entry | undefined;
  #newest: Entry | undefined;
  #bytes = 0;
  #entries = 0;
  #hits = 0;
  #misses = 0;
  #evictions = 0;

  /** Creates a cache bounded by `options.maxBytes`. */
  constructor(options: EncodedObjectCacheOptions) {
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0) {
      throw new RangeError(`the encoded object cache size must be a whole number of bytes >= 0, got ${options.maxBytes}`);
    }
    this.maxBytes = options.maxBytes;
    this.#metrics = options.metrics === undefined ? undefined : cacheMetrics(options.metrics, options.maxBytes);
  }

  /** Whether the cache keeps anything (a size above 0). */
  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The current counts. */
  stats(): EncodedObjectCacheStats {
    return { bytes: this.#bytes, entries: this.#entries, hits: this.#hits, misses: this.#misses, evictions: this.#evictions };
  }

  /**
   * The encoding of `obj` in `variant`: the kept one (now the most recent), else `encode()`'s, kept when it fits.
   * `obj` must never change (a shared object): its bytes are reused for as long as they are kept.
   */
  encoding(obj: object, variant: object, encode: () => ObjectEncoding): ObjectEncoding {
    const owner = this.#byObject.get(obj);
    const found = owner?.get(variant);
    if (found !== undefined) {
      this.#hits++;
      this.#metrics?.hits.inc();
      this.#touch(found);
      return found.encoding;
    }
    this.#misses++;
    this.#metrics?.misses.inc();
    const encoding = encode();
    this.#keep(obj, owner, variant, encoding);
    return encoding;
  }

  /** Drops every encoding of `obj` (e.g. when storage no longer serves it). */
  forget(obj: object): void {
    const owner = this.#byObject.get(obj);
    if (owner === undefined) return;
    for (const entry of [...owner.values()]) this.#remove(entry);
    this.#byObject.delete(obj);
    this.#record();
  }

  #keep(obj: object, known: Map<object, Entry> | undefined, variant: object, encoding: ObjectEncoding): void {
    const item = encoding.item;
    const size = encoding.bytes.length + (item !== undefined && item.buffer !== encoding.bytes.buffer ? item.length : 0);
    if (size > this.maxBytes) return;
    let owner = known;
    if (owner === undefined) {
      owner = new Map();
      this.#byObject.set(obj, owner);
    }
    const entry: Entry = { owner, variant, encoding, size, prev: this.#newest, next: undefined };
    owner.set(variant, entry);
    if (this.#newest === undefined) this.#oldest = entry;
    else this.#newest.next = entry;
    this.#newest = entry;
    this.#bytes += size;
    this.#entries++;
    while (this.#bytes > this.maxBytes && this.#oldest !== undefined) {
      this.#remove(this.#oldest);
      this.#evictions++;
      this.#metrics?.evictions.inc();
    }
    this.#record();
  }

  #touch(entry: Entry): void {
    if (entry === this.#newest) return;
    this.#unlink(entry);
    entry.prev = this.#newest;
    entry.next = undefined;
    if (this.#newest === undefined) this.#oldest = entry;
    else this.#newest.next = entry;
    this.#newest = entry;
  }

  #unlink(entry: Entry): void {
    if (entry.prev === undefined) this.#oldest = entry.next;
    else entry.prev.next = entry.next;
    if (entry.next === undefined) this.#newest = entry.prev;
    else entry.next.prev = entry.prev;
  }

  #remove(entry: Entry): void {
    this.#unlink(entry);
    entry.owner.delete(entry.variant);
    this.#bytes -= entry.size;
    this.#entries--;
  }

  #record(): void {
    this.#metrics?.bytes.set(this.#bytes);
    this.#metrics?.entries.set(this.#entries);
  }
}
