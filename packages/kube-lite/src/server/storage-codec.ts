/**
 * The codec objects are stored with (`--storage-media-type`, upstream's storage serializer): encoded in the chosen
 * media type, decoded by recognizing the bytes (the protobuf `k8s\0` magic, JSON, else YAML) as upstream's
 * recognizing decoder does, so a store written in one media type stays readable after the flag changes.
 */
import { CodecFactory, hasProtobufMagic, type KubeObject, MEDIA_TYPE_PROTOBUF, type Scheme } from '@apiserver/runtime';
import { type Codec, isStorageObject, jsonCodec, newInternalError, type StorageObject } from '@apiserver/storage';

/** The media types `--storage-media-type` accepts (upstream's, sorted as its message lists them). */
export const STORAGE_MEDIA_TYPES: readonly string[] = ['application/json', MEDIA_TYPE_PROTOBUF, 'application/yaml'];

/** kube-lite's default storage media type: JSON (upstream defaults to protobuf; see the README). */
export const DEFAULT_STORAGE_MEDIA_TYPE = 'application/json';

/** Upstream's validation message for a media type not in {@link STORAGE_MEDIA_TYPES}, or none. */
export function storageMediaTypeErrors(mediaType: string): string[] {
  if (STORAGE_MEDIA_TYPES.includes(mediaType)) return [];
  return [`--storage-media-type ${JSON.stringify(mediaType)} invalid, allowed values: ${STORAGE_MEDIA_TYPES.join(', ')}`];
}

/** A stored object as the serializers see it (every stored object is a JSON object). */
function asKubeObject(obj: StorageObject): KubeObject {
  return { ...obj };
}

function asStorageObject(value: KubeObject): StorageObject {
  if (!isStorageObject(value)) throw newInternalError(new Error('decoded value is not an object with metadata'));
  return value;
}

/** Reads any media type kube-lite may have written: protobuf by its magic, JSON by its `{`, otherwise YAML. */
function recognizingDecoder(codecs: CodecFactory): (data: Uint8Array) => StorageObject {
  return (data) => {
    if (hasProtobufMagic(data)) {
      try {
        return asStorageObject(codecs.protobuf.decode(data));
      } catch (err) {
        throw newInternalError(err);
      }
    }
    if (data[0] === 0x7b) return jsonCodec.decode(data);
    try {
      return asStorageObject(codecs.yaml.decode(data));
    } catch (err) {
      throw newInternalError(err);
    }
  };
}

/**
 * The storage codec of `mediaType` over `scheme`'s kinds. JSON is canonical JSON (objects stored exactly as
 * given); protobuf falls back to that JSON for an object its kind cannot carry in protobuf (an unregistered kind,
 * or fields without a protobuf form), where upstream would fail the write.
 */
export function storageCodecFor(mediaType: string, scheme: Scheme): Codec {
  const codecs = new CodecFactory(scheme);
  const decode = recognizingDecoder(codecs);
  if (mediaType === DEFAULT_STORAGE_MEDIA_TYPE) return { encode: (obj) => jsonCodec.encode(obj), decode };
  if (mediaType === MEDIA_TYPE_PROTOBUF) {
    return {
      encode: (obj) => {
        const object = asKubeObject(obj);
        return codecs.protobuf.supports(object) ? codecs.protobuf.encode(object) : jsonCodec.encode(obj);
      },
      decode,
    };
  }
  if (mediaType === 'application/yaml') return { encode: (obj) => codecs.yaml.encode(asKubeObject(obj)), decode };
  throw new Error(storageMediaTypeErrors(mediaType).join('; '));
}
