/**
 * The Kubernetes protobuf envelope: the magic bytes `k8s\0` followed by a `runtime.Unknown` message
 * (typeMeta{apiVersion=1, kind=2}=1, raw=2, contentEncoding=3, contentType=4).
 */
import protobuf from 'protobufjs';
import { DecodeError } from '../../runtime/scheme-errors.js';
import { isRecord } from '../go-json.js';

/** The four bytes every Kubernetes protobuf body starts with. */
export const PROTOBUF_MAGIC: Uint8Array = Uint8Array.from([0x6b, 0x38, 0x73, 0x00]);

/** The decoded `runtime.Unknown` of an envelope. */
export interface UnknownEnvelope {
  /** `apiVersion` of the wrapped object. */
  readonly apiVersion: string;
  /** `kind` of the wrapped object. */
  readonly kind: string;
  /** The wrapped object's own protobuf encoding. */
  readonly raw: Uint8Array;
  /** Encoding of raw; empty for plain protobuf. */
  readonly contentEncoding: string;
  /** Content type of raw; empty for protobuf. */
  readonly contentType: string;
}

function buildUnknownType(): protobuf.Type {
  const typeMeta = new protobuf.Type('TypeMeta')
    .add(new protobuf.Field('apiVersion', 1, 'string'))
    .add(new protobuf.Field('kind', 2, 'string'));
  const unknown = new protobuf.Type('Unknown')
    .add(new protobuf.Field('typeMeta', 1, 'TypeMeta'))
    .add(new protobuf.Field('raw', 2, 'bytes'))
    .add(new protobuf.Field('contentEncoding', 3, 'string'))
    .add(new protobuf.Field('contentType', 4, 'string'));
  // proto2 semantics (explicit presence): empty strings are written, as Go's generated code does.
  new protobuf.Root().define('k8s.io.apimachinery.pkg.runtime').add(typeMeta).add(unknown);
  unknown.root.resolveAll();
  return unknown;
}

let unknownType: protobuf.Type | undefined;

/** The `runtime.Unknown` message type, built on first use: start-up (JSON storage, JSON clients) never needs it. */
function unknownTypeOf(): protobuf.Type {
  unknownType ??= buildUnknownType();
  return unknownType;
}

/** True when the bytes start with the `k8s\0` magic. */
export function hasProtobufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && PROTOBUF_MAGIC.every((b, i) => bytes[i] === b);
}

/** Wraps an object's raw protobuf bytes in the envelope, as Go's protobuf serializer writes it. */
export function encodeEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const body = unknownTypeOf().encode({ typeMeta: { apiVersion, kind }, raw, contentEncoding: '', contentType: '' }).finish();
  const out = new Uint8Array(PROTOBUF_MAGIC.length + body.length);
  out.set(PROTOBUF_MAGIC, 0);
  out.set(body, PROTOBUF_MAGIC.length);
  return out;
}

/** Reads an envelope; throws DecodeError when the magic or the message is wrong. */
export function decodeEnvelope(bytes: Uint8Array): UnknownEnvelope {
  if (!hasProtobufMagic(bytes)) {
    throw new DecodeError('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  }
  const unknown = unknownTypeOf();
  let msg: Record<string, unknown>;
  try {
    msg = unknown.toObject(unknown.decode(bytes.subarray(PROTOBUF_MAGIC.length)), {
      defaults: true,
      bytes: Uint8Array,
    });
  } catch (err) {
    throw new DecodeError(`invalid protobuf envelope: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const tm = isRecord(msg.typeMeta) ? msg.typeMeta : {};
  return {
    apiVersion: String(tm.apiVersion ?? ''),
    kind: String(tm.kind ?? ''),
    raw: msg.raw instanceof Uint8Array ? msg.raw : new Uint8Array(),
    contentEncoding: String(msg.contentEncoding ?? ''),
    contentType: String(msg.contentType ?? ''),
  };
}
