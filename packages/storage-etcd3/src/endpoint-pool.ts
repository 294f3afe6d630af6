/**
 * @module endpoint-pool — endpoint failover for a multi-member etcd (what etcd's Go client does, and what
 * `etcd3`'s `ConnectionPool` gets wrong for a storage backend): calls go round-robin to healthy members; a member
 * is marked unhealthy on connection errors or a failed health probe and tried again with backoff; reads move to
 * another member on any connectivity error, writes only when the call provably never left (connection refused);
 * while the known leader is down, writes wait (bounded by their deadline) for the new one instead of being
 * proposed to followers that would drop them and time out after ~7 s. Writes go to the member last reported as
 * leader while it is healthy (etcd's Go client spreads them round-robin): a follower forwards every write to the
 * leader anyway, and a write sent to a follower that then stops (SIGSTOP, a frozen VM) cannot be resent — it may
 * still be applied when the member resumes — so with round-robin every writer ends up waiting on the stopped
 * member within the second its probe needs to notice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type * as grpc from '@grpc/grpc-js';
import type { IDuplexStream, IOptions, IStatusResponse, IWatchRequest, IWatchResponse, Services } from 'etcd3';
import { Endpoint } from './endpoint.js';
import { isMemberDownError, isNotSentError, isUnreachableEtcdError } from './etcd-errors.js';

/** Settings of an {@link EndpointPool}. */
export interface EndpointPoolOptions {
  /** Member endpoints, `host:port` or URLs. */
  readonly hosts: readonly string[];
  /** Deadline of a unary call across all its attempts, in ms. */
  readonly requestTimeoutMs: number;
  /** Interval of the per-member health probe (`Maintenance.Status`), in ms (default 250). */
  readonly probeIntervalMs?: number;
  /** Deadline of one probe, in ms (default 1 000): a member that does not answer in time is unhealthy. */
  readonly probeTimeoutMs?: number;
  /** Channel, TLS and auth settings passed to `etcd3`'s per-host pools. */
  readonly connection: Omit<IOptions, 'hosts' | 'faultHandling' | 'defaultCallOptions'>;
  /** Receives one JSON line per member health change. */
  readonly log: (line: string) => void;
}

/** A raw etcd watch stream and the member it runs on. */
export interface OpenedWatchStream {
  readonly stream: IDuplexStream<IWatchRequest, IWatchResponse>;
  readonly endpoint: Endpoint;
}

type ServiceName = keyof typeof Services;

/** Calls that never change etcd and can be sent again anywhere. */
const readCalls: ReadonlySet<string> = new Set(['KV.range', 'Maintenance.status', 'Lease.leaseTimeToLive', 'Lease.leaseLeases']);

/**
 * Thrown into a read whose member was marked unhealthy while it waited and another member is up (the read moves
 * there). If no attempt is left it surfaces as what it is, etcd being unreachable (gRPC UNAVAILABLE, 14).
 */
class EndpointDownError extends Error {
  readonly code = 14;
}

/** Routes `etcd3` RPC clients' calls over several members (an `ICallable` for `KVClient`, `LeaseClient`, …). */
export class EndpointPool {
  /** The members, in configuration order. */
  readonly endpoints: readonly Endpoint[];
  /** `etcd3`'s call-options hook: our deadlines are set per call, so none. */
  readonly callOptionsFactory = undefined;
  readonly #o: EndpointPoolOptions;
  readonly #downListeners = new Set<(ep: Endpoint) => void>();
  readonly #memberIds = new Map<Endpoint, string>();
  readonly #probing = new Set<Endpoint>();
  readonly #timer: NodeJS.Timeout;
  #leaderId = '';
  #next = 0;
  #closed = false;

  /** Creates the members' pools (connections are lazy) and starts probing. */
  constructor(options: EndpointPoolOptions) {
    this.#o = options;
    this.endpoints = options.hosts.map((h) => new Endpoint(h, options.connection));
    if (this.endpoints.length === 0) throw new Error('etcd client needs at least one endpoint');
    this.#timer = setInterval(() => this.#probeAll(), options.probeIntervalMs ?? 250).unref();
    this.#probeAll();
  }

