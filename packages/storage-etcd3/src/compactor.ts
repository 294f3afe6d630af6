/**
 * @module compactor — periodic etcd compaction coordinated through `compact_rev_key` (upstream
 * `etcd3/compact.go`): each tick CASes the key's Version; the winner compacts to the revision it saw
 * one interval earlier, so roughly one to two intervals of history stay readable.
 */
import type { EtcdClient } from './client.js';
import { interpretEtcdError, isCompactedError } from './etcd-errors.js';

/** The key all API servers sharing an etcd use to agree on compactions (no path prefix, as upstream). */
export const compactRevKey = 'compact_rev_key';

/** Options of the {@link Compactor}. */
export interface CompactorOptions {
  /** Interval between compactions in ms (`--etcd-compaction-interval`, default 5 min; 0 disables). */
  readonly intervalMs?: number;
  /** Receives errors of background ticks (default: ignored; the next tick tries again). */
  readonly onError?: (err: unknown) => void;
}

/** Result of one compaction round. */
export interface CompactResult {
  /** Whether this compactor won the CAS (and therefore compacted, if it had a revision to compact to). */
  readonly won: boolean;
  /** Revision compacted to, if any. */
  readonly compacted?: string;
}

/** Compacts etcd history on an interval; one per etcd cluster per process is enough. */
export class Compactor {
  readonly #client: EtcdClient;
  readonly #intervalMs: number;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #version = '0';
  #lastRevision = '0';
  #running: Promise<unknown> = Promise.resolve();

  /** Creates a stopped compactor; call `start()` to run it on its interval. */
  constructor(client: EtcdClient, options: CompactorOptions = {}) {
    this.#client = client;
    this.#intervalMs = options.intervalMs ?? 5 * 60_000;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** Starts the interval timer (no-op when the interval is 0 or it already runs); it does not hold the process open. */
  start(): void {
    if (this.#intervalMs <= 0 || this.#timer !== undefined) return;
    this.#timer = setInterval(() => {
      this.#running = this.compactOnce().catch(this.#onError);
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a running round. */
  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /**
   * One round: `If(Version(compact_rev_key) == v) Then(Put(compact_rev_key, lastRev)) Else(Get(...))`.
   * The winner compacts to the revision remembered from its previous round; everyone remembers the
   * revision of this round's transaction for the next one.
   */
  async compactOnce(): Promise<CompactResult> {
    const key = Buffer.from(compactRevKey);
    let res: Awaited<ReturnType<EtcdClient['kv']['txn']>>;
    try {
      res = await this.#client.kv.txn({
        compare: [{ key, target: 'Version', result: 'Equal', version: this.#version }],
        success: [{ request_put: { key, value: Buffer.from(this.#lastRevision) } }],
        failure: [{ request_range: { key, limit: 1 } }],
      });
    } catch (err) {
      throw interpretEtcdError(err, compactRevKey);
    }
    const previous = this.#lastRevision;
    this.#lastRevision = res.header.revision;
    if (!res.succeeded) {
      this.#version = res.responses[0]?.response_range?.kvs[0]?.version ?? '0';
      return { won: false };
    }
    this.#version = String(BigInt(this.#version) + 1n);
    if (previous === '0') return { won: true };
    await compactTo(this.#client, previous);
    return { won: true, compacted: previous };
  }
}

/** Compacts etcd history below `revision` (non-physical); an already compacted revision is fine. */
export async function compactTo(client: EtcdClient, revision: string): Promise<void> {
  try {
    await client.kv.compact({ revision, physical: false });
  } catch (err) {
    if (isCompactedError(err)) return;
    throw interpretEtcdError(err, compactRevKey);
  }
}
