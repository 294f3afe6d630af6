/**
 * @module watcher — `Watch` on etcd's raw watch stream (upstream `etcd3/watcher.go`). One gRPC stream per
 * watch, no automatic resume: etcd's cancel with `compact_revision` becomes a 410 ERROR event and a
 * broken stream ends the watch with an ERROR event, so callers (the cacher's reflector) re-list.
 */
import {
  convertToWatchEvent,
  errorEvent,
  expiredWatchMessage,
  InternalError,
  isPredicateEmpty,
  type ListOptions,
  newBookmarkObject,
  newResourceExpiredError,
  newTooLargeResourceVersionError,
  newUnreachableError,
  predicateMatches,
  type StorageObject,
  type Versioner,
  type Watch,
  type WatchEvent,
  WatchQueue,
} from '@apiserver/storage';
import type { IEvent, IWatchResponse } from 'etcd3';
import { type EtcdClient, isClusterClient } from './client.js';
import type { Endpoint } from './endpoint.js';
import { interpretEtcdError } from './etcd-errors.js';
import { type KV, prefixRangeEnd } from './kv.js';
import { StreamGate } from './stream-gate.js';
import type { ObjectSerializer } from './state.js';

/** Page size of the initial-events list (upstream's 10 000). */
const initialListPageSize = 10_000;

/** The write side of an open raw watch stream (used to request progress notifications). */
export interface ProgressTarget {
  /** Sends a `progress_request` on the stream. */
  requestProgress(): void;
}

/** What a watch needs from the store. */
export interface WatchContext<T extends StorageObject> {
  readonly client: EtcdClient;
  readonly kv: KV;
  readonly serializer: ObjectSerializer<T>;
  readonly versioner: Versioner;
  /** Open progress-notify watches; `requestWatchProgress()` writes to each. */
  readonly progressTargets: Set<ProgressTarget>;
  /** Longest wait for etcd to acknowledge a new watch, in ms (the stream itself has no deadline). */
  readonly createTimeoutMs: number;
}

type RawStream = Awaited<ReturnType<EtcdClient['watchClient']['watch']>>;

/** gRPC codes of a stream broken by its member (CANCELLED not by us, DEADLINE_EXCEEDED, INTERNAL, UNAVAILABLE). */
const memberFailureCodes: ReadonlySet<number> = new Set([1, 4, 13, 14]);

/** Whether a stream error is the member's failure (resume elsewhere) rather than etcd refusing the watch. */
function isMemberFailure(err: unknown): boolean {
  if (err instanceof InternalError) return true;
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  return typeof code === 'number' && memberFailureCodes.has(code);
}

/** Opens a raw stream: on a healthy member with a cluster client, else through `etcd3`'s watch client. */
async function openRawStream(client: EtcdClient, avoid: Endpoint | undefined): Promise<{ stream: RawStream; endpoint?: Endpoint }> {
  if (isClusterClient(client)) return client.openWatchStream(avoid);
  return { stream: await client.watchClient.watch() };
}

/** Pause between attempts to resume a broken watch on another member. */
const resumeBackoffMs = 200;

function increment(revision: string): string {
  return String(BigInt(revision) + 1n);
}

/** One running watch: initial events (if any), then the raw etcd stream, feeding a WatchQueue. */
class EtcdWatch<T extends StorageObject> {
  readonly queue: WatchQueue<T>;
  /** What the caller gets: the queue, plus resuming a paused stream as the consumer catches up. */
  readonly watch: Watch<T>;
  readonly #gate: StreamGate;
  readonly #ctx: WatchContext<T>;
  readonly #key: string;
  readonly #recursive: boolean;
  readonly #opts: ListOptions<T>;
  #stream: RawStream | undefined;
  /** The member of the current stream (cluster clients only: only those watches resume). */
  #endpoint: Endpoint | undefined;
  /** Every event up to this revision has been delivered; a resumed stream starts after it. */
  #lastRevision = '0';
  #resuming = false;
  /** Whether etcd acknowledged a stream once (before that, a failure rejects `watch()` instead of resuming). */
  #established = false;
  #unsubscribeDown: (() => void) | undefined;
  #stopped = false;
  #chain: Promise<void> = Promise.resolve();
  readonly #target: ProgressTarget = { requestProgress: () => this.#write({ progress_request: {} }) };
  readonly #onAbort = (): void => this.queue.stop();

