/**
 * Decoding stored key-values into objects and the optimistic-concurrency writes (etcd's single-op txns).
 * @module
 */
import {
  type Codec,
  deepCopy,
  identityTransformer,
  InternalError,
  shareObject,
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
   * Objects that `get` and `getList` decoded from the latest version of a key (resource version set), by its stored
   * bytes: shared, deep-frozen objects handed as they are to read-only reads, copied for the others. Stored bytes
   * are never changed in place, so a copy of the remembered object is what decoding them again would give
   * (several times cheaper). The view forgets an entry when a commit supersedes or
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

/** How {@link decodeKeyValue} may keep and hand out the decoded object. */
export interface DecodeMode {
  /** Keep the decoding for later reads of the same bytes (the reads of get and getList; writes and watches decode once). */
  readonly remember?: boolean;
  /** The caller only reads: it may get the remembered shared object itself (`isSharedObject`), not a copy. */
  readonly readOnly?: boolean;
}

/**
 * Untransforms and decodes `kv`; transformer or codec failures become InternalError. The latest version of a key
 * is remembered when `mode.remember` asks for it.
 */
export async function decodeKeyValue<T extends StorageObject>(ctx: StorageContext<T>, kv: KeyValue, mode: DecodeMode = {}): Promise<ObjectState<T>> {
  let plain: { data: Uint8Array; stale: boolean };
  try {
    plain = await ctx.transformer.transformFromStorage(kv.value, { key: kv.key });
  } catch (err) {
    throw new InternalError(`unable to transform key ${JSON.stringify(kv.key)}: ${errorText(err)}`, { cause: err });
  }
  return decodePlain(ctx, kv, plain, mode);
}

/**
 * {@link decodeKeyValue} without a promise, for the identity transformer (the stored bytes are the plain ones):
 * undefined with any other transformer. A list of many keys then decodes them in one go.
 */
export function decodeKeyValueNow<T extends StorageObject>(ctx: StorageContext<T>, kv: KeyValue, mode: DecodeMode = {}): ObjectState<T> | undefined {
  if (ctx.transformer !== identityTransformer) return undefined;
  return decodePlain(ctx, kv, { data: kv.value, stale: false }, mode);
}

function decodePlain<T extends StorageObject>(ctx: StorageContext<T>, kv: KeyValue, plain: { data: Uint8Array; stale: boolean }, mode: DecodeMode): ObjectState<T> {
  // Only the latest version is remembered: reads of history (Exact and paged lists) would keep superseded ones alive.
  const latest = mode.remember === true && ctx.mvcc.get(kv.key)?.modRevision === kv.modRevision;
  const obj = decodeAt(ctx, plain.data, kv.modRevision, { remember: latest, readOnly: mode.readOnly === true });
  return { obj, rev: kv.modRevision, data: plain.data, stale: plain.stale };
}

function decodeFresh<T extends StorageObject>(ctx: StorageContext<T>, data: Uint8Array, rev: number): T {
  let obj: T;
  try {
    obj = ctx.codec.decode(data);
  } catch (err) {
    throw err instanceof InternalError ? err : new InternalError(errorText(err), { cause: err });
  }
  ctx.versioner.updateObject(obj, rev);
  return obj;
}

/**
 * Decodes plain bytes with the resource version `rev`. Bytes remembered by an earlier read give that shared
 * object (a `readOnly` read at its revision) or a copy of it (several times cheaper than decoding); `remember`
 * keeps this decoding, shared (deep-frozen), for later reads. A `readOnly` read always gets a shared object.
 */
export function decodeAt<T extends StorageObject>(ctx: StorageContext<T>, data: Uint8Array, rev: number, mode: DecodeMode = {}): T {
  const known = ctx.decoded.get(data);
  const readOnly = mode.readOnly === true;
  if (known !== undefined && readOnly && known.metadata.resourceVersion === String(rev)) return known;
  let obj: T;
  if (known !== undefined) {
    obj = deepCopy(known);
    ctx.versioner.updateObject(obj, rev);
  } else {
    obj = decodeFresh(ctx, data, rev);
    if (mode.remember === true) {
      ctx.decoded.set(data, shareObject(obj));
      return readOnly ? obj : deepCopy(obj);
    }
  }
  return readOnly ? shareObject(obj) : obj;
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