  /** Calls `fn` whenever a member is marked unhealthy; returns the unsubscribe function. */
  onEndpointDown(fn: (ep: Endpoint) => void): () => void {
    this.#downListeners.add(fn);
    return () => {
      this.#downListeners.delete(fn);
    };
  }

  /** `ICallable.exec`: one unary call with failover (see the module comment for what is resent). */
  async exec<T>(service: ServiceName, method: string, payload: unknown, options?: grpc.CallOptions): Promise<T> {
    const deadline = typeof options?.deadline === 'number' ? options.deadline : Date.now() + this.#o.requestTimeoutMs;
    const read = readCalls.has(`${service}.${method}`);
    if (!read) await this.#awaitLeader(deadline);
    const tried = new Set<Endpoint>();
    for (;;) {
      const ep = (read ? undefined : this.#healthyLeader(tried)) ?? this.#pick(tried);
      tried.add(ep);
      try {
        const call = ep.unary.exec<T>(service, method, payload, { ...options, deadline });
        const res = read ? await this.#unlessDown(ep, call) : await call;
        this.#markHealthy(ep);
        return res;
      } catch (err) {
        if (isMemberDownError(err)) this.#markUnhealthy(ep, err);
        const resend = err instanceof EndpointDownError || isNotSentError(err) || (read && isUnreachableEtcdError(err));
        if (!resend || Date.now() >= deadline) throw err;
        if (tried.size >= this.endpoints.length) {
          // Every member was tried: only reads go round again, and only while some member is healthy.
          if (!read || !this.#anyAvailable()) throw err;
          tried.clear();
          await sleep(Math.min(100, Math.max(0, deadline - Date.now())));
        }
      }
    }
  }

  /** `ICallable.withConnection`: runs `fn` with a healthy member's gRPC client (streams: see `openWatchStream`). */
  withConnection<R>(
    service: ServiceName,
    fn: (args: { resource: Endpoint; client: grpc.Client; metadata: grpc.Metadata }) => Promise<R> | R,
  ): Promise<R> {
    const ep = this.#pick(new Set());
    return ep.streams.withConnection(service, (args) => fn({ ...args, resource: ep }));
  }

  /** `ICallable.markFailed`: a stream failed on `resource`. */
  markFailed(resource: Endpoint, error: Error): void {
    if (isMemberDownError(error)) this.#markUnhealthy(resource, error);
  }

  /** Opens a raw watch stream on a healthy member, avoiding `avoid` when another is available. */
  async openWatchStream(avoid?: Endpoint): Promise<OpenedWatchStream> {
    const ep = this.#pick(avoid === undefined ? new Set() : new Set([avoid]));
    const stream = await ep.streams.withConnection('Watch', ({ client, metadata }) => {
      const watch = (client as unknown as { watch(m: grpc.Metadata, o: grpc.CallOptions): IDuplexStream<IWatchRequest, IWatchResponse> }).watch;
      return watch.call(client, metadata, {});
    });
    return { stream, endpoint: ep };
  }

  /**
   * Sends a linearizable read of `key` to every member with a `timeoutMs` deadline; resolves as soon as a
   * majority answered, rejects once a majority cannot answer any more (etcd answers linearizable reads only
   * with a quorum, so one stopped member neither delays nor fails the check).
   */
  quorumRead(key: Buffer, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const n = this.endpoints.length;
    const majority = Math.floor(n / 2) + 1;
    return new Promise((resolve, reject) => {
      let ok = 0;
      let failed = 0;
      for (const ep of this.endpoints) {
        ep.unary.exec('KV', 'range', { key, limit: 1 }, { deadline }).then(
          () => {
            if (++ok === majority) resolve();
          },
          (err: unknown) => {
            if (++failed !== n - majority + 1) return;
            const message = `fewer than ${majority} of ${n} etcd members answered a linearizable read within ${timeoutMs} ms`;
            reject(err instanceof Error ? Object.assign(err, { message: `${message}: ${err.message}` }) : new Error(message));
          },
        );
      }
    });
  }

  /** Stops probing and closes every member's connections. */
  close(): void {
    this.#closed = true;
    clearInterval(this.#timer);
    for (const ep of this.endpoints) ep.close();
  }

  /** Round-robin over healthy members not yet tried; else the untried one whose backoff ends first. */
  #pick(tried: ReadonlySet<Endpoint>): Endpoint {
    const n = this.endpoints.length;
    for (let i = 0; i < n; i++) {
      const ep = this.endpoints[(this.#next + i) % n]!;
      if (!tried.has(ep) && ep.healthy) {
        this.#next = (this.#next + i + 1) % n;
        return ep;
      }
    }
    const untried = this.endpoints.filter((ep) => !tried.has(ep));
    const pool = untried.length > 0 ? untried : this.endpoints;
    return pool.reduce((a, b) => (b.retryAt < a.retryAt ? b : a));
  }

  /**
   * A read that gives up on its member as soon as that member is marked unhealthy while another member is healthy
   * (it is resent there). With no other member up it waits for its own answer: a member that is only slow (its
   * probe timed out under load) still answers, and there is nowhere else to go.
   */
  #unlessDown<T>(ep: Endpoint, call: Promise<T>): Promise<T> {
    let unsubscribe = (): void => undefined;
    const down = new Promise<never>((_, reject) => {
      unsubscribe = this.onEndpointDown((d) => {
        if (d === ep && this.#anyAvailable()) reject(new EndpointDownError(`etcd member ${ep.host} became unhealthy`));
      });
    });
    call.catch(() => undefined);
    return Promise.race([call, down]).finally(unsubscribe);
  }

  /** The member last reported as leader, when it is known, healthy and not in `tried`. */
  #healthyLeader(tried: ReadonlySet<Endpoint>): Endpoint | undefined {
    if (this.#leaderId === '') return undefined;
    for (const [ep, id] of this.#memberIds) if (id === this.#leaderId && ep.healthy && !tried.has(ep)) return ep;
    return undefined;
  }

  /** Whether the member last reported as leader is known and marked unhealthy (an election is under way). */
  #leaderDown(): boolean {
    if (this.#leaderId === '') return false;
    for (const [ep, id] of this.#memberIds) if (id === this.#leaderId) return ep.unhealthy;
    return false;
  }

  #anyAvailable(): boolean {
    return this.endpoints.some((ep) => ep.healthy);
  }

  /** Holds a write while the leader is down and another member is up to elect a new one (bounded by `deadline`). */
  async #awaitLeader(deadline: number): Promise<void> {
    while (this.#leaderDown() && this.#anyAvailable() && Date.now() < deadline - 25 && !this.#closed) await sleep(25);
  }

  #probeAll(): void {
    const now = Date.now();
    for (const ep of this.endpoints) {
      if (this.#probing.has(ep) || !ep.probeDue(now)) continue;
      this.#probing.add(ep);
      void this.#probe(ep).finally(() => this.#probing.delete(ep));
    }
  }

  async #probe(ep: Endpoint): Promise<void> {
    try {
      const deadline = Date.now() + (this.#o.probeTimeoutMs ?? 1_000);
      const status = await ep.unary.exec<IStatusResponse>('Maintenance', 'status', {}, { deadline });
      if (this.#closed) return;
      this.#memberIds.set(ep, status.header.member_id);
      if (status.leader !== '0' && status.leader !== '') this.#leaderId = status.leader;
      this.#markHealthy(ep);
    } catch (err) {
      if (!this.#closed) this.#markUnhealthy(ep, err);
    }
  }

  #markHealthy(ep: Endpoint): void {
    if (!ep.markHealthy()) return;
    this.#o.log(JSON.stringify({ msg: 'etcd member healthy', endpoint: ep.host }));
  }

  #markUnhealthy(ep: Endpoint, err: unknown): void {
    if (this.#closed || !ep.markUnhealthy(Date.now())) return;
    const reason = err instanceof Error ? err.message : String(err);
    this.#o.log(JSON.stringify({ msg: 'etcd member unhealthy', endpoint: ep.host, reason }));
    for (const fn of this.#downListeners) fn(ep);
  }
}