  constructor(ctx: WatchContext<T>, key: string, recursive: boolean, opts: ListOptions<T>) {
    this.#ctx = ctx;
    this.#key = key;
    this.#recursive = recursive;
    this.#opts = opts;
    this.queue = new WatchQueue<T>({ onStop: () => this.#stop() });
    this.#gate = new StreamGate(this.queue);
    this.watch = this.#gate.wrap(this.queue);
  }

  /** Stops the watch when the caller's signal aborts; the listener goes when the watch ends either way. */
  listenForAbort(): void {
    this.#opts.signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  #push(event: WatchEvent<T>): void {
    this.queue.push(event);
    this.#gate.afterPush();
  }

  #matches = (obj: T): boolean => predicateMatches(this.#opts.predicate, obj);

  #stop(): void {
    this.#stopped = true;
    this.#unsubscribeDown?.();
    this.#opts.signal?.removeEventListener('abort', this.#onAbort);
    this.#ctx.progressTargets.delete(this.#target);
    this.#stream?.cancel();
  }

  /** Ends the watch with an ERROR event (unless the consumer already stopped it). */
  #fail(err: unknown): void {
    if (this.#stopped) return;
    this.queue.push(errorEvent(interpretEtcdError(err, this.#key)));
    this.queue.close();
    this.#stop();
  }

  #write(req: Parameters<RawStream['write']>[0]): void {
    try {
      this.#stream?.write(req);
    } catch {
      // the stream is already gone; its 'error'/'end' handler ends the watch
    }
  }

  /**
   * Starts the watch before `watch()` resolves: the initial state is listed and the etcd watch is
   * created (etcd acknowledged it), so writes made after `watch()` resolves are never missed and a
   * progress request right away is answered. Failures here reject `watch()`.
   */
  async start(rv: number): Promise<void> {
    this.#lastRevision = await this.#initialEvents(rv);
    if (this.#stopped) return;
    const client = this.#ctx.client;
    if (isClusterClient(client)) {
      this.#unsubscribeDown = client.onEndpointDown((ep) => {
        if (ep === this.#endpoint) void this.#resume(`etcd member ${ep.host} marked unhealthy`);
      });
    }
    await this.#openStream(undefined);
  }

  /** The stream broke: resume on another member when we can, else end the watch with an ERROR. */
  #broken(stream: RawStream, err: unknown): void {
    if (stream !== this.#stream || (!this.#established && !this.#resuming)) return;
    if (this.#endpoint === undefined || !isMemberFailure(err)) {
      this.#fail(err);
      return;
    }
    void this.#resume(err instanceof Error ? err.message : String(err));
  }

  /**
   * Re-establishes the watch on another member from the last delivered revision (no gap, no duplicate): the old
   * stream is dropped first, the events it already delivered are processed, then a new stream starts after them.
   * Logged once per resume; gives up (ERROR event, the cacher relists) after `createTimeoutMs`.
   */
  async #resume(reason: string): Promise<void> {
    if (this.#stopped || this.#resuming) return;
    this.#resuming = true;
    const old = this.#stream;
    const from = this.#endpoint;
    this.#stream = undefined;
    old?.cancel();
    const giveUpAt = Date.now() + this.#ctx.createTimeoutMs;
    try {
      await this.#chain;
      for (let attempt = 1; !this.#stopped; attempt++) {
        try {
          await this.#openStream(from);
          this.#logResume(reason, from, attempt);
          return;
        } catch (err) {
          if (Date.now() >= giveUpAt) throw err;
          await new Promise((r) => setTimeout(r, resumeBackoffMs));
        }
      }
    } catch (err) {
      this.#fail(err);
    } finally {
      this.#resuming = false;
    }
  }

  #logResume(reason: string, from: Endpoint | undefined, attempts: number): void {
    const client = this.#ctx.client;
    if (!isClusterClient(client)) return;
    client.log(
      JSON.stringify({
        msg: 'etcd watch restarted',
        key: this.#key,
        reason,
        from: from?.host,
        to: this.#endpoint?.host,
        startRevision: increment(this.#lastRevision),
        attempts,
      }),
    );
  }

  /** Emits initial events when required and returns the revision the live stream continues after. */
  async #initialEvents(rv: number): Promise<string> {
    const send = this.#opts.sendInitialEvents;
    // The request's RV string was validated by parseResourceVersion; keep it exact (no float round trip).
    const requested = rv > 0 ? String(BigInt(this.#opts.resourceVersion ?? '0')) : '0';
    if (send === true && rv > 0) {
      const current = (await this.#ctx.kv.get(this.#key)).revision;
      if (BigInt(requested) > BigInt(current)) throw newTooLargeResourceVersionError(requested, Number(current), 1);
    }
    if (rv > 0 && send !== true) return requested;
    if (send === false) return (await this.#ctx.kv.get(this.#key)).revision;
    const initialRev = await this.#sync();
    if (send === true && this.#opts.predicate?.allowWatchBookmarks === true) {
      this.queue.push({ type: 'BOOKMARK', object: newBookmarkObject(Number(initialRev), true) });
    }
    return initialRev;
  }

  /** Lists the current state (paged, one snapshot revision) as ADDED events; returns that revision. */
  async #sync(): Promise<string> {
    if (!this.#recursive) {
      const res = await this.#ctx.kv.get(this.#key);
      if (res.kv !== undefined) this.#emit({ type: 'ADDED', object: await this.#ctx.serializer.decodeKv(res.kv) });
      return res.revision;
    }
    const end = prefixRangeEnd(Buffer.from(this.#key));
    let start = this.#key;
    let revision = '0';
    for (;;) {
      const page = await this.#ctx.kv.list(start, end, revision, initialListPageSize);
      revision = page.revision;
      for (const kv of page.kvs) {
        this.#emit({ type: 'ADDED', object: await this.#ctx.serializer.decodeKv(kv) });
      }
      const last = page.kvs.at(-1);
      if (last === undefined || page.kvs.length >= page.count) return revision;
      start = `${last.key.toString()}\x00`;
    }
  }

  #emit(event: { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: T }): void {
    const converted = convertToWatchEvent(event.type, event.object, undefined, this.#matches);
    if (converted !== undefined) this.#push(converted);
  }

  async #openStream(avoid: Endpoint | undefined): Promise<void> {
    const startRevision = increment(this.#lastRevision);
    const { stream, endpoint } = await openRawStream(this.#ctx.client, avoid);
    this.#stream = stream;
    this.#endpoint = endpoint;
    this.#gate.attach(stream);
    if (this.#stopped) {
      stream.cancel();
      return;
    }
    let created: (err?: unknown) => void = () => undefined;
    const acknowledged = new Promise<void>((resolve, reject) => {
      created = (err) => (err === undefined ? resolve() : reject(err));
    });
    stream.on('data', (res) => {
      if (stream !== this.#stream) return;
      if (res.created || res.canceled) created();
      this.#chain = this.#chain.then(() => this.#handle(res)).catch((err: unknown) => this.#fail(err));
    });
    stream.on('error', (err) => {
      created(err);
      this.#broken(stream, err);
    });
    stream.on('end', () => {
      const ended = new InternalError('etcd watch stream ended');
      created(ended);
      this.#broken(stream, ended);
    });
    const key = Buffer.from(this.#key);
    this.#write({
      create_request: {
        key,
        ...(this.#recursive ? { range_end: prefixRangeEnd(key) } : {}),
        start_revision: startRevision,
        prev_kv: true,
        progress_notify: this.#opts.progressNotify === true,
      },
    });
    if (this.#opts.progressNotify === true) this.#ctx.progressTargets.add(this.#target);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(newUnreachableError(this.#key, 0, new Error(`etcd did not acknowledge the watch within ${this.#ctx.createTimeoutMs} ms`))),
        this.#ctx.createTimeoutMs,
      );
    });
    try {
      await Promise.race([acknowledged, timedOut]);
      this.#established = true;
    } catch (err) {
      // A stream that never got going is dropped here, so a later attempt starts clean.
      stream.cancel();
      if (this.#stream === stream) this.#stream = undefined;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async #handle(res: IWatchResponse): Promise<void> {
    if (this.#stopped) return;
    if (res.canceled) {
      // etcd cancels a watch whose start revision was compacted and says so only in compact_revision.
      if (res.compact_revision !== '0' && res.compact_revision !== '') {
        throw newResourceExpiredError(expiredWatchMessage);
      }
      throw new InternalError(`etcd canceled the watch: ${res.cancel_reason}`);
    }
    if (res.events.length === 0) {
      if (!res.created) this.#push({ type: 'BOOKMARK', object: newBookmarkObject(Number(res.header.revision)) });
      return;
    }
    for (const event of res.events) await this.#handleEvent(event);
    this.#lastRevision = res.events.at(-1)?.kv.mod_revision ?? this.#lastRevision;
  }

  async #handleEvent(e: IEvent): Promise<void> {
    const rev = e.kv.mod_revision;
    const created = e.type === 'Put' && e.kv.create_revision === e.kv.mod_revision;
    if (!created && (e.prev_kv === null || e.prev_kv === undefined)) {
      throw new InternalError(
        `etcd event received with PrevKv=nil (key=${JSON.stringify(e.kv.key.toString())}, modRevision=${rev}, type=${e.type})`,
      );
    }
    const decode = async (kv: IEvent['kv']): Promise<T> => this.#ctx.serializer.decodeKv(kv, rev);
    let out: ReturnType<typeof convertToWatchEvent<T>>;
    if (e.type === 'Delete') {
      out = convertToWatchEvent('DELETED', undefined, await decode(e.prev_kv), this.#matches);
    } else if (created) {
      out = convertToWatchEvent('ADDED', await decode(e.kv), undefined, this.#matches);
    } else {
      const cur = await decode(e.kv);
      // Only a selective predicate needs the previous object (to turn the change into ADDED/DELETED).
      out = isPredicateEmpty(this.#opts.predicate)
        ? { type: 'MODIFIED', object: cur }
        : convertToWatchEvent('MODIFIED', cur, await decode(e.prev_kv), this.#matches);
    }
    if (out !== undefined) this.#push(out);
  }
}

/** Starts a watch on a prepared key (recursive keys end in `/`); bad resource versions reject at once. */
export async function startWatch<T extends StorageObject>(
  ctx: WatchContext<T>,
  key: string,
  opts: ListOptions<T>,
): Promise<Watch<T>> {
  const rv = ctx.versioner.parseResourceVersion(opts.resourceVersion);
  const watch = new EtcdWatch(ctx, key, opts.recursive === true, opts);
  const signal = opts.signal;
  // A function, not a property read: TypeScript would keep the narrowing across the await below.
  const aborted = (): boolean => signal?.aborted === true;
  if (aborted()) {
    watch.queue.stop();
    return watch.watch;
  }
  watch.listenForAbort();
  try {
    await watch.start(rv);
  } catch (err) {
    if (aborted()) return watch.watch;
    watch.queue.stop();
    throw interpretEtcdError(err, key);
  }
  return watch.watch;
}
