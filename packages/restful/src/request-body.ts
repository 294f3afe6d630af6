import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gunzip, inflate } from 'node:zlib';
import { ServiceError } from './service-error.js';

/** go-restful has no limit; kube-apiserver caps bodies at 3 MiB, which is the default here. */
export const DEFAULT_MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

function tooLarge(limit: number): ServiceError {
  return new ServiceError(413, `the request body is larger than ${limit} bytes`);
}

/**
 * Stops reading a request whose body is over the limit, and has its connection closed once the response is
 * written (`Connection: close`), as Go's `http.MaxBytesReader` makes net/http do: the rest of the body is never
 * read, so a client streaming gigabytes is cut off after the 413 instead of being drained until a timeout.
 * Without the response, the rest of the body is read and discarded (the connection stays usable).
 */
export function stopReadingBody(raw: IncomingMessage, res: ServerResponse | undefined): void {
  if (res === undefined) {
    raw.resume();
    return;
  }
  raw.pause();
  res.shouldKeepAlive = false;
  if (!res.headersSent) res.setHeader('Connection', 'close');
  lingerOnClose(raw.socket);
}

/** Go's `rstAvoidanceDelay`: how long a connection closed with unread request data stays half-closed. */
const RST_AVOIDANCE_DELAY_MILLIS = 500;

/**
 * Closes the connection as Go's `closeWriteAndWait` does once the response is written: the write side first (FIN
 * after the response), the whole socket only {@link RST_AVOIDANCE_DELAY_MILLIS} later. Node would close it at once,
 * and closing a socket with unread request data in the kernel sends a TCP reset, which can make the client drop
 * the 413 it has not read yet. The unread data is still never read.
 */
function lingerOnClose(socket: Socket): void {
  const lingering = socket as Socket & { destroySoon?: () => void };
  if (typeof lingering.destroySoon !== 'function') return;
  lingering.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), RST_AVOIDANCE_DELAY_MILLIS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * Reads the whole body of `raw`, rejecting with a 413 ServiceError past `limit` bytes (then
 * {@link stopReadingBody} with `res`).
 */
export function readRawBody(raw: IncomingMessage, limit: number, res?: ServerResponse): Promise<Buffer> {
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    stopReadingBody(raw, res);
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
        stopReadingBody(raw, res);
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
