/**
 * A StorageInterface view over the shared MVCC store, for one key prefix, codec and transformer.
 * @module
 */
import {
  type Codec,
  type CreateOptions,
  createJSONCodec,
  type DeleteOptions,
  type GetOptions,
  type GuaranteedUpdateOptions,
  identityTransformer,
  type ListOptions,
  type ListResult,
  type MaybeSyncGetStorage,
  newKeyExistsError,
  newKeyNotFoundError,
  normalizePathPrefix,
  ResourceVersionSetOnCreateError,
  StorageNotReadyError,
  type StorageObject,
  type UpdateFunc,
  type ValueTransformer,
  type Versioner,
  validateKey,
  validateMinimumResourceVersion,
  versioner as defaultVersioner,
  type Watch,
} from '@apiserver/storage';
import { conditionalDelete } from './conditional-delete.js';
import { getList } from './get-list.js';
import { guaranteedUpdate } from './guaranteed-update.js';
import { prefixRangeEnd } from './mvcc/key-index.js';
import type { MvccStore } from './mvcc/mvcc-store.js';
import { decodeAt, type DecodeMode, decodeKeyValue, optimisticPut, type StorageContext } from './object-state.js';
import { encodeNewObject } from './new-object-encoding.js';
import { startWatch, type WatchRegistry } from './watcher.js';

/** How `get` decodes: remembered (it reads the latest version), shared for a `readOnly` read or copied. */
const REMEMBER: DecodeMode = { remember: true, readOnly: false };
const REMEMBER_SHARED: DecodeMode = { remember: true, readOnly: true };

/** Options of one storage view. */
export interface MemoryStorageOptions<T extends StorageObject = StorageObject> {
  /** Prefix put in front of every key (etcd's `--etcd-prefix`), default `/registry`. */
  readonly pathPrefix?: string;
  /** Object ⇄ bytes codec, default canonical JSON. */
  readonly codec?: Codec<T>;
  /** Transformer of stored bytes, default identity. */
  readonly transformer?: ValueTransformer;
  /** Resource version accessor, default the shared APIObjectVersioner. */
  readonly versioner?: Versioner;
}

/** `StorageInterface` on the embedded MVCC store (mirrors the etcd3 store's algorithms). */
export class MemoryStorage<T extends StorageObject = StorageObject> implements MaybeSyncGetStorage<T> {
  /** The versioner used to read and set resource versions. */
  readonly versioner: Versioner;
  readonly #ctx: StorageContext<T>;
  readonly #watches: WatchRegistry;
  /** The path prefix, normalized once (`normalizePathPrefix`): every key is put behind it. */
  readonly #keyPrefix: string;
  /** Whether the view encodes with the built-in canonical JSON codec (no codec in its options). */
  readonly #builtinCodec: boolean;

  /** Creates a view; prefer `MemoryBackend.storage()`. */
  constructor(mvcc: MvccStore, watches: WatchRegistry, options: MemoryStorageOptions<T> = {}) {
    this.versioner = options.versioner ?? defaultVersioner;
    this.#keyPrefix = normalizePathPrefix(options.pathPrefix ?? '/registry');
    this.#watches = watches;
    // The default codec accepts any object with metadata; a typed view passes a codec whose guard checks T.
    const codec = options.codec ?? createJSONCodec<T>();
    this.#builtinCodec = options.codec === undefined;
    const decoded = new WeakMap<Uint8Array, T>();
    this.#ctx = { mvcc, codec, transformer: options.transformer ?? identityTransformer, versioner: this.versioner, decoded };
    // A superseded or deleted version is no longer remembered (an identity transformer's plain bytes are the stored ones).
    mvcc.subscribe((entry) => {
      for (const e of entry.events) if (e.prevKv !== undefined) decoded.delete(e.prevKv.value);
    });
  }

