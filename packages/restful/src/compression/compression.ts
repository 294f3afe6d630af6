import { createDeflate, createGzip, type Deflate, type Gzip } from 'node:zlib';
import { ENCODING_DEFLATE, ENCODING_GZIP } from '../constants.js';

/** The response codings the container can apply. */
export type ContentEncoding = typeof ENCODING_GZIP | typeof ENCODING_DEFLATE;

/** Whether the comma-separated element of `header` around `index` says `q=0`. */
function refusedAt(header: string, index: number): boolean {
  const start = header.lastIndexOf(',', index) + 1;
  const end = header.indexOf(',', index);
  const element = header.slice(start, end === -1 ? header.length : end);
  const q = /;\s*q\s*=\s*([0-9.]+)/i.exec(element);
  return q !== null && Number(q[1]) === 0;
}

/**
 * go-restful's `wantsCompressedResponse`: none when the response already has a
 * Content-Encoding; otherwise the substring positions of `gzip` and `deflate` in
 * Accept-Encoding (case-sensitive) decide, the first one wins. One deliberate fix:
 * a coding whose element says `q=0` is refused, so `gzip;q=0` does not compress.
 */
export function wantsCompressedResponse(acceptEncoding: string, hasContentEncoding: boolean): ContentEncoding | undefined {
  if (hasContentEncoding || acceptEncoding === '') return undefined;
  let gzip = acceptEncoding.indexOf(ENCODING_GZIP);
  let deflate = acceptEncoding.indexOf(ENCODING_DEFLATE);
  if (gzip !== -1 && refusedAt(acceptEncoding, gzip)) gzip = -1;
  if (deflate !== -1 && refusedAt(acceptEncoding, deflate)) deflate = -1;
  if (gzip === -1 && deflate === -1) return undefined;
  if (gzip === -1) return ENCODING_DEFLATE;
  if (deflate === -1) return ENCODING_GZIP;
  return gzip < deflate ? ENCODING_GZIP : ENCODING_DEFLATE;
}

/** A streaming compressor for `encoding` ("deflate" is the zlib format, as Go's `compress/zlib`). */
export function newCompressor(encoding: ContentEncoding): Gzip | Deflate {
  return encoding === ENCODING_GZIP ? createGzip() : createDeflate();
}
