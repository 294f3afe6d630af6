/**
 * The value transformer seam applied to stored bytes (k8s.io/apiserver/pkg/storage/value).
 * @module
 */

/** Context of a transformation: the storage key is the authenticated data. */
export interface TransformContext {
  /** The full storage key of the value. */
  key: string;
}

/** Result of reading a stored value: the plain bytes and whether they should be rewritten (e.g. key rotation). */
export interface TransformFromResult {
  /** The untransformed bytes. */
  data: Uint8Array;
  /** True if the stored form is outdated: GuaranteedUpdate must write even when nothing changed. */
  stale: boolean;
}

/** Transforms values on their way to and from storage (encryption at rest, etc.); may be sync or async. */
export interface ValueTransformer {
  /** Transforms stored bytes back into plain bytes; throws if they cannot be read. */
  transformFromStorage(data: Uint8Array, ctx: TransformContext): TransformFromResult | Promise<TransformFromResult>;
  /** Transforms plain bytes into their stored form. */
  transformToStorage(data: Uint8Array, ctx: TransformContext): Uint8Array | Promise<Uint8Array>;
}

/** The identity transformer (never stale). */
export const identityTransformer: ValueTransformer = {
  transformFromStorage: (data) => ({ data, stale: false }),
  transformToStorage: (data) => data,
};

/** Error thrown by PrefixTransformer when stored bytes lack its prefix. */
export class TransformPrefixError extends Error {
  /** Creates the error for a key. */
  constructor(key: string) {
    super(`value for key ${JSON.stringify(key)} does not have the expected transformer prefix`);
    this.name = 'TransformPrefixError';
  }
}

/**
 * A transformer that prepends a prefix on write and requires it on read (upstream test `PrefixTransformer`);
 * `prefix` and `stale` can be changed at run time by tests.
 */
export class PrefixTransformer implements ValueTransformer {
  /** The prefix written and required. */
  prefix: Uint8Array;
  /** Value reported as `stale` on reads. */
  stale: boolean;
  /** Number of successful reads (lets tests count decodes). */
  reads = 0;

  /** Creates a transformer with the given prefix. */
  constructor(prefix: string | Uint8Array, stale = false) {
    this.prefix = typeof prefix === 'string' ? new TextEncoder().encode(prefix) : prefix;
    this.stale = stale;
  }

  /** {@inheritDoc ValueTransformer.transformFromStorage} */
  transformFromStorage(data: Uint8Array, ctx: TransformContext): TransformFromResult {
    const p = this.prefix;
    if (data.length < p.length || p.some((b, i) => data[i] !== b)) throw new TransformPrefixError(ctx.key);
    this.reads++;
    return { data: data.subarray(p.length), stale: this.stale };
  }

  /** {@inheritDoc ValueTransformer.transformToStorage} */
  transformToStorage(data: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.prefix.length + data.length);
    out.set(this.prefix, 0);
    out.set(data, this.prefix.length);
    return out;
  }
}
