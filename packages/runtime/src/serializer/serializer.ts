/** The serializer contract shared by the JSON, YAML and protobuf serializers. */
import type { KubeObject } from '../runtime/scheme.js';
import type { SlicedPass } from '../runtime/time-slice.js';

/** Options of one encode call. */
export interface EncodeOptions {
  /** Indent JSON with two spaces (Go: `json.MarshalIndent`), as `?pretty=true` asks. */
  readonly pretty?: boolean;
}

/** Encodes and decodes API objects in one media type. */
export interface Serializer {
  /** The media type, e.g. `application/json`. */
  readonly mediaType: string;
  /** True for binary formats (protobuf). */
  readonly binary: boolean;
  /** Encodes an object. */
  encode(obj: KubeObject, options?: EncodeOptions): Uint8Array;
  /** Decodes a body into an object; throws DecodeError (or another SchemeError) on bad input. */
  decode(data: Uint8Array): KubeObject;
  /**
   * Decodes like {@link decode} without holding the event loop for long: serializers whose decoding is slow
   * (YAML) convert large bodies in a worker thread. Absent when `decode` is fast enough.
   */
  decodeAsync?(data: Uint8Array): Promise<KubeObject>;
  /**
   * {@link encode} as a sliced pass (issue #19) giving the same bytes, for serializers that can encode a large
   * object in time slices (compact JSON); absent otherwise, or undefined for options it does not slice.
   */
  encodeSteps?(obj: KubeObject, options?: EncodeOptions): SlicedPass<Uint8Array> | undefined;
  /** {@link decode} as a sliced pass giving the same object or error, for serializers that can (JSON). */
  decodeSteps?(data: Uint8Array): SlicedPass<KubeObject>;
}

/** One object's encoding, with where its bytes lie when it is an item of a list of its kind. */
export interface ObjectEncoding {
  /** What `encode(obj, options)` gives. */
  readonly bytes: Uint8Array;
  /** The object's bytes as an item of a list (a view into {@link bytes}); absent when the options do not allow it. */
  readonly item?: Uint8Array;
}

/**
 * A serializer that can write a list around items encoded one by one, giving the bytes its `encode` gives for the
 * whole list, so that the bytes of items that never change can be kept and reused by later lists.
 */
export interface ItemwiseEncoder extends Serializer {
  /** Encodes an object like `encode`, also telling where its bytes as a list item are. */
  encodeObject(obj: KubeObject, options?: EncodeOptions): ObjectEncoding;
  /**
   * Encodes `list` with `itemBytes(item)` (the `item` of {@link encodeObject}) for each of its items: the bytes
   * `encode(list, options)` gives. Undefined when this list cannot be written from its items' own bytes (pretty
   * output, an item of another kind than the list's items, a list field after `items`): encode it whole then.
   */
  encodeList(list: KubeObject, items: readonly KubeObject[], options: EncodeOptions, itemBytes: (item: KubeObject) => Uint8Array): Uint8Array | undefined;
}

/** Type guard: the serializer writes lists from their items' bytes. */
export function isItemwiseEncoder(serializer: Serializer): serializer is ItemwiseEncoder {
  const s = serializer as Partial<ItemwiseEncoder>;
  return typeof s.encodeObject === 'function' && typeof s.encodeList === 'function';
}
