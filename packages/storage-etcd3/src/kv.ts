/**
 * @module kv — the five etcd requests the store needs (etcd's `client/v3/kubernetes` helper): Get, List,
 * Count, OptimisticPut and OptimisticDelete, each a single range or a single-compare transaction.
 */
import type { IKeyValue, IResponseOp } from 'etcd3';
import type { EtcdClient } from './client.js';
import { interpretEtcdError } from './etcd-errors.js';

/** Revision "0" compares as "the key does not exist" (etcd's ModRevision of a missing key). */
export const noRevision = '0';

/** The end of the key range holding every key that starts with `prefix` (last byte + 1). */
export function prefixRangeEnd(prefix: Buffer): Buffer {
  const end = Buffer.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    if (end[i]! < 0xff) {
      end[i]! += 1;
      return end.subarray(0, i + 1);
    }
  }
  return Buffer.from([0]); // every byte is 0xff: range to the end of the keyspace
}

/** A single key read at a revision. */
export interface GetResponse {
  /** The key-value, if the key exists at that revision. */
  readonly kv: IKeyValue | undefined;
  /** The revision the read was served at. */
  readonly revision: string;
}

/** One page of a range read. */
export interface ListResponse {
  /** Key-values in key order. */
  readonly kvs: readonly IKeyValue[];
  /** Keys from the start key to the range end (not limited). */
  readonly count: number;
  /** The revision the read was served at. */
  readonly revision: string;
}

/** The outcome of a compare-and-swap transaction. */
export interface TxnResult {
  /** Whether the compare held and the write happened. */
  readonly succeeded: boolean;
  /** Header revision: the write's revision on success. */
  readonly revision: string;
  /** On failure, the current key-value (undefined if the key is gone). */
  readonly current: IKeyValue | undefined;
}

/**
 * Receives the duration of every etcd request with upstream's operation name (`get`, `list`, `listWithCount`,
 * `create`, `update`, `delete`): what `etcd_request_duration_seconds` records.
 */
export type EtcdRequestObserver = (operation: string, seconds: number) => void;

function elseKv(responses: readonly IResponseOp[]): IKeyValue | undefined {
  return responses[0]?.response_range?.kvs[0];
}

/** The etcd requests of the store, on one shared client. */
export class KV {
  readonly #client: EtcdClient;
  readonly #observe: EtcdRequestObserver | undefined;

  /** Wraps a client (not owned: closing it is the caller's job); `observe` times every request. */
  constructor(client: EtcdClient, observe?: EtcdRequestObserver) {
    this.#client = client;
    this.#observe = observe;
  }

  async #call<T>(operation: string, key: string, fn: () => Promise<T>): Promise<T> {
    const started = this.#observe === undefined ? 0 : performance.now();
    try {
      return await fn();
    } catch (err) {
      throw interpretEtcdError(err, key);
    } finally {
      this.#observe?.(operation, (performance.now() - started) / 1e3);
    }
  }

  /** Reads one key at `revision` ("0" = latest, linearizable). */
  get(key: string, revision = noRevision): Promise<GetResponse> {
    return this.#call('get', key, async () => {
      const res = await this.#client.kv.range({ key: Buffer.from(key), limit: 1, revision });
      return { kv: res.kvs[0], revision: res.header.revision };
    });
  }

  /** Reads keys in `[start, end)` at `revision` with a `limit` (0 = all). */
  list(start: string, end: Buffer, revision: string, limit: number): Promise<ListResponse> {
    return this.#call('list', start, async () => {
      const res = await this.#client.kv.range({ key: Buffer.from(start), range_end: end, revision, limit });
      return { kvs: res.kvs, count: Number(res.count), revision: res.header.revision };
    });
  }

  /** Counts the keys under `prefix` (count-only range) and returns the read revision too. */
  count(prefix: string): Promise<{ count: number; revision: string }> {
    return this.#call('listWithCount', prefix, async () => {
      const key = Buffer.from(prefix);
      const res = await this.#client.kv.range({ key, range_end: prefixRangeEnd(key), count_only: true });
      return { count: Number(res.count), revision: res.header.revision };
    });
  }

  /** `If(ModRevision(key) == expected) Then(Put(key, value, lease)) [Else(Get(key))]`; "0" = must not exist. */
  optimisticPut(key: string, value: Uint8Array, expected: string, lease: string, getOnFailure: boolean): Promise<TxnResult> {
    const k = Buffer.from(key);
    return this.#call(expected === noRevision ? 'create' : 'update', key, async () => {
      const res = await this.#client.kv.txn({
        compare: [{ key: k, target: 'Mod', result: 'Equal', mod_revision: expected }],
        success: [{ request_put: { key: k, value: Buffer.from(value), lease } }],
        failure: getOnFailure ? [{ request_range: { key: k, limit: 1 } }] : [],
      });
      return { succeeded: res.succeeded, revision: res.header.revision, current: elseKv(res.responses) };
    });
  }

  /** `If(ModRevision(key) == expected) Then(Delete(key)) Else(Get(key))`. */
  optimisticDelete(key: string, expected: string): Promise<TxnResult> {
    const k = Buffer.from(key);
    return this.#call('delete', key, async () => {
      const res = await this.#client.kv.txn({
        compare: [{ key: k, target: 'Mod', result: 'Equal', mod_revision: expected }],
        success: [{ request_delete_range: { key: k } }],
        failure: [{ request_range: { key: k, limit: 1 } }],
      });
      return { succeeded: res.succeeded, revision: res.header.revision, current: elseKv(res.responses) };
    });
  }
}
