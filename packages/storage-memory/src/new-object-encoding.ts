/**
 * The encoding of an object a create stores, and the object it returns.
 * @module
 */
import { isDecodedEncoder, type StorageObject, versioner as apiObjectVersioner } from '@apiserver/storage';
import { encodeForStorage, type StorageContext } from './object-state.js';

/** The bytes a create stores and, when the codec could give it without parsing them, what decoding them gives. */
export interface NewObjectEncoding<T extends StorageObject> {
  /** The plain (untransformed) bytes. */
  readonly data: Uint8Array;
  /** `codec.decode(data)`, when known (a fresh object, not yet carrying its resource version). */
  readonly decoded: T | undefined;
}

/**
 * The bytes `create` stores for `obj`: what {@link encodeForStorage} gives. With the built-in canonical JSON codec
 * and the APIObjectVersioner, whose preparation only clears `metadata.resourceVersion` and `metadata.selfLink`
 * and whose codec only reads its input, the encoding is of a copy of the top object and its metadata without
 * those two fields rather than of a deep copy of the whole object, and the codec also gives the decoded object.
 */
export function encodeNewObject<T extends StorageObject>(ctx: StorageContext<T>, obj: T, builtinCodec: boolean): NewObjectEncoding<T> {
  if (!builtinCodec || ctx.versioner !== apiObjectVersioner || !isDecodedEncoder(ctx.codec)) return { data: encodeForStorage(ctx, obj), decoded: undefined };
  const { resourceVersion: _rv, selfLink: _selfLink, ...metadata } = obj.metadata;
  return ctx.codec.encodeWithDecoded({ ...obj, metadata });
}
