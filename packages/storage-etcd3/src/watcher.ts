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
import type { Etcd3, IEvent, IWatchResponse } from 'etcd3';
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
  readonly client: Etcd3;
  readonly kv: KV;
  readonly serializer: ObjectSerializer<T>;
  readonly versioner: Versioner;
  /** Open progress-notify watches; `requestWatchProgress()` writes to each. */
  readonly progressTargets: Set<ProgressTarget>;
  /** Longest wait for etcd to acknowledge a new watch, in ms (the stream itself has no deadline). */
  readonly createTimeoutMs: number;
}

type RawStream = Awaited<ReturnType<Etcd3['watchClient']['watch']>>;

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
    const startAfter = await this.#initialEvents(rv);
    if (this.#stopped) return;
    await this.#openStream(increment(startAfter));
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

  async #openStream(startRevision: string): Promise<void> {
    const stream = await this.#ctx.client.watchClient.watch();
    this.#stream = stream;
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
      if (res.created || res.canceled) created();
      this.#chain = this.#chain.then(() => this.#handle(res)).catch((err: unknown) => this.#fail(err));
    });
    stream.on('error', (err) => {
      created(err);
      this.#fail(err);
    });
    stream.on('end', () => this.#fail(new InternalError('etcd watch stream ended')));
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
