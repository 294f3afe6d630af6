/**
 * @module state — turning etcd key-values into objects (transformer, then codec, then resource version)
 * and objects into the bytes to store.
 */
import {
  type Codec,
  deepCopy,
  newInternalError,
  type StorageObject,
  type ValueTransformer,
  type Versioner,
} from '@apiserver/storage';
import type { IKeyValue } from 'etcd3';

/** Sets `metadata.resourceVersion` from an etcd revision string ("0" removes it, as the versioner does). */
export function setResourceVersion(obj: StorageObject, revision: string): void {
  if (revision === '0') delete obj.metadata.resourceVersion;
  else obj.metadata.resourceVersion = revision;
}

/** A key's state as read from etcd (or trusted from a cached object). */
export interface ObjState<T extends StorageObject> {
  /** The decoded object (RV = ModRevision); undefined when the key is missing or could not be decoded. */
  readonly obj: T | undefined;
  /** Plain (untransformed) encoded bytes; undefined when the key is missing or unreadable. */
  readonly data: Uint8Array | undefined;
  /** ModRevision ("0" = the key does not exist). */
  readonly rev: string;
  /** The transformer asked for the value to be rewritten. */
  readonly stale: boolean;
  /** Why the stored value could not be read, when it could not. */
  readonly readError?: unknown;
}

/** Encodes and decodes objects for one store: codec for bytes, transformer for at-rest form. */
export class ObjectSerializer<T extends StorageObject> {
  readonly #codec: Codec<T>;
  readonly #transformer: ValueTransformer;
  readonly #versioner: Versioner;

  /** Creates a serializer from the store's codec, transformer and versioner. */
  constructor(codec: Codec<T>, transformer: ValueTransformer, versioner: Versioner) {
    this.#codec = codec;
    this.#transformer = transformer;
    this.#versioner = versioner;
  }

  /** Decodes plain bytes and stamps `revision` as the resource version. */
  decode(data: Uint8Array, revision: string): T {
    const obj = this.#codec.decode(data);
    setResourceVersion(obj, revision);
    return obj;
  }

  /** Encodes a copy of `obj` without the never-persisted fields (resourceVersion, selfLink). */
  encode(obj: T): Uint8Array {
    const copy = deepCopy(obj);
    this.#versioner.prepareObjectForStorage(copy);
    return this.#codec.encode(copy);
  }

  /** Transforms plain bytes into their stored form; failures are InternalErrors. */
  async toStorage(data: Uint8Array, key: string): Promise<Uint8Array> {
    try {
      return await this.#transformer.transformToStorage(data, { key });
    } catch (err) {
      throw newInternalError(err);
    }
  }

  /** Transforms stored bytes back; failures are InternalErrors naming the key. */
  async fromStorage(value: Uint8Array, key: string): Promise<{ data: Uint8Array; stale: boolean }> {
    try {
      return await this.#transformer.transformFromStorage(value, { key });
    } catch (err) {
      throw readError(key, err);
    }
  }

  /**
   * Reads one key-value into an object whose resource version is `revision` (default: its ModRevision).
   * Synchronous when the transformer is (the identity transformer is), so a list of N items does not
   * pay N promise round trips; a Promise only when the transformer returns one.
   */
  decodeKv(kv: IKeyValue, revision = kv.mod_revision): T | Promise<T> {
    const key = kv.key.toString();
    let result: ReturnType<ValueTransformer['transformFromStorage']>;
    try {
      result = this.#transformer.transformFromStorage(kv.value, { key });
    } catch (err) {
      throw readError(key, err);
    }
    if (result instanceof Promise) {
      return result.then(
        ({ data }) => this.decode(data, revision),
        (err: unknown) => {
          throw readError(key, err);
        },
      );
    }
    return this.decode(result.data, revision);
  }

  /** The state of a key-value; a missing key gives the "does not exist" state. */
  async state(key: string, kv: IKeyValue | undefined, tolerateReadErrors = false): Promise<ObjState<T>> {
    if (kv === undefined) return { obj: undefined, data: undefined, rev: '0', stale: false };
    try {
      const { data, stale } = await this.fromStorage(kv.value, key);
      return { obj: this.decode(data, kv.mod_revision), data, rev: kv.mod_revision, stale };
    } catch (err) {
      if (!tolerateReadErrors) throw err;
      return { obj: undefined, data: undefined, rev: kv.mod_revision, stale: true, readError: err };
    }
  }

  /** A state built from a caller's (possibly stale) copy: its RV is trusted as ModRevision. */
  stateFromObject(obj: T): ObjState<T> {
    const rev = String(this.#versioner.objectResourceVersion(obj));
    const copy = deepCopy(obj);
    return { obj: copy, data: this.encode(copy), rev, stale: false };
  }
}

/** The InternalError for stored bytes the transformer cannot read. */
function readError(key: string, err: unknown): Error {
  return newInternalError(new Error(`unable to transform key ${JSON.stringify(key)}: ${errorMessage(err)}`, { cause: err }));
}

/** The message of any thrown value. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
