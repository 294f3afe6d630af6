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
