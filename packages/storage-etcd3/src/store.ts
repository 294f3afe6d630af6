/**
 * @module store — the etcd3 `StorageInterface` (upstream `k8s.io/apiserver/pkg/storage/etcd3/store.go`).
 */
import {
  bytesEqual,
  type Codec,
  type CreateOptions,
  checkPreconditions,
  createJSONCodec,
  deepCopy,
  type DeleteOptions,
  type GetOptions,
  type GuaranteedUpdateOptions,
  identityTransformer,
  type ListOptions,
  type ListResult,
  type MetricsRegistry,
  newKeyExistsError,
  newKeyNotFoundError,
  normalizePathPrefix,
  prepareKey,
  refreshAfterSuggestionFailure,
  ResourceVersionSetOnCreateError,
  type StorageInterface,
  type StorageObject,
  type UpdateFunc,
  type ValueTransformer,
  type Versioner,
  validateMinimumResourceVersion,
  versioner as defaultVersioner,
  type Watch,
} from '@apiserver/storage';
import { EtcdLeaseInvalidError } from 'etcd3';
import { defaultRequestTimeoutMs, type EtcdClient } from './client.js';
import { etcdRequestObserver } from './etcd-metrics.js';
import { getList } from './get-list.js';
import { KV } from './kv.js';
import { LeaseManager, type LeaseManagerConfig } from './lease-manager.js';
import { type ObjState, ObjectSerializer, setResourceVersion } from './state.js';
import { type ProgressTarget, startWatch } from './watcher.js';

/** What a deleted-but-unreadable object decodes from. */
const emptyObject = new TextEncoder().encode('{"metadata":{}}');

/** Options of {@link Etcd3Storage}. */
export interface Etcd3StorageOptions<T extends StorageObject = StorageObject> {
  /** The etcd client (see `newEtcd3Client`); shared, not closed by the store. */
  readonly client: EtcdClient;
  /** Key prefix in etcd (`--etcd-prefix`, default `/registry`; normalised to `/registry/`). */
  readonly pathPrefix?: string;
  /** Object ⇄ bytes codec (default canonical JSON). */
  readonly codec?: Codec<T>;
  /** At-rest value transformer (default identity). */
  readonly transformer?: ValueTransformer;
  /** Versioner (default the standard `metadata.resourceVersion` one). */
  readonly versioner?: Versioner;
  /** A lease manager to share, or settings for the store's own. */
  readonly leaseManager?: LeaseManager | LeaseManagerConfig;
  /** Longest wait for etcd to acknowledge a new watch before `watch()` rejects with Unreachable (default 10 s). */
  readonly watchCreateTimeoutMs?: number;
  /** Where `etcd_request_duration_seconds` goes; absent = not recorded. */
  readonly metrics?: MetricsRegistry;
  /** Its `type` label: the stored resource, `resource[.group]` (default empty). */
  readonly groupResource?: string;
}

/** The etcd v3 backend of `StorageInterface`: every write is one ModRevision-compare transaction. */
export class Etcd3Storage<T extends StorageObject = StorageObject> implements StorageInterface<T> {
  /** The versioner used to read and set resource versions. */
  readonly versioner: Versioner;
  readonly #client: EtcdClient;
  readonly #kv: KV;
  readonly #pathPrefix: string;
  readonly #serializer: ObjectSerializer<T>;
  readonly #leases: LeaseManager;
  readonly #progressTargets = new Set<ProgressTarget>();
  readonly #watchCreateTimeoutMs: number;

  /** Creates a store over an existing client. */
  constructor(options: Etcd3StorageOptions<T>) {
    this.#client = options.client;
    this.#kv = new KV(options.client, options.metrics === undefined ? undefined : etcdRequestObserver(options.metrics, options.groupResource ?? ''));
    this.#pathPrefix = normalizePathPrefix(options.pathPrefix ?? '/registry');
    this.versioner = options.versioner ?? defaultVersioner;
    const codec = options.codec ?? createJSONCodec<T>();
    this.#serializer = new ObjectSerializer(codec, options.transformer ?? identityTransformer, this.versioner);
    const leases = options.leaseManager;
    this.#leases = leases instanceof LeaseManager ? leases : new LeaseManager(options.client, leases);
    this.#watchCreateTimeoutMs = options.watchCreateTimeoutMs ?? defaultRequestTimeoutMs;
  }

