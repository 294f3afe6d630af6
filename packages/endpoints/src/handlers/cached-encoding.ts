/**
 * Encoding a response from cached object bytes: a shared object (`isSharedObject`) is encoded once per serializer
 * and output form, and a list of shared objects is written around its items' kept bytes. The bytes are those the
 * serializer gives for the whole response; anything else (a copied or transformed object, Table, YAML, an item of
 * another kind) is encoded as before.
 * @module
 */
import { isItemwiseEncoder, type ItemwiseEncoder, type KubeObject, type ObjectEncoding, type Serializer } from '@apiserver/runtime';
import { isSharedObject } from '@apiserver/storage';
import type { EncodedObjectCache } from './encoded-object-cache.js';
import type { RequestScope } from './request-scope.js';

/** The cache each scope encodes with, set by the installer when the cache is enabled. */
const caches = new WeakMap<RequestScope, EncodedObjectCache>();

/** The variants (serializer and output form) of the cache's keys, one object each. */
const variants = new WeakMap<Serializer, { readonly compact: object; readonly pretty: object }>();

function variantOf(serializer: Serializer, pretty: boolean): object {
  let known = variants.get(serializer);
  if (known === undefined) {
    known = { compact: {}, pretty: {} };
    variants.set(serializer, known);
  }
  return pretty ? known.pretty : known.compact;
}

/** Lets `scope`'s handlers read shared objects and encode them through `cache` (nothing when it is disabled). */
export function useEncodedObjectCache(scope: RequestScope, cache: EncodedObjectCache | undefined): void {
  if (cache?.enabled === true) caches.set(scope, cache);
}

/** Whether `scope` reads shared objects and keeps their bytes (its handlers then mark read-only requests). */
export function cachesEncodedObjects(scope: RequestScope): boolean {
  return caches.has(scope);
}

function isItemList(obj: KubeObject): obj is KubeObject & { items: unknown[] } {
  return Array.isArray(obj.items);
}

function cachedEncoding(cache: EncodedObjectCache, serializer: ItemwiseEncoder, obj: KubeObject, pretty: boolean): ObjectEncoding {
  return cache.encoding(obj, variantOf(serializer, pretty), () => serializer.encodeObject(obj, { pretty }));
}

/** The item bytes of a list's item: kept ones for a shared object, else encoded now. */
function itemBytesOf(cache: EncodedObjectCache, serializer: ItemwiseEncoder): (item: KubeObject) => Uint8Array {
  return (item) => {
    const encoding = isSharedObject(item) ? cachedEncoding(cache, serializer, item, false) : serializer.encodeObject(item, { pretty: false });
    if (encoding.item === undefined) throw new TypeError('an itemwise encoder gave no item bytes for compact output');
    return encoding.item;
  };
}

function encodeList(cache: EncodedObjectCache, serializer: ItemwiseEncoder, list: KubeObject & { items: unknown[] }, pretty: boolean): Uint8Array | undefined {
  const items = list.items as KubeObject[];
  if (pretty || !items.some(isSharedObject)) return undefined;
  try {
    return serializer.encodeList(list, items, { pretty }, itemBytesOf(cache, serializer));
  } catch {
    // An item the serializer cannot write alone (e.g. protobuf fields without a protobuf form): the whole list's
    // encoding gives the error a list gives.
    return undefined;
  }
}

/**
 * What `serializer.encode(obj, { pretty })` gives, from kept bytes where `scope` caches them: for a shared object,
 * or a list holding shared objects.
 */
export function encodeForScope(scope: RequestScope, serializer: Serializer, obj: KubeObject, pretty: boolean): Uint8Array {
  const cache = caches.get(scope);
  if (cache === undefined || !isItemwiseEncoder(serializer)) return serializer.encode(obj, { pretty });
  if (isSharedObject(obj)) return cachedEncoding(cache, serializer, obj, pretty).bytes;
  if (isItemList(obj)) return encodeList(cache, serializer, obj, pretty) ?? serializer.encode(obj, { pretty });
  return serializer.encode(obj, { pretty });
}
