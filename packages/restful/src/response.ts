import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Deflate, Gzip } from 'node:zlib';
import { type ContentEncoding, newCompressor } from './compression/compression.js';
import { MIME_JSON } from './constants.js';
import { accessorAt, defaultResponseAccessor, type EntityReaderWriter } from './entity/entity-accessors.js';
import { newEntityAccessorJSON } from './entity/json-accessor.js';
import { sortedMimes } from './mime.js';
import { ResponseHeader } from './response-header.js';
import type { ServiceError } from './service-error.js';

/** The node response a {@link Response} writes to. */
export type RawResponse = ServerResponse;

let prettyPrintResponses = true;

/** Sets the default of `prettyPrint` for new responses (go-restful's `PrettyPrintResponses`, default true). */
export function setPrettyPrintResponses(enabled: boolean): void {
  prettyPrintResponses = enabled;
}

/** Go's net/http sends headers once more than this many body bytes are buffered. */
const bufferBeforeChunking = 2048;
const bodylessStatus = (code: number): boolean => code === 204 || code === 304 || (code >= 100 && code < 200);

/** Options of a {@link Response}. */
export interface ResponseOptions {
  /** The request's Accept header, used to negotiate `writeEntity`. */
  readonly requestAccept?: string;
  /** The selected route's Produces. */
  readonly routeProduces?: readonly string[];
}

/**
 * The response of one request (go-restful's `Response`): status and header
 * handling as Go's net/http (headers fixed at `writeHeader`, body buffered up to
 * 2 KiB so small bodies get a Content-Length), entity negotiation and compression.
 */
export class Response {
  #raw: RawResponse;
  #requestAccept: string;
  #routeProduces: readonly string[];
  #prettyPrint = prettyPrintResponses;
  #statusCode = 200;
  #wireStatus = 200;
  #committed = false;
  #headSent = false;
  #contentLength = 0;
  #error: unknown;
  #buffer: Buffer[] = [];
  #buffered = 0;
  #compressor: Gzip | Deflate | undefined;
  #header: ResponseHeader | undefined;

  /** Wraps a node response. */
  constructor(raw: RawResponse, options: ResponseOptions = {}) {
    this.#raw = raw;
    this.#requestAccept = options.requestAccept ?? '';
    this.#routeProduces = options.routeProduces ?? [];
  }

  /** The underlying node response. */
  get raw(): RawResponse {
    return this.#raw;
  }

  /** Replaces the underlying node response (as middleware adapters do). */
  set raw(raw: RawResponse) {
    this.#raw = raw;
    this.#header = undefined;
  }

  /** The header map (Go's `Header()`); edits after `writeHeader` are ignored. */
  header(): ResponseHeader {
    this.#header ??= new ResponseHeader(this.#raw, () => this.#committed);
    return this.#header;
  }

  /** Adds a header value (does not replace). */
  addHeader(name: string, value: string): this {
    this.header().add(name, value);
    return this;
  }

  /** Overrides the Accept value used for negotiation. */
  setRequestAccepts(mime: string): void {
    this.#requestAccept = mime;
  }

  /** Sets whether entities are written pretty-printed. */
  prettyPrint(enabled: boolean): void {
    this.#prettyPrint = enabled;
  }

  /** Whether entities are written pretty-printed. */
  isPrettyPrint(): boolean {
    return this.#prettyPrint;
  }

  /** The recorded status code (200 when none was written). */
  statusCode(): number {
    return this.#statusCode;
  }

  /** Number of body bytes written by handlers (before compression). */
  contentLength(): number {
    return this.#contentLength;
  }

  /** The error recorded by `writeError`/`writeErrorString`, if any. */
  error(): unknown {
    return this.#error;
  }

