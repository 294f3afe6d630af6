/** The serializers of a scheme in kube-apiserver's order: JSON, YAML, protobuf. */
import type { Scheme } from '../runtime/scheme.js';
import { JSONSerializer } from './json.js';
import type { SerializerInfo } from './negotiation.js';
import { ProtobufDescriptors } from './protobuf/descriptors.js';
import { MEDIA_TYPE_PROTOBUF, ProtobufSerializer } from './protobuf/serializer.js';
import { YAMLSerializer } from './yaml.js';

/** JSON, YAML and protobuf serializers over one scheme, and their negotiation entries. */
export class CodecFactory {
  /** The JSON serializer. */
  readonly json: JSONSerializer;
  /** The YAML serializer. */
  readonly yaml: YAMLSerializer;
  /** The protobuf serializer. */
  readonly protobuf: ProtobufSerializer;
  /** The serializers in negotiation order (JSON first: the default for empty Accept/Content-Type). */
  readonly supportedMediaTypes: readonly SerializerInfo[];

  /** Builds the serializers of a scheme. */
  constructor(scheme: Scheme, descriptors: ProtobufDescriptors = new ProtobufDescriptors()) {
    this.json = new JSONSerializer(scheme);
    this.yaml = new YAMLSerializer(scheme);
    this.protobuf = new ProtobufSerializer(scheme, descriptors);
    this.supportedMediaTypes = [
      { mediaType: 'application/json', serializer: this.json, stream: { mediaType: 'application/json', framing: 'newline' } },
      { mediaType: 'application/yaml', serializer: this.yaml },
      {
        mediaType: MEDIA_TYPE_PROTOBUF,
        serializer: this.protobuf,
        stream: { mediaType: `${MEDIA_TYPE_PROTOBUF};stream=watch`, framing: 'length-delimited' },
      },
    ];
  }

  /** The entry of a media type (`type/subtype`), or undefined. */
  serializerForMediaType(mediaType: string): SerializerInfo | undefined {
    return this.supportedMediaTypes.find((i) => i.mediaType === mediaType.toLowerCase());
  }
}
