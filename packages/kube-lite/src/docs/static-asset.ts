/**
 * One static file of the `/docs` page: its bytes (read once, on first use), a strong ETag, a gzip form for
 * clients that accept it, and the conditional GET/HEAD handling browsers revalidate with.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** Bodies smaller than this are sent uncompressed (gziphandler's threshold, as `/openapi`). */
const GZIP_MIN_BYTES = 1400;

/** Where an asset's bytes come from: a file (read lazily) or text built in memory. */
export type AssetSource = { readonly file: string } | { readonly text: string };

/** The loaded form of an asset. */
interface LoadedAsset {
  readonly body: Buffer;
  readonly gzip: Buffer | undefined;
  readonly etag: string;
}

/** `"<sha-256, base64url>"`: a strong ETag of the bytes. */
export function strongETag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

function accepts(request: IncomingMessage, coding: string): boolean {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.split(';');
    if (name.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number.parseFloat(q.slice(2)) > 0;
  });
}

function matchesETag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
}

/** A static file served with its content type, cache policy, ETag revalidation and gzip. */
export class StaticAsset {
  /** The `Content-Type` header value. */
  readonly contentType: string;
  readonly #source: AssetSource;
  readonly #headers: Readonly<Record<string, string>>;
  #loaded: Promise<LoadedAsset> | undefined;

  /** Describes an asset; nothing is read until the first request. `headers` are added to every answer. */
  constructor(source: AssetSource, contentType: string, headers: Readonly<Record<string, string>> = {}) {
    this.#source = source;
    this.contentType = contentType;
    this.#headers = headers;
  }

  /** The bytes, ETag and gzip form (read and computed once; a failed read is retried next time). */
  load(): Promise<LoadedAsset> {
    this.#loaded ??= this.#read().catch((err: unknown) => {
      this.#loaded = undefined;
      throw err;
    });
    return this.#loaded;
  }

  async #read(): Promise<LoadedAsset> {
    const body = 'file' in this.#source ? await readFile(this.#source.file) : Buffer.from(this.#source.text, 'utf8');
    const gzip = body.byteLength >= GZIP_MIN_BYTES ? gzipSync(body) : undefined;
    return { body, gzip, etag: strongETag(body) };
  }

  /**
   * Answers a GET or HEAD: 304 when `If-None-Match` names the current ETag, else 200 with the body (gzipped
   * when accepted). `cacheControl` is the `Cache-Control` value for this request.
   */
  async serve(request: IncomingMessage, response: ServerResponse, cacheControl: string): Promise<void> {
    const asset = await this.load();
    const headers: Record<string, string | number> = {
      ...this.#headers,
      'Content-Type': this.contentType,
      'Cache-Control': cacheControl,
      ETag: asset.etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (asset.gzip !== undefined) headers.Vary = 'Accept-Encoding';
    if (matchesETag(request.headers['if-none-match'], asset.etag)) {
      const { 'Content-Type': _type, ...rest } = headers;
      response.writeHead(304, rest).end();
      return;
    }
    const gzip = asset.gzip !== undefined && accepts(request, 'gzip');
    const body = gzip && asset.gzip !== undefined ? asset.gzip : asset.body;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = body.byteLength;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}
