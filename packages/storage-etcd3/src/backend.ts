/**
 * @module backend — one etcd connection for a whole server (upstream `storagebackend/factory/etcd3.go`):
 * the client, the compactor, a lease manager shared by all resources, stores per resource, health.
 */
import type { Codec, MetricsRegistry, StorageObject, ValueTransformer, Versioner } from '@apiserver/storage';
import { defaultRequestTimeoutMs, EtcdClusterClient, type EtcdClusterClientOptions } from './client.js';
import { Compactor } from './compactor.js';
import { interpretEtcdError } from './etcd-errors.js';
import { LeaseManager } from './lease-manager.js';
import { rateLimitedCheck } from './rate-limited-check.js';
import { Etcd3Storage } from './store.js';

/** Options of {@link Etcd3Backend}: client settings plus kube-apiserver's etcd flags. */
export interface Etcd3BackendOptions extends EtcdClusterClientOptions {
  /** `--etcd-prefix` (default `/registry`). */
  readonly prefix?: string;
  /** `--etcd-compaction-interval` in ms (default 5 min; 0 disables compaction). */
  readonly compactionIntervalMs?: number;
  /** `--lease-reuse-duration-seconds` (default 60). */
  readonly leaseReuseDurationSeconds?: number;
  /** Deadline of a health probe in ms (default 2 000, upstream's `DefaultHealthcheckTimeout`). */
  readonly healthcheckTimeoutMs?: number;
  /** Receives compaction errors (default: ignored; the next round retries). */
  readonly onCompactionError?: (err: unknown) => void;
}

/** Per-resource settings of a store created by {@link Etcd3Backend.newStorage}. */
export interface Etcd3ResourceOptions<T extends StorageObject> {
  /** Object codec (default canonical JSON). */
  readonly codec?: Codec<T>;
  /** At-rest transformer (default identity). */
  readonly transformer?: ValueTransformer;
  /** Versioner (default the standard one). */
  readonly versioner?: Versioner;
  /** Where the store's `etcd_request_duration_seconds` goes; absent = not recorded. */
  readonly metrics?: MetricsRegistry;
  /** The `type` label of that metric: the stored resource, `resource[.group]`. */
  readonly groupResource?: string;
}

/** Owns one etcd client and the background work around it; hands out stores that share it. */
export class Etcd3Backend {
  /** The shared etcd client: failover over every member, per-call deadlines, resumable watches. */
  readonly client: EtcdClusterClient;
  /** The `--etcd-prefix` as given (stores normalise it to `/registry/`). */
  readonly prefix: string;
  readonly #compactor: Compactor;
  readonly #leases: LeaseManager;
  readonly #healthTimeoutMs: number;
  readonly #requestTimeoutMs: number;

  /** Connects (lazily) and starts the compactor. */
  constructor(options: Etcd3BackendOptions) {
    this.client = new EtcdClusterClient(options);
    this.prefix = options.prefix ?? '/registry';
    const leaseConfig = options.leaseReuseDurationSeconds === undefined ? {} : { reuseDurationSeconds: options.leaseReuseDurationSeconds };
    this.#leases = new LeaseManager(this.client, leaseConfig);
    this.#healthTimeoutMs = options.healthcheckTimeoutMs ?? 2_000;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? defaultRequestTimeoutMs;
    const compactorOptions = options.onCompactionError === undefined ? {} : { onError: options.onCompactionError };
    this.#compactor = new Compactor(this.client, { intervalMs: options.compactionIntervalMs ?? 5 * 60_000, ...compactorOptions });
    this.#compactor.start();
  }

  /** A store for one resource under the backend's prefix (keys like `/pods/ns/name`). */
  newStorage<T extends StorageObject = StorageObject>(options: Etcd3ResourceOptions<T> = {}): Etcd3Storage<T> {
    return new Etcd3Storage<T>({
      ...options,
      client: this.client,
      pathPrefix: this.prefix,
      leaseManager: this.#leases,
      watchCreateTimeoutMs: this.#requestTimeoutMs,
    });
  }

  /**
   * The `/readyz` etcd check: a linearizable read of `<prefix>/health` sent to every member; green when a majority
   * answers within the health timeout (etcd answers linearizable reads only with a quorum), else rejects with
   * Unreachable naming how many answered. One slow or stopped member does not turn it red; a lost quorum does.
   */
  async healthCheck(): Promise<void> {
    const key = `${this.prefix.replace(/\/+$/, '')}/health`;
    try {
      await this.client.pool.quorumRead(Buffer.from(key), this.#healthTimeoutMs);
    } catch (err) {
      throw interpretEtcdError(err, key);
    }
  }

  /**
   * The `/readyz` (or `/healthz`) etcd check as kube-apiserver registers it: {@link Etcd3Backend.healthCheck} at
   * most once per half the health timeout (once a second by default); checks in between answer with the last
   * probe's outcome (see `rateLimitedCheck`). Each call makes a new check with its own limit.
   */
  newRateLimitedHealthCheck(): () => Promise<void> {
    return rateLimitedCheck(() => this.healthCheck(), { intervalMs: this.#healthTimeoutMs / 2 });
  }

  /** Stops the compactor and closes the client (open watches end with an ERROR event). */
  async close(): Promise<void> {
    await this.#compactor.stop();
    this.client.close();
  }
}
