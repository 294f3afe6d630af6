/**
 * Framing of log records: `u32 length | u32 crc32(payload) | payload`, little-endian.
 * @module
 */
import { crc32 } from 'node:zlib';

/** Bytes before each payload. */
export const FRAME_HEADER_BYTES = 8;
/** Largest accepted payload; a larger length field is treated as damage. */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/** Wraps a payload in a frame. */
export function encodeFrame(payload: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  frame.set(payload, FRAME_HEADER_BYTES);
  return frame;
}

/** Outcome of scanning a buffer of frames. */
export interface FrameScan {
  /** Payloads of the valid frames, in order. */
  readonly payloads: Buffer[];
  /** Length of the valid prefix (where the next append must go). */
  readonly validLength: number;
  /** Set when the scan stopped at a bad frame: its offset and why. */
  readonly damage?: { readonly offset: number; readonly reason: string; readonly isTail: boolean } | undefined;
}

/** Reads frames until the end or the first bad one; `isTail` says whether the bad bytes end the buffer. */
export function scanFrames(buf: Buffer): FrameScan {
  const payloads: Buffer[] = [];
  let offset = 0;
  while (offset < buf.length) {
    const reason = frameProblem(buf, offset);
    if (reason !== undefined) {
      return { payloads, validLength: offset, damage: { offset, reason, isTail: isTail(buf, offset) } };
    }
    const length = buf.readUInt32LE(offset);
    payloads.push(buf.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length));
    offset += FRAME_HEADER_BYTES + length;
  }
  return { payloads, validLength: offset };
}

function frameProblem(buf: Buffer, offset: number): string | undefined {
  if (buf.length - offset < FRAME_HEADER_BYTES) return 'truncated frame header';
  const length = buf.readUInt32LE(offset);
  if (length === 0 || length > MAX_FRAME_BYTES) return `bad frame length ${length}`;
  if (buf.length - offset - FRAME_HEADER_BYTES < length) return 'truncated frame payload';
  const payload = buf.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length);
  if (crc32(payload) !== buf.readUInt32LE(offset + 4)) return 'crc mismatch';
  return undefined;
}

/**
 * A bad frame is a torn final write when it is the last frame (its declared end reaches or
 * passes the end of the data) or everything after it is zero fill.
 */
function isTail(buf: Buffer, offset: number): boolean {
  if (buf.length - offset < FRAME_HEADER_BYTES) return true;
  const length = buf.readUInt32LE(offset);
  if (offset + FRAME_HEADER_BYTES + length >= buf.length) return true;
  for (let i = offset; i < buf.length; i++) if (buf[i] !== 0) return false;
  return true;
}
