/**
 * Writing a cached document as kube-openapi's handlers do: `Accept` negotiation (406 when nothing offered fits),
 * `Vary`, ETag and `Last-Modified` revalidation, gzip when accepted and worth it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { CachedDocument } from './cached-document.js';
import { acceptsGzip, addVary, GZIP_MIN_SIZE, negotiate, serveContent } from './serve-content.js';
import { encodeSwaggerProto } from './swagger-proto.js';

/** Media type of the v2 protobuf form kubectl requests. */
export const MIME_OPENAPI_V2_PROTOBUF_DEPRECATED = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
/** Media type of the v2 protobuf form as answered. */
export const MIME_OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** kube-openapi `handler.OpenAPIService`: a Swagger 2.0 document as JSON or gnostic protobuf by `Accept`. */
export function serveSwaggerDocument(request: IncomingMessage, response: ServerResponse, doc: CachedDocument): void {
  if (acceptsGzip(request)) addVary(response, 'Accept-Encoding');
  addVary(response, 'Accept');
  const offered = ['application/json', MIME_OPENAPI_V2_PROTOBUF_DEPRECATED, MIME_OPENAPI_V2_PROTOBUF];
  const chosen = negotiate(request.headers.accept, offered);
  if (chosen === undefined) {
    response.writeHead(406).end();
    return;
  }
  const json = chosen === 'application/json';
  let body = json ? doc.json : doc.derived('proto', () => encodeSwaggerProto(doc.document));
  response.setHeader('Content-Type', json ? 'application/json' : MIME_OPENAPI_V2_PROTOBUF);
  response.setHeader('Etag', JSON.stringify(doc.etag));
  response.setHeader('Cache-Control', 'no-cache, private');
  if (acceptsGzip(request) && body.byteLength >= GZIP_MIN_SIZE) {
    body = doc.derived(json ? 'json.gz' : 'proto.gz', () => gzipSync(body));
    response.setHeader('Content-Encoding', 'gzip');
  }
  serveContent(request, response, body, doc.lastModified);
}

/** An OpenAPI v3 document as JSON (406 for an `Accept` without JSON), gzip when accepted and worth it. */
export function serveJSONDocument(request: IncomingMessage, response: ServerResponse, doc: CachedDocument): void {
  if (acceptsGzip(request)) addVary(response, 'Accept-Encoding');
  addVary(response, 'Accept');
  if (negotiate(request.headers.accept, ['application/json']) === undefined) {
    response.writeHead(406).end();
    return;
  }
  response.setHeader('Content-Type', 'application/json');
  response.setHeader('Etag', JSON.stringify(doc.etag));
  response.setHeader('Cache-Control', 'no-cache, private');
  let body = doc.json;
  if (acceptsGzip(request) && body.byteLength >= GZIP_MIN_SIZE) {
    body = doc.derived('json.gz', () => gzipSync(body));
    response.setHeader('Content-Encoding', 'gzip');
  }
  serveContent(request, response, body, doc.lastModified);
}
