/** @module client — an `etcd3` client configured the way a storage backend needs it. */
import { noop } from 'cockatiel';
import { type CallContext, Etcd3, type IOptions, KVClient, LeaseClient, MaintenanceClient, WatchClient } from 'etcd3';
import type { Endpoint } from './endpoint.js';
import { EndpointPool, type OpenedWatchStream } from './endpoint-pool.js';

/** Options of {@link newEtcd3Client}. */
export interface Etcd3ClientOptions {
  /** etcd client endpoints, `host:port` or URLs (`--etcd-servers`). */
  readonly hosts: string | readonly string[];
  /** Deadline of every unary call (range, txn, lease grant, compact), in ms (default 10 000). */
  readonly requestTimeoutMs?: number;
  /** How long to wait for a connection before a call fails, in ms (default 5 000). */
  readonly dialTimeoutMs?: number;
  /** TLS material and authentication, passed through to `etcd3`. */
  readonly credentials?: IOptions['credentials'];
  /** Username/password authentication, passed through to `etcd3`. */
  readonly auth?: IOptions['auth'];
}

/** Default per-call deadline of unary etcd calls. */
export const defaultRequestTimeoutMs = 10_000;

/** Per-call deadlines for unary calls; streams (watch) have none, they live until cancelled. */
export function callOptionsFor(requestTimeoutMs: number): (ctx: CallContext) => { deadline?: number } {
  return (ctx) => (ctx.isStream ? {} : { deadline: Date.now() + requestTimeoutMs });
}

/**
 * Creates an `etcd3` client with **no retries and no circuit breaker** (cockatiel `noop` policies): the
 * library's default retries `txn` on UNAVAILABLE/DEADLINE_EXCEEDED, which turns a committed create
 * into a false KeyExists or re-applies an update; failures must surface to the caller instead.
 */
export function newEtcd3Client(options: Etcd3ClientOptions): Etcd3 {
  const hosts = typeof options.hosts === 'string' ? options.hosts : [...options.hosts];
  const clientOptions: IOptions = {
    hosts,
    dialTimeout: options.dialTimeoutMs ?? 5_000,
    defaultCallOptions: callOptionsFor(options.requestTimeoutMs ?? defaultRequestTimeoutMs),
    faultHandling: { global: noop, host: () => noop },
    // As kube-apiserver's etcd client: detect a dead connection (and end its watches) within ~40 s.
    grpcOptions: { 'grpc.keepalive_time_ms': 30_000, 'grpc.keepalive_timeout_ms': 10_000 },
  };
  if (options.credentials !== undefined) clientOptions.credentials = options.credentials;
  if (options.auth !== undefined) clientOptions.auth = options.auth;
  return new Etcd3(clientOptions);
}

/**
 * What the storage needs from an etcd client: `etcd3`'s RPC clients. A plain `Etcd3` fits (one member, or the
 * library's own host selection); {@link EtcdClusterClient} adds failover and resumable watches.
 */
export interface EtcdClient {
  /** KV RPCs (range, txn, compact, …). */
  readonly kv: KVClient;
  /** Lease RPCs. */
  readonly leaseClient: LeaseClient;
  /** Watch streams. */
  readonly watchClient: WatchClient;
  /** Closes the connections. */
  close(): void;
}

/** Options of {@link EtcdClusterClient}. */
export interface EtcdClusterClientOptions extends Etcd3ClientOptions {
  /** Interval of the per-member health probe in ms (default 250). */
  readonly probeIntervalMs?: number;
  /** Deadline of one health probe in ms (default 1 000). */
  readonly probeTimeoutMs?: number;
  /** Receives one JSON line per member health change and per watch restart (default: stderr). */
  readonly log?: (line: string) => void;
}

/**
 * An etcd client over every member with failover (see `EndpointPool`): `etcd3`'s RPC clients (`kv`,
 * `leaseClient`, `maintenance`) routed by our pool, and raw watch streams that know their member.
 */
export class EtcdClusterClient implements EtcdClient {
  /** KV RPCs with failover. */
  readonly kv: KVClient;
  /** Lease RPCs with failover. */
  readonly leaseClient: LeaseClient;
  /** Maintenance RPCs (status, …) with failover. */
  readonly maintenance: MaintenanceClient;
  /** `etcd3`'s watch client on a healthy member (the storage uses `openWatchStream`). */
  readonly watchClient: WatchClient;
  /** The routing pool. */
  readonly pool: EndpointPool;
  /** Where health changes and watch restarts are logged. */
  readonly log: (line: string) => void;

  /** Creates the client; connections open lazily, health probes start at once. */
  constructor(options: EtcdClusterClientOptions) {
    const hosts = typeof options.hosts === 'string' ? [options.hosts] : [...options.hosts];
    const connection: EndpointConnectionOptions = {
      dialTimeout: options.dialTimeoutMs ?? 5_000,
      grpcOptions: { 'grpc.keepalive_time_ms': 30_000, 'grpc.keepalive_timeout_ms': 10_000 },
    };
    if (options.credentials !== undefined) connection.credentials = options.credentials;
    if (options.auth !== undefined) connection.auth = options.auth;
    this.log = options.log ?? ((line) => console.error(line));
    this.pool = new EndpointPool({
      hosts,
      requestTimeoutMs: options.requestTimeoutMs ?? defaultRequestTimeoutMs,
      connection,
      log: this.log,
      ...(options.probeIntervalMs !== undefined && { probeIntervalMs: options.probeIntervalMs }),
      ...(options.probeTimeoutMs !== undefined && { probeTimeoutMs: options.probeTimeoutMs }),
    });
    this.kv = new KVClient(this.pool);
    this.leaseClient = new LeaseClient(this.pool);
    this.maintenance = new MaintenanceClient(this.pool);
    this.watchClient = new WatchClient(this.pool);
  }

  /** Opens a raw watch stream on a healthy member, avoiding `avoid` when another is available. */
  openWatchStream(avoid?: Endpoint): Promise<OpenedWatchStream> {
    return this.pool.openWatchStream(avoid);
  }

  /** Calls `fn` when a member is marked unhealthy; returns the unsubscribe function. */
  onEndpointDown(fn: (ep: Endpoint) => void): () => void {
    return this.pool.onEndpointDown(fn);
  }

  /** Stops the probes and closes every connection. */
  close(): void {
    this.pool.close();
  }
}

type EndpointConnectionOptions = { -readonly [K in keyof Omit<IOptions, 'hosts' | 'faultHandling' | 'defaultCallOptions'>]: IOptions[K] };

/** Whether `client` is an {@link EtcdClusterClient} (failover, resumable watches). */
export function isClusterClient(client: EtcdClient): client is EtcdClusterClient {
  return client instanceof EtcdClusterClient;
}
