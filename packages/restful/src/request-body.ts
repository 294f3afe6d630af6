import type { IncomingMessage } from 'node:http';
import { gunzip, inflate } from 'node:zlib';
import { ServiceError } from './service-error.js';

/** go-restful has no limit; kube-apiserver caps bodies at 3 MiB, which is the default here. */
export const DEFAULT_MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

function tooLarge(limit: number): ServiceError {
  return new ServiceError(413, `the request body is larger than ${limit} bytes`);
}

/** Reads the whole body of `raw`, rejecting with a 413 ServiceError past `limit` bytes. */
export function readRawBody(raw: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    raw.resume();
    return Promise.reject(tooLarge(limit));
  }
  // A body some middleware already consumed reads as empty rather than waiting forever.
  if (raw.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        raw.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(new ServiceError(400, `unable to read the request body: ${error.message}`));
    };
    const onClose = (): void => {
      cleanup();
      reject(new ServiceError(400, 'unable to read the request body: the connection closed early'));
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.on('close', onClose);
  });
}

/**
 * Decodes a `gzip` or `deflate` (zlib) request body as go-restful's `ReadEntity`;
 * other codings are returned untouched. The output is limited too (zip bombs → 413).
 */
export function decodeContentEncoding(body: Buffer, contentEncoding: string, limit: number): Promise<Buffer> {
  const decode = contentEncoding === 'gzip' ? gunzip : contentEncoding === 'deflate' ? inflate : undefined;
  if (decode === undefined) return Promise.resolve(body);
  return new Promise((resolve, reject) => {
    decode(body, { maxOutputLength: limit }, (error, result) => {
      if (error === null) resolve(result);
      else if (error instanceof RangeError) reject(tooLarge(limit));
      else reject(new ServiceError(400, `unable to decode the ${contentEncoding} request body: ${error.message}`));
    });
  });
}
