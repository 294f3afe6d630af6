/**
 * The parts of Go's `http.ServeContent` the OpenAPI handlers rely on (Last-Modified, `If-None-Match` and
 * `If-Modified-Since` → 304, Content-Length, HEAD), goautoneg's `Accept` parsing, and NYTimes gziphandler's choice
 * (gzip when the client accepts it and the body is at least 1400 bytes).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One media range of an `Accept` header. */
export interface AcceptClause {
  /** Type (`application`, `*`). */
  readonly type: string;
  /** Subtype (`json`, `*`). */
  readonly subType: string;
  /** Quality. */
  readonly q: number;
}

/** goautoneg `ParseAccept`: media ranges sorted by quality, then specificity; malformed ranges dropped. */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';');
    const [type = '', subType, ...more] = range.trim().split('/');
    if (more.length > 0 && subType !== undefined) continue;
    let q = 1;
    for (const param of params) {
      const [k = '', v = ''] = param.split('=');
      if (k.trim() === 'q') q = Number.parseFloat(v.trim());
    }
    if (subType === undefined) {
      if (type.trim() === '*') clauses.push({ type: '*', subType: '*', q });
      continue;
    }
    clauses.push({ type: type.trim(), subType: subType.trim(), q: Number.isNaN(q) ? 0 : q });
  }
  const rank = (c: AcceptClause): number => (c.type === '*' ? 0 : 1) + (c.subType === '*' ? 0 : 1);
  return clauses.map((c, i) => ({ c, i })).sort((a, b) => b.c.q - a.c.q || rank(b.c) - rank(a.c) || a.i - b.i).map((x) => x.c);
}

/** The first offered media type (`type/subtype`) a clause list accepts, in clause order. */
export function negotiate(accept: string | undefined, offered: readonly string[]): string | undefined {
  const clauses = parseAccept(accept === undefined || accept === '' ? '*/*' : accept);
  for (const c of clauses) {
    for (const o of offered) {
      const [type, subType] = o.split('/');
      if ((c.type === type || c.type === '*') && (c.subType === subType || c.subType === '*')) return o;
    }
  }
  return undefined;
}

/** Whether an `If-None-Match` value matches an ETag (weak comparison, `*` matches anything). */
function noneMatch(header: string, etag: string): boolean {
  const strip = (t: string): string => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

function notModified(request: IncomingMessage, etag: string | undefined, lastModified: Date): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const inm = request.headers['if-none-match'];
  if (inm !== undefined) return etag !== undefined && noneMatch(inm, etag);
  const ims = request.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** Serves a body with the conditional-request handling of `http.ServeContent` (no Range support). */
export function serveContent(request: IncomingMessage, response: ServerResponse, body: Uint8Array, lastModified: Date): void {
  response.setHeader('Last-Modified', lastModified.toUTCString());
  const etag = response.getHeader('Etag');
  if (notModified(request, typeof etag === 'string' ? etag : undefined, lastModified)) {
    for (const h of ['Content-Type', 'Content-Length', 'Content-Encoding']) response.removeHeader(h);
    if (etag !== undefined) response.removeHeader('Last-Modified');
    response.writeHead(304).end();
    return;
  }
  response.setHeader('Content-Length', body.byteLength);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** gziphandler's minimum body size for compression. */
export const GZIP_MIN_SIZE = 1400;

/** Whether `Accept-Encoding` allows gzip (a `gzip` coding with non-zero quality). */
export function acceptsGzip(request: IncomingMessage): boolean {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';');
    if (coding.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number.parseFloat(q.slice(2)) > 0;
  });
}

/** Adds a `Vary` value after any already present (Go's `Header.Add`). */
export function addVary(response: ServerResponse, value: string): void {
  const current = response.getHeader('Vary');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  response.setHeader('Vary', [...list, value]);
}