  /** Creates `key` (KeyExists if present; ResourceVersionSetOnCreateError if `obj` has an RV); returns the stored object with its RV. */
  async create(key: string, obj: T, opts: CreateOptions = {}): Promise<T> {
    const k = this.#key(key);
    if (this.versioner.objectResourceVersion(obj) !== 0) throw new ResourceVersionSetOnCreateError();
    const { data, decoded } = encodeNewObject(this.#ctx, obj, this.#builtinCodec);
    const stored = await this.#ctx.transformer.transformToStorage(data, { key: k });
    const txn = optimisticPut(this.#ctx.mvcc, k, 0, stored, opts.ttl ?? 0);
    if (!txn.succeeded) throw newKeyExistsError(k, 0);
    if (decoded === undefined) return decodeAt(this.#ctx, data, txn.revision);
    this.versioner.updateObject(decoded, txn.revision);
    return decoded;
  }

  /** Deletes `key` after preconditions and validation, retrying on conflicts; returns the last state with RV = the deletion revision. */
  async delete(key: string, opts: DeleteOptions<T> = {}): Promise<T> {
    return conditionalDelete(this.#ctx, this.#key(key), opts);
  }

  /** Watches `key` (or the prefix `key/` when recursive) from the resource version in `opts`. */
  async watch(key: string, opts: ListOptions<T> = {}): Promise<Watch<T>> {
    return startWatch(this.#ctx, this.#watches, this.#key(key), opts);
  }

  /**
   * Reads `key`; KeyNotFound unless `ignoreNotFound` (then undefined); TooLargeResourceVersion for an RV above the
   * current revision. A `readOnly` read gets the shared object of the key's latest version.
   */
  async get(key: string, opts: GetOptions = {}): Promise<T | undefined> {
    return this.getMaybeSync(key, opts);
  }

  /**
   * `get` without a promise (`MaybeSyncGetStorage`): the object directly when the transformer is the identity (the
   * bytes decode at once), a promise otherwise; errors are thrown.
   */
  getMaybeSync(key: string, opts: GetOptions = {}): T | undefined | Promise<T | undefined> {
    const k = this.#key(key);
    const kv = this.#ctx.mvcc.get(k);
    validateMinimumResourceVersion(this.versioner, opts.resourceVersion, this.#ctx.mvcc.currentRevision);
    if (kv === undefined) {
      if (opts.ignoreNotFound === true) return undefined;
      throw newKeyNotFoundError(k, 0);
    }
    // `kv` is the key's latest version: remembered for later reads; identity-transformed bytes decode without a promise.
    const mode = opts.readOnly === true ? REMEMBER_SHARED : REMEMBER;
    if (this.#ctx.transformer === identityTransformer) return decodeAt(this.#ctx, kv.value, kv.modRevision, mode);
    return decodeKeyValue(this.#ctx, kv, mode).then((decoded) => decoded.obj);
  }

  /** Lists `key` (exact) or `key/` (recursive) with predicate, paging, continue and RV match rules. */
  async getList(key: string, opts: ListOptions<T> = {}): Promise<ListResult<T>> {
    return getList(this.#ctx, this.#key(key), opts);
  }

  /** Read-modify-write loop with compare-and-swap on the key's revision; identical bytes do not write. */
  async guaranteedUpdate(key: string, tryUpdate: UpdateFunc<T>, opts: GuaranteedUpdateOptions<T> = {}): Promise<T> {
    return guaranteedUpdate(this.#ctx, this.#key(key), tryUpdate, opts);
  }

  /** Number of objects under the prefix `key/`. */
  async count(key: string): Promise<number> {
    const k = this.#key(key);
    const prefix = k.endsWith('/') ? k : `${k}/`;
    return this.#ctx.mvcc.range(prefix, prefixRangeEnd(prefix)).count;
  }

  /** Resolves while the backend is open; StorageNotReadyError once it is closed. */
  async readinessCheck(): Promise<void> {
    if (this.#ctx.mvcc.closed) throw new StorageNotReadyError('memory backend is closed');
  }

  /** Sends a BOOKMARK at the current revision to every watch opened with `progressNotify`. */
  async requestWatchProgress(): Promise<void> {
    this.#watches.notifyProgress(this.#ctx.mvcc.currentRevision);
  }

  /** The current global revision of the backend, as a decimal string. */
  async getCurrentResourceVersion(): Promise<string> {
    return String(this.#ctx.mvcc.currentRevision);
  }

  /** `prepareKey(pathPrefix, key)`, with the prefix normalized once. */
  #key(key: string): string {
    validateKey(key);
    return this.#keyPrefix + (key.startsWith('/') ? key.slice(1) : key);
  }
}