  /** The normalised etcd key prefix (`/registry/`). */
  get pathPrefix(): string {
    return this.#pathPrefix;
  }

  #key(key: string): string {
    return prepareKey(this.#pathPrefix, key);
  }

  /**
   * `optimisticPut` with a lease for `ttl` (none when absent/0). If etcd no longer knows a reused lease
   * (revoked, or lost with a restored etcd), the transaction was not applied, so it is safe to retry
   * once with a freshly granted lease.
   */
  async #put(key: string, stored: Uint8Array, expected: string, ttl: number | undefined, getOnFailure: boolean) {
    if (ttl === undefined || ttl <= 0) return this.#kv.optimisticPut(key, stored, expected, '0', getOnFailure);
    try {
      return await this.#kv.optimisticPut(key, stored, expected, await this.#leases.getLease(ttl, key), getOnFailure);
    } catch (err) {
      if (!(err instanceof EtcdLeaseInvalidError)) throw err;
      this.#leases.invalidate();
      return this.#kv.optimisticPut(key, stored, expected, await this.#leases.getLease(ttl, key), getOnFailure);
    }
  }

  /** Creates `key` with `If(ModRevision==0) Then(Put)`; KeyExists if present; the result carries the write revision. */
  async create(key: string, obj: T, opts: CreateOptions = {}): Promise<T> {
    const k = this.#key(key);
    if (this.versioner.objectResourceVersion(obj) !== 0) throw new ResourceVersionSetOnCreateError();
    const data = this.#serializer.encode(obj);
    const stored = await this.#serializer.toStorage(data, k);
    const res = await this.#put(k, stored, '0', opts.ttl, false);
    if (!res.succeeded) throw newKeyExistsError(k, 0);
    return this.#serializer.decode(data, res.revision);
  }

  /** Reads `key` (linearizable); TooLarge if `resourceVersion` is newer than etcd, then KeyNotFound unless `ignoreNotFound`. */
  async get(key: string, opts: GetOptions = {}): Promise<T | undefined> {
    const k = this.#key(key);
    const res = await this.#kv.get(k);
    validateMinimumResourceVersion(this.versioner, opts.resourceVersion, Number(res.revision));
    if (res.kv === undefined) {
      if (opts.ignoreNotFound === true) return undefined;
      throw newKeyNotFoundError(k, 0);
    }
    return this.#serializer.decodeKv(res.kv);
  }

  /** Lists `key` (exact) or `key/` (recursive) with predicate, paging at one revision and the RV match rules. */
  getList(key: string, opts: ListOptions<T> = {}): Promise<ListResult<T>> {
    return getList({ kv: this.#kv, serializer: this.#serializer, versioner: this.versioner }, this.#listKey(key, opts), opts);
  }

  #listKey(key: string, opts: ListOptions<T>): string {
    const k = this.#key(key);
    return opts.recursive === true && !k.endsWith('/') ? `${k}/` : k;
  }

  /** Watches `key` (or `key/` when recursive) on etcd's raw watch stream from the resource version in `opts`. */
  async watch(key: string, opts: ListOptions<T> = {}): Promise<Watch<T>> {
    const ctx = {
      client: this.#client,
      kv: this.#kv,
      serializer: this.#serializer,
      versioner: this.versioner,
      progressTargets: this.#progressTargets,
      createTimeoutMs: this.#watchCreateTimeoutMs,
    };
    return startWatch(ctx, this.#listKey(key, opts), opts);
  }

  /** Counts the keys under `key/` with a count-only range. */
  async count(key: string): Promise<number> {
    const k = this.#key(key);
    return (await this.#kv.count(k.endsWith('/') ? k : `${k}/`)).count;
  }

  /** Always ready, as upstream's etcd3 store (etcd health is a separate check). */
  readinessCheck(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * Sends a `progress_request` on every open `progressNotify` watch stream. Note: etcd below 3.4.31 /
   * 3.5.13 may deliver that progress before pending events (etcd#15220, #17507).
   */
  async requestWatchProgress(): Promise<void> {
    for (const target of this.#progressTargets) target.requestProgress();
  }

  /** The current etcd revision as a decimal string. */
  async getCurrentResourceVersion(): Promise<string> {
    return (await this.#kv.count(this.#pathPrefix)).revision;
  }

  async #currentState(key: string, ignoreNotFound: boolean, tolerateReadErrors = false): Promise<ObjState<T>> {
    const res = await this.#kv.get(key);
    if (res.kv === undefined && !ignoreNotFound) throw newKeyNotFoundError(key, 0);
    return this.#serializer.state(key, res.kv, tolerateReadErrors);
  }

  /** Read-modify-write with `If(ModRevision==rev) Then(Put) Else(Get)` until it applies; no-op updates do not write. */
  async guaranteedUpdate(key: string, tryUpdate: UpdateFunc<T>, opts: GuaranteedUpdateOptions<T> = {}): Promise<T> {
    const k = this.#key(key);
    const ignoreNotFound = opts.ignoreNotFound === true;
    const fresh = (): Promise<ObjState<T>> => this.#currentState(k, ignoreNotFound);
    let origIsCurrent = opts.cachedExistingObject === undefined;
    let orig = origIsCurrent ? await fresh() : this.#serializer.stateFromObject(opts.cachedExistingObject!);
    for (;;) {
      let data: Uint8Array;
      let ttl: number | undefined;
      try {
        checkPreconditions(k, opts.preconditions, orig.obj ?? { metadata: {} });
        const result = await tryUpdate(orig.obj === undefined ? undefined : deepCopy(orig.obj), {
          ttl: 0,
          resourceVersion: Number(orig.rev),
        });
        data = this.#serializer.encode(result.object);
        ttl = result.ttl;
      } catch (err) {
        // On a possibly stale suggestion, retry once against etcd before believing the failure.
        if (origIsCurrent) throw err;
        orig = await refreshAfterSuggestionFailure(err, orig, fresh);
        origIsCurrent = true;
        continue;
      }
      if (!orig.stale && orig.data !== undefined && bytesEqual(data, orig.data)) {
        if (!origIsCurrent) {
          orig = await fresh();
          origIsCurrent = true;
          if (orig.data === undefined || !bytesEqual(data, orig.data)) continue;
        }
        if (!orig.stale) return this.#serializer.decode(orig.data, orig.rev);
      }
      const stored = await this.#serializer.toStorage(data, k);
      const res = await this.#put(k, stored, orig.rev, ttl, true);
      if (res.succeeded) return this.#serializer.decode(data, res.revision);
      orig = await this.#serializer.state(k, res.current);
      if (res.current === undefined && !ignoreNotFound) throw newKeyNotFoundError(k, 0);
      origIsCurrent = true;
    }
  }

  /** Deletes `key` with `If(ModRevision==rev) Then(Delete) Else(Get)`; returns the last state with the deletion revision. */
  async delete(key: string, opts: DeleteOptions<T> = {}): Promise<T> {
    const k = this.#key(key);
    const tolerate = opts.ignoreStoreReadError === true;
    const fresh = (): Promise<ObjState<T>> => this.#currentState(k, false, tolerate);
    let origIsCurrent = opts.cachedExistingObject === undefined;
    let orig = origIsCurrent ? await fresh() : this.#serializer.stateFromObject(opts.cachedExistingObject!);
    for (;;) {
      if (orig.readError === undefined) {
        try {
          checkPreconditions(k, opts.preconditions, orig.obj ?? { metadata: {} });
          if (orig.obj !== undefined) await opts.validateDeletion?.(deepCopy(orig.obj));
        } catch (err) {
          if (origIsCurrent) throw err;
          orig = await refreshAfterSuggestionFailure(err, orig, fresh);
          origIsCurrent = true;
          continue;
        }
      }
      const res = await this.#kv.optimisticDelete(k, orig.rev);
      if (res.succeeded) return this.#deletedObject(orig, res.revision, opts.cachedExistingObject);
      if (res.current === undefined) throw newKeyNotFoundError(k, 0);
      orig = await this.#serializer.state(k, res.current, tolerate);
      origIsCurrent = true;
    }
  }

  /**
   * The last state before deletion with RV = the deletion revision. When the stored value was unreadable
   * (`ignoreStoreReadError`), the caller's cached copy, else an object with only metadata (as the memory backend).
   */
  #deletedObject(orig: ObjState<T>, revision: string, cached: T | undefined): T {
    if (orig.data !== undefined) return this.#serializer.decode(orig.data, revision);
    if (cached === undefined) return this.#serializer.decode(emptyObject, revision);
    const copy = deepCopy(cached);
    setResourceVersion(copy, revision);
    return copy;
  }
}
