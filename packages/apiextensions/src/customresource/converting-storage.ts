/**
 * The storage of one served version of a custom resource (upstream's `crdConversionRESTOptionsGetter` codec): objects
 * are written in the storage version and read in the served one, each conversion through the CRD's
 * {@link CRConverter}. A list's items are converted together; watch events one by one, in order (a failed
 * conversion ends the watch with an ERROR event). What is read is first defaulted by the schema of the version it was
 * stored in (the storage codec's defaulter), so defaults a CRD gains show on objects stored before; they are written
 * back only by the next update.
 *
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type CreateOptions,
  type DeleteOptions,
  errorEvent,
  type GetOptions,
  type GuaranteedUpdateOptions,
  type ListOptions,
  type ListResult,
  type StorageInterface,
  type UpdateFunc,
  type Versioner,
  type Watch,
  type WatchEvent,
} from '@apiserver/storage';
import type { CRConverter } from './cr-converter.js';

/** Defaults an object as read from storage; returns it unchanged (not copied) when no default applies. */
export type StoredObjectDefaulter = (stored: ApiObject) => ApiObject;

/** A custom resource's storage seen in one served version. */
export class ConvertingStorage implements StorageInterface<ApiObject> {
  readonly #inner: StorageInterface<ApiObject>;
  readonly #converter: CRConverter;
  readonly #served: string;
  readonly #storage: string;
  readonly #default: StoredObjectDefaulter;

  /** Wraps `inner` (holding `storageAPIVersion` objects) to serve `servedAPIVersion`; `defaulter` defaults what is read. */
  constructor(
    inner: StorageInterface<ApiObject>,
    converter: CRConverter,
    servedAPIVersion: string,
    storageAPIVersion: string,
    defaulter: StoredObjectDefaulter = (obj) => obj,
  ) {
    this.#inner = inner;
    this.#converter = converter;
    this.#served = servedAPIVersion;
    this.#storage = storageAPIVersion;
    this.#default = defaulter;
  }

  /** The inner storage's versioner. */
  get versioner(): Versioner {
    return this.#inner.versioner;
  }

  async #toServed(stored: ApiObject): Promise<ApiObject> {
    const obj = this.#default(stored);
    const [out] = await this.#converter.convert([obj], this.#served, false);
    return out ?? obj;
  }

  async #toStorage(obj: ApiObject): Promise<ApiObject> {
    const [out] = await this.#converter.convert([obj], this.#storage, false);
    return out ?? obj;
  }

  /** Creates the object in the storage version; answers in the served one. */
  async create(key: string, obj: ApiObject, opts?: CreateOptions): Promise<ApiObject> {
    return this.#toServed(await this.#inner.create(key, await this.#toStorage(obj), opts));
  }

  /** Deletes; the deletion check and the answer see the served version (a cached object is not passed on). */
  async delete(key: string, opts?: DeleteOptions<ApiObject>): Promise<ApiObject> {
    const { cachedExistingObject: _cached, validateDeletion, ...rest } = opts ?? {};
    const inner: DeleteOptions<ApiObject> = {
      ...rest,
      ...(validateDeletion !== undefined && { validateDeletion: async (current: ApiObject) => validateDeletion(await this.#toServed(current)) }),
    };
    return this.#toServed(await this.#inner.delete(key, inner));
  }

  /** Watches, each object event converted in order. */
  async watch(key: string, opts?: ListOptions<ApiObject>): Promise<Watch<ApiObject>> {
    const inner = await this.#inner.watch(key, opts);
    const convert = (obj: ApiObject): Promise<ApiObject> => this.#toServed(obj);
    async function* events(): AsyncGenerator<WatchEvent<ApiObject>> {
      for await (const ev of inner) {
        if (ev.type !== 'ADDED' && ev.type !== 'MODIFIED' && ev.type !== 'DELETED') {
          yield ev;
          continue;
        }
        try {
          yield { type: ev.type, object: await convert(ev.object) };
        } catch (err) {
          inner.stop();
          yield errorEvent<ApiObject>(err);
          return;
        }
      }
    }
    return { stop: () => inner.stop(), [Symbol.asyncIterator]: events };
  }

  /** Reads one object in the served version. */
  async get(key: string, opts?: GetOptions): Promise<ApiObject | undefined> {
    const obj = await this.#inner.get(key, opts);
    return obj === undefined ? undefined : this.#toServed(obj);
  }

  /** Lists, the page's items converted in one go. */
  async getList(key: string, opts?: ListOptions<ApiObject>): Promise<ListResult<ApiObject>> {
    const result = await this.#inner.getList(key, opts);
    return { ...result, items: await this.#converter.convert(result.items.map(this.#default), this.#served, true) };
  }

  /** Updates: the update function sees and returns the served version; the storage version is written. */
  async guaranteedUpdate(key: string, tryUpdate: UpdateFunc<ApiObject>, opts?: GuaranteedUpdateOptions<ApiObject>): Promise<ApiObject> {
    const { cachedExistingObject: _cached, ...rest } = opts ?? {};
    const update: UpdateFunc<ApiObject> = async (current, meta) => {
      const result = await tryUpdate(current === undefined ? undefined : await this.#toServed(current), meta);
      return { ...result, object: await this.#toStorage(result.object) };
    };
    return this.#toServed(await this.#inner.guaranteedUpdate(key, update, rest));
  }

  /** Counts objects. */
  count(key: string): Promise<number> {
    return this.#inner.count(key);
  }

  /** The inner storage's readiness. */
  readinessCheck(): Promise<void> {
    return this.#inner.readinessCheck();
  }

  /** Asks the inner storage for progress bookmarks. */
  requestWatchProgress(): Promise<void> {
    return this.#inner.requestWatchProgress();
  }

  /** The inner storage's current resource version. */
  getCurrentResourceVersion(): Promise<string> {
    return this.#inner.getCurrentResourceVersion();
  }
}
