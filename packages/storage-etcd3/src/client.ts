/** @module client — an `etcd3` client configured the way a storage backend needs it. */
import { noop } from 'cockatiel';
import { type CallContext, Etcd3, type IOptions } from 'etcd3';

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
