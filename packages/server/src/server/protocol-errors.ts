/**
 * Requests Go's net/http server refuses before any handler runs, refused the same way here: node's parser errors
 * (`clientError`) and the transfer codings Go does not implement get Go's raw answers, byte for byte, and the
 * connection is closed.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** Go's `MaxHeaderBytes` as kube-apiserver sets it (`1 << 20`): the request line and headers together. */
export const MAX_HEADER_BYTES = 1 << 20;

/** The headers of every answer Go's server writes itself (its `errorHeaders`). */
const ERROR_HEADERS = '\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n';

/** Go's answer to request headers over `MaxHeaderBytes`. */
export const HEADERS_TOO_LARGE_ANSWER = `HTTP/1.1 431 Request Header Fields Too Large${ERROR_HEADERS}431 Request Header Fields Too Large`;
/** Go's answer to a `Transfer-Encoding` other than one `chunked` (it does not echo the value back). */
export const UNSUPPORTED_TRANSFER_ENCODING_ANSWER = `HTTP/1.1 501 Not Implemented${ERROR_HEADERS}Unsupported transfer encoding`;
/** Go's answer to a request it cannot parse. */
export const BAD_REQUEST_ANSWER = `HTTP/1.1 400 Bad Request${ERROR_HEADERS}400 Bad Request`;

/** Writes `answer` (when the socket still takes it) and closes the connection. */
function answerAndClose(socket: Duplex, answer: string | undefined): void {
  if (answer === undefined || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(answer, () => socket.destroy());
  // A client that never reads must not keep the socket: it goes after a second whatever happened.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Go's answer to a node parser error, `undefined` where Go closes without one (timeouts, resets). */
function answerTo(error: Error & { code?: string }): string | undefined {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return HEADERS_TOO_LARGE_ANSWER;
    case 'HPE_INVALID_TRANSFER_ENCODING':
      // node also refuses Transfer-Encoding beside Content-Length (Go serves it chunked): a plain 400 then.
      return error.message.includes('Content-Length') ? BAD_REQUEST_ANSWER : UNSUPPORTED_TRANSFER_ENCODING_ANSWER;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined;
    default:
      return BAD_REQUEST_ANSWER;
  }
}

/**
 * The listeners' `clientError` handler: what Go answers to a request it cannot read — 431 for headers over the
 * limit, 501 for a transfer coding it does not implement, nothing for a read-header timeout or a reset
 * connection, 400 otherwise — then the connection is closed. A parse error after a response started on the
 * connection (a pipelined request) only closes it.
 */
export function onClientError(error: Error & { code?: string }, socket: Duplex): void {
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  answerAndClose(socket, started ? undefined : answerTo(error));
}

/**
 * Whether Go would refuse the request's `Transfer-Encoding`: it takes exactly one such header, `chunked` (any
 * case). node's parser accepts lists ending in `chunked` (`identity, chunked`) and repeated headers, a request
 * smuggling surface Go closes.
 */
export function hasUnsupportedTransferEncoding(request: IncomingMessage): boolean {
  const value = request.headers['transfer-encoding'];
  if (value === undefined) return false;
  let fields = 0;
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'transfer-encoding') fields++;
  return fields !== 1 || value.toLowerCase() !== 'chunked';
}

/** Answers Go's 501 `Unsupported transfer encoding` on the request's connection and closes it (the body is never read). */
export function refuseTransferEncoding(request: IncomingMessage): void {
  answerAndClose(request.socket, UNSUPPORTED_TRANSFER_ENCODING_ANSWER);
}
