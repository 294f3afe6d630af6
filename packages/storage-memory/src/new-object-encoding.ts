/**
 * The encoding of an object a create stores.
 * @module
 */
import { type StorageObject, versioner as apiObjectVersioner } from '@apiserver/storage';
import { encodeForStorage, type StorageContext } from './object-state.js';

/**
 * The bytes `create` stores for `obj`: what {@link encodeForStorage} gives. With the built-in canonical JSON codec
 * and the APIObjectVersioner, whose preparation only clears `metadata.resourceVersion` and `metadata.selfLink`
 * and whose codec only reads its input, the encoding is of a copy of the top object and its metadata without
 * those two fields rather than of a deep copy of the whole object.
 */
export function encodeNewObject<T extends StorageObject>(ctx: StorageContext<T>, obj: T, builtinCodec: boolean): Uint8Array {
  if (!builtinCodec || ctx.versioner !== apiObjectVersioner) return encodeForStorage(ctx, obj);
  const { resourceVersion: _rv, selfLink: _selfLink, ...metadata } = obj.metadata;
  return ctx.codec.encode({ ...obj, metadata });
}
