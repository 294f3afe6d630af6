/**
 * The serializers of the apiextensions group: JSON and YAML only (CRDs have no protobuf form here).
 *
 * @module
 */
import { CodecFactory, type Scheme, type SerializerInfo } from '@apiserver/runtime';

/** A CodecFactory negotiating only the text serializers (a protobuf Accept is 406, a protobuf body 415). */
export class TextCodecFactory extends CodecFactory {
  /** JSON and YAML. */
  override readonly supportedMediaTypes: readonly SerializerInfo[];

  /** Builds the serializers of a scheme. */
  constructor(scheme: Scheme) {
    super(scheme);
    this.supportedMediaTypes = [
      { mediaType: 'application/json', serializer: this.json, stream: { mediaType: 'application/json', framing: 'newline' } },
      { mediaType: 'application/yaml', serializer: this.yaml },
    ];
  }
}