  /** Records the status and fixes the headers; later calls only update `statusCode()`. */
  writeHeader(code: number): void {
    this.#statusCode = code;
    if (!this.#committed) this.#wireStatus = code;
    this.#committed = true;
  }

  /**
   * Writes body bytes (committing status 200 when none was written). Returns false
   * when the connection's buffer is full: a streaming handler then awaits `drain()`.
   */
  write(chunk: string | Uint8Array): boolean {
    if (this.#raw.writableEnded) return false;
    this.#committed = true;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.#contentLength += bytes.length;
    if (this.#compressor !== undefined) return this.#compressor.write(bytes) && !this.#raw.writableNeedDrain;
    this.#sink(bytes);
    return !this.#raw.writableNeedDrain;
  }

  /** Resolves when the compressor and the connection can take more data (or the response closed). */
  async drain(): Promise<void> {
    const compressor = this.#compressor;
    if (compressor?.writableNeedDrain === true) await once(compressor, 'drain');
    const raw = this.#raw;
    if (raw.writableNeedDrain && !raw.destroyed) {
      // Whichever event comes first wins; aborting removes the other's listeners (no leak per call).
      const settled = new AbortController();
      const { signal } = settled;
      try {
        await Promise.race([once(raw, 'drain', { signal }), once(raw, 'close', { signal })]);
      } finally {
        settled.abort();
      }
    }
  }

  /** Sends buffered bytes now (go-restful's `Flush`). */
  flush(): void {
    this.#committed = true;
    this.#sendHead();
    this.#compressor?.flush();
  }

  /** Picks the entity writer by negotiation (go-restful's `EntityWriter`, §2.4). */
  entityWriter(): EntityReaderWriter | undefined {
    for (const accept of sortedMimes(this.#requestAccept)) {
      for (const produce of this.#routeProduces) {
        if (produce === accept.media) {
          const writer = accessorAt(accept.media);
          if (writer !== undefined) return writer;
        }
      }
      if (accept.media === '*/*') {
        for (const produce of this.#routeProduces) {
          const writer = accessorAt(produce);
          if (writer !== undefined) return writer;
        }
      }
    }
    const writer = accessorAt(this.#requestAccept) ?? defaultResponseAccessor();
    if (writer !== undefined) return writer;
    for (const produce of this.#routeProduces) {
      const fallback = accessorAt(produce);
      if (fallback !== undefined) return fallback;
    }
    return undefined;
  }

  /** `writeHeaderAndEntity(200, value)`. */
  writeEntity(value: unknown): void {
    this.writeHeaderAndEntity(200, value);
  }

  /** Negotiates a writer and writes `value`; none found → 406 with an empty body. */
  writeHeaderAndEntity(status: number, value: unknown): void {
    const writer = this.entityWriter();
    if (writer === undefined) {
      this.writeHeader(406);
      return;
    }
    writer.write(this, status, value);
  }

  /** Writes `value` as JSON with status 200 and `Content-Type: application/json`. */
  writeAsJson(value: unknown): void {
    this.writeHeaderAndJson(200, value, MIME_JSON);
  }

  /** Writes `value` as JSON with status 200 and the given content type. */
  writeJson(value: unknown, contentType: string): void {
    this.writeHeaderAndJson(200, value, contentType);
  }

  /** Writes `value` as JSON with `status` and the given content type. */
  writeHeaderAndJson(status: number, value: unknown, contentType: string): void {
    newEntityAccessorJSON(contentType).write(this, status, value);
  }

  /**
   * Writes `reason` as a plain-text body with `status` and records the error. Sets
   * `text/plain; charset=utf-8` when no Content-Type is set, as Go's net/http sniffs.
   */
  writeErrorString(status: number, reason: string): void {
    this.#error = new Error(reason);
    if (reason !== '' && !this.header().has('Content-Type') && !this.header().has('Content-Encoding')) {
      this.header().set('Content-Type', 'text/plain; charset=utf-8');
    }
    this.writeHeader(status);
    this.write(reason);
  }

  /** `writeErrorString(status, err.message)` (`""` for a missing error). */
  writeError(status: number, error: Error | undefined | null): void {
    this.writeErrorString(status, error?.message ?? '');
    this.#error = error;
  }

  /** Writes the ServiceError as an entity: `{"Code":…,"Message":…,"Header":…}`. */
  writeServiceError(status: number, error: ServiceError): void {
    const headerNames = Object.keys(error.header);
    const header =
      headerNames.length === 0 ? null : Object.fromEntries(headerNames.map((name) => [name, [error.header[name]]]));
    this.#error = error;
    this.writeHeaderAndEntity(status, { Code: error.code, Message: error.message, Header: header });
  }

  /** Starts compressing the body with `encoding` and sets Content-Encoding (container use). */
  startCompression(encoding: ContentEncoding): void {
    this.header().set('Content-Encoding', encoding);
    const compressor = newCompressor(encoding);
    compressor.on('data', (chunk: Buffer) => this.#sink(chunk));
    this.#compressor = compressor;
  }

  /**
   * Finishes the response: closes the compressor, then sends status, headers
   * (with Content-Length when the whole body is buffered) and the body.
   */
  async end(): Promise<void> {
    await this.finish();
  }

  /** `end()` without a promise when nothing is left to wait for (the container's fast path). */
  finish(): Promise<void> | undefined {
    const compressor = this.#compressor;
    if (compressor === undefined) {
      this.#endRaw();
      return undefined;
    }
    this.#compressor = undefined;
    return new Promise<void>((resolve, reject) => {
      compressor.once('end', resolve);
      compressor.once('error', reject);
      compressor.end();
    }).then(() => this.#endRaw());
  }

  #endRaw(): void {
    const raw = this.#raw;
    if (raw.writableEnded) return;
    if (this.#headSent) {
      raw.end();
      return;
    }
    const body = this.#buffer.length === 1 ? (this.#buffer[0] as Buffer) : Buffer.concat(this.#buffer);
    this.#buffer = [];
    this.#headSent = true;
    if (!raw.headersSent) {
      if (!bodylessStatus(this.#wireStatus) && !raw.hasHeader('Content-Length') && !raw.hasHeader('Transfer-Encoding')) {
        raw.setHeader('Content-Length', body.length);
      }
      raw.writeHead(this.#wireStatus);
    }
    raw.end(body);
  }

  #sink(bytes: Buffer): void {
    if (this.#headSent) {
      this.#raw.write(bytes);
      return;
    }
    this.#buffer.push(bytes);
    this.#buffered += bytes.length;
    if (this.#buffered > bufferBeforeChunking) this.#sendHead();
  }

  #sendHead(): void {
    if (this.#headSent || this.#raw.writableEnded) return;
    this.#headSent = true;
    if (!this.#raw.headersSent) this.#raw.writeHead(this.#wireStatus);
    for (const chunk of this.#buffer) this.#raw.write(chunk);
    this.#buffer = [];
  }
}
