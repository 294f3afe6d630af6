/**
 * Watch stream framing. JSON: one `{"type":…,"object":…}` per line (Go's json.Encoder). Protobuf: each frame
 * is a 4-byte big-endian length then a metav1.WatchEvent message whose `object.raw` holds the enveloped
 * object, as client-go's protobuf stream decoder reads it.
 */
import { WatchEventSchema, type WatchEventType } from '../apis/meta/v1/watch-event.js';
import type { KubeObject } from '../runtime/scheme.js';
import { DecodeError } from '../runtime/scheme-errors.js';
import { isRecord } from './go-json.js';
import { escapeGoJSON, type JSONSerializer, parseJSONObject } from './json.js';
import type { ProtobufSerializer } from './protobuf/serializer.js';

/** One watch event with its decoded object. */
export interface WatchEventFrame {
  /** ADDED, MODIFIED, DELETED, BOOKMARK or ERROR. */
  readonly type: WatchEventType | string;
  /** The object (a Status for ERROR). */
  readonly object: KubeObject;
}

const utf8 = new TextEncoder();
const MAX_FRAME = 64 * 1024 * 1024;

/**
 * Encodes one JSON watch line (object shaped like Go, newline-terminated): metav1.WatchEvent's `type`, then the
 * object's compact text as the raw `object`, as json.Encoder writes a RawExtension (no second parse and write of
 * the object, which would also move integer-like map keys ahead of the others).
 */
export function encodeJSONWatchEvent(json: JSONSerializer, event: WatchEventFrame): Uint8Array {
  const object = json.encodeToString(event.object);
  // encodeToString ends compact text with json.Encoder's newline: the line's own newline closes it instead.
  return utf8.encode(`{"type":${escapeGoJSON(JSON.stringify(event.type))},"object":${object.slice(0, -1)}}\n`);
}

/** Encodes one protobuf watch frame: length prefix + WatchEvent{type, object{raw: envelope(object)}}. */
export function encodeProtobufWatchEvent(pb: ProtobufSerializer, event: WatchEventFrame): Uint8Array {
  const body = pb.encodeRaw(WatchEventSchema, { type: event.type, object: event.object });
  const out = new Uint8Array(4 + body.length);
  new DataView(out.buffer).setUint32(0, body.length, false);
  out.set(body, 4);
  return out;
}

function toEvent(value: unknown): WatchEventFrame {
  if (!isRecord(value) || typeof value.type !== 'string' || !isRecord(value.object)) {
    throw new DecodeError('watch event must have a string type and an object');
  }
  return { type: value.type, object: value.object };
}

/** Splits a chunked stream into frames; push chunks, take complete events. */
export interface WatchFrameReader {
  /** Adds received bytes and returns the events completed by them. */
  push(chunk: Uint8Array): WatchEventFrame[];
  /** Bytes received that do not yet form a complete frame. */
  readonly pending: number;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A reader of newline-delimited JSON watch streams. */
export function jsonWatchFrameReader(): WatchFrameReader {
  let buffer: Uint8Array = new Uint8Array();
  return {
    push(chunk) {
      buffer = concat(buffer, chunk);
      if (buffer.length > MAX_FRAME && buffer.indexOf(0x0a) < 0) {
        throw new DecodeError(`watch line longer than ${MAX_FRAME} bytes`);
      }
      const events: WatchEventFrame[] = [];
      for (let nl = buffer.indexOf(0x0a); nl >= 0; nl = buffer.indexOf(0x0a)) {
        const line = buffer.subarray(0, nl);
        buffer = buffer.subarray(nl + 1);
        if (line.length > 0) events.push(toEvent(parseJSONObject(line)));
      }
      return events;
    },
    get pending() {
      return buffer.length;
    },
  };
}

/** A reader of length-delimited protobuf watch streams. */
export function protobufWatchFrameReader(pb: ProtobufSerializer): WatchFrameReader {
  let buffer: Uint8Array = new Uint8Array();
  return {
    push(chunk) {
      buffer = concat(buffer, chunk);
      const events: WatchEventFrame[] = [];
      while (buffer.length >= 4) {
        const size = new DataView(buffer.buffer, buffer.byteOffset, 4).getUint32(0, false);
        if (size > MAX_FRAME) throw new DecodeError(`watch frame of ${size} bytes exceeds the limit`);
        if (buffer.length < 4 + size) break;
        const frame = buffer.subarray(4, 4 + size);
        buffer = buffer.subarray(4 + size);
        events.push(toEvent(pb.decodeRaw(WatchEventSchema, frame)));
      }
      return events;
    },
    get pending() {
      return buffer.length;
    },
  };
}
