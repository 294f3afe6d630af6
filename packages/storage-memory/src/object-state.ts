/**
 * Decoding stored key-values into objects and the optimistic-concurrency writes (etcd's single-op txns).
 * @module
 */
import {
  type Codec,
  deepCopy,
  InternalError,
  newKeyNotFoundError,
  type StorageObject,
  type ValueTransformer,
  type Versioner,
} from '@apiserver/storage';
import type { KeyValue } from './mvcc/key-value.js';
import type { MvccStore } from './mvcc/mvcc-store.js';

/** Everything a storage view needs to read and write one key space. */
export interface StorageContext<T extends StorageObject> {
  /** The shared MVCC store. */
  readonly mvcc: MvccStore;
  /** Object ⇄ bytes. */
  readonly codec: Codec<T>;
  /** Stored-bytes transformer (encryption seam). */
  readonly transformer: ValueTransformer;
  /** Resource version accessor. */
  readonly versioner: Versioner;
  /**
   * Objects that `get` and `getList` decoded from the latest version of a key, by its stored bytes (never handed
   * out: readers get copies). Stored bytes are never changed in place, so a copy of the remembered object is what
   * decoding them again would give (several times cheaper). The view forgets an entry when a commit supersedes or
   * deletes its version, so at most one object per live key is remembered, whatever the history holds.
   */
  readonly decoded: WeakMap<Uint8Array, T>;
}

/** An object as read from storage (upstream `objState`). */
export interface ObjectState<T extends StorageObject> {
  /** The decoded object with its RV set, or undefined when the key does not exist. */
  readonly obj: T | undefined;
  /** ModRevision of the key (0 when missing). */
  readonly rev: number;
  /** The plain (untransformed) encoded bytes. */
  readonly data: Uint8Array;
  /** The transformer asks for a rewrite. */
  readonly stale: boolean;
}

/** The state of a missing key. */
export function missingState<T extends StorageObject>(): ObjectState<T> {
  return { obj: undefined, rev: 0, data: new Uint8Array(0), stale: false };
}

/**
 * Untransforms and decodes `kv`; transformer or codec failures become InternalError. `remember` keeps the decoded
 * object for the next read of the same bytes (the reads of get and getList; writes and watches decode once).
 */
export async function decodeKeyValue<T extends StorageObject>(ctx: StorageContext<T>, kv: KeyValue, remember = false): Promise<ObjectState<T>> {
  let plain: { data: Uint8Array; stale: boolean };
  try {
    plain = await ctx.transformer.transformFromStorage(kv.value, { key: kv.key });
  } catch (err) {
    throw new InternalError(`unable to transform key ${JSON.stringify(kv.key)}: ${errorText(err)}`, { cause: err });
  }
  // Only the latest version is remembered: reads of history (Exact and paged lists) would keep superseded ones alive.
  const latest = remember && ctx.mvcc.get(kv.key)?.modRevision === kv.modRevision;
  const obj = decodeAt(ctx, plain.data, kv.modRevision, latest);
  return { obj, rev: kv.modRevision, data: plain.data, stale: plain.stale };
}

/**
 * Decodes plain bytes and sets the resource version to `rev`. Bytes a read decoded before give a copy of that
 * object; `remember` keeps this decoding for later reads.
 */
export function decodeAt<T extends StorageObject>(ctx: StorageContext<T>, data: Uint8Array, rev: number, remember = false): T {
  const known = ctx.decoded.get(data);
  let obj: T;
  if (known !== undefined) {
    obj = deepCopy(known);
  } else {
    try {
      obj = ctx.codec.decode(data);
    } catch (err) {
      throw err instanceof InternalError ? err : new InternalError(errorText(err), { cause: err });
    }
    if (remember) {
      ctx.decoded.set(data, obj);
      obj = deepCopy(obj);
    }
  }
  ctx.versioner.updateObject(obj, rev);
  return obj;
}

/** Current state of `key`; missing keys give the missing state when `ignoreNotFound`, else KeyNotFound. */
export async function currentState<T extends StorageObject>(
  ctx: StorageContext<T>,
  key: string,
  ignoreNotFound: boolean,
): Promise<ObjectState<T>> {
  return stateOf(ctx, key, ctx.mvcc.get(key), ignoreNotFound);
}

/** State for a key-value that may be absent (the Else branch of a failed txn). */
export async function stateOf<T extends StorageObject>(
  ctx: StorageContext<T>,
  key: string,
  kv: KeyValue | undefined,
  ignoreNotFound: boolean,
): Promise<ObjectState<T>> {
  if (kv !== undefined) return decodeKeyValue(ctx, kv);
  if (ignoreNotFound) return missingState();
  throw newKeyNotFoundError(key, 0);
}

/** State built from a caller's cached copy (upstream `getStateFromObject`): its RV is trusted, its bytes recomputed. */
export function stateFromObject<T extends StorageObject>(ctx: StorageContext<T>, cached: T): ObjectState<T> {
  const rev = ctx.versioner.objectResourceVersion(cached);
  return { obj: deepCopy(cached), rev, data: encodeForStorage(ctx, cached), stale: false };
}

/** Encodes a copy of `obj` with resourceVersion and selfLink cleared. */
export function encodeForStorage<T extends StorageObject>(ctx: StorageContext<T>, obj: T): Uint8Array {
  const copy = deepCopy(obj);
  ctx.versioner.prepareObjectForStorage(copy);
  return ctx.codec.encode(copy);
}

/** Result of a compare-and-swap: the new revision, or the key's current value on failure. */
export type TxnResult = { readonly succeeded: true; readonly revision: number } | { readonly succeeded: false; readonly kv: KeyValue | undefined };

/** `If(ModRevision(key) == expected) Then(Put(key, value, ttl)) Else(Get(key))`. */
export function optimisticPut(
  mvcc: MvccStore,
  key: string,
  expectedRev: number,
  value: Uint8Array,
  ttlSeconds: number,
): TxnResult {
  const cur = mvcc.get(key);
  if ((cur?.modRevision ?? 0) !== expectedRev) return { succeeded: false, kv: cur };
  const ttlMs = ttlSeconds > 0 ? ttlSeconds * 1000 : undefined;
  return { succeeded: true, revision: mvcc.commit([{ type: 'put', key, value, ttlMs }]).revision };
}

/** `If(ModRevision(key) == expected) Then(Delete(key)) Else(Get(key))`. */
export function optimisticDelete(mvcc: MvccStore, key: string, expectedRev: number): TxnResult {
  const cur = mvcc.get(key);
  if (cur === undefined || cur.modRevision !== expectedRev) return { succeeded: false, kv: cur };
  return { succeeded: true, revision: mvcc.commit([{ type: 'delete', key }]).revision };
}

/** Message text of any thrown value. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
