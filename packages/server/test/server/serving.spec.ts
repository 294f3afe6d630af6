/**
 * Regression: a client that trickles its headers and never finishes them (slow loris) must not hold a connection
 * for ever; the listener closes it after `readHeaderTimeoutMillis` (kube-apiserver: `ReadHeaderTimeout` 32 s).
 */
import { connect } from 'node:net';
import t from 'tap';
import { ServingError, startListeners } from '../../src/index.js';
import {
  BAD_REQUEST_ANSWER,
  HEADERS_TOO_LARGE_ANSWER,
  UNSUPPORTED_TRANSFER_ENCODING_ANSWER,
} from '../../src/server/protocol-errors.js';

/** Opens a connection, sends a header line every 50 ms and resolves with the ms until the server closes it. */
function slowLoris(url: string, giveUpMillis: number): Promise<{ closedAfter: number | undefined; text: string }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let line = 0;
    const trickle = setInterval(() => socket.write(`X-Slow-${line++}: a\r\n`), 50);
    const giveUp = setTimeout(() => finish(undefined), giveUpMillis);
    function finish(closedAfter: number | undefined): void {
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfter, text });
    }
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
    });
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => undefined);
    socket.write('GET /api HTTP/1.1\r\nHost: localhost\r\n');
  });
}

t.test('a slow-loris client is disconnected once the read-header timeout passes', async (t) => {
  const [listener] = await startListeners({ port: 0, readHeaderTimeoutMillis: 400 }, (_req, res) => res.end('ok'));
  if (listener === undefined) throw new Error('no listener');
  t.teardown(() => new Promise<void>((r) => listener.server.close(() => r())));
  t.equal(listener.server.headersTimeout, 400, 'node enforces the timeout as headersTimeout');
  // The client gives up at 10 s; node checks the timeout on an interval, and on a loaded machine (3.5 s seen at
  // load 16) later still: what is asserted is that the server closes, not how fast.
  const { closedAfter, text } = await slowLoris(listener.url, 10_000);
  t.ok(closedAfter !== undefined && closedAfter >= 400, `closed by the server after ${closedAfter} ms (timeout 400 ms)`);
  t.equal(text, '', 'without an answer, as Go');
});

t.test('the read-header timeout defaults to kube-apiserver\'s 32 s and a complete request is served', async (t) => {
  const [listener] = await startListeners({ port: 0 }, (_req, res) => res.end('ok'));
  if (listener === undefined) throw new Error('no listener');
  t.teardown(() => new Promise<void>((r) => listener.server.close(() => r())));
  t.equal(listener.server.headersTimeout, 32_000);
  t.equal(listener.server.keepAliveTimeout, 90_000, "idle connections live 90 s, kube-apiserver's IdleTimeout");
  t.equal(listener.server.requestTimeout, 0, "no bound on receiving a whole request (node's default is 300 s), as kube-apiserver sets no ReadTimeout");
  const res = await fetch(`${listener.url}/`);
  t.equal(await res.text(), 'ok');
});

t.test('an unusable read-header timeout is a ServingError', async (t) => {
  await t.rejects(startListeners({ port: 0, readHeaderTimeoutMillis: 0 }, () => undefined), ServingError);
  await t.rejects(startListeners({ port: 0, readHeaderTimeoutMillis: 1.5 }, () => undefined), ServingError);
});

/** Sends `raw` on a new connection and resolves with everything the server wrote until it closed (or 5 s passed). */
function exchange(url: string, raw: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const giveUp = setTimeout(() => socket.destroy(), 5000);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(text);
    });
    socket.on('error', () => undefined);
    socket.write(raw);
  });
}

/** `count` header fields `X-Pad-<i>: 1`, each line ended. */
const padding = (count: number): string => Array.from({ length: count }, (_, i) => `X-Pad-${i}: 1\r\n`).join('');

t.test("requests Go's server refuses before any handler get Go's answers, and the connection closes", async (t) => {
  const seen: string[] = [];
  const [listener] = await startListeners({ port: 0 }, (req, res) => {
    const last = req.headers['x-last'];
    seen.push(`${req.method} ${req.url}${last === undefined ? '' : ` x-last=${last}`}`);
    req.resume();
    req.on('end', () => res.end('served'));
  });
  if (listener === undefined) throw new Error('no listener');
  t.teardown(() => new Promise<void>((r) => listener.server.close(() => r())));
  const url = listener.url;
  const smuggled = 'GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n';
  const chunkedBody = `5\r\nhello\r\n0\r\n\r\n${smuggled}`;
  const cases: [string, string, string][] = [
    ['identity, chunked', `POST /te HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity, chunked\r\n\r\n${chunkedBody}`, UNSUPPORTED_TRANSFER_ENCODING_ANSWER],
    ['chunked, identity', `POST /te HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n${chunkedBody}`, UNSUPPORTED_TRANSFER_ENCODING_ANSWER],
    ['two fields', `POST /te HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n${chunkedBody}`, UNSUPPORTED_TRANSFER_ENCODING_ANSWER],
    ['gzip', `POST /te HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n`, UNSUPPORTED_TRANSFER_ENCODING_ANSWER],
    ['identity, chunked after 1,500 other fields', `POST /te HTTP/1.1\r\nHost: x\r\n${padding(1500)}Transfer-Encoding: identity, chunked\r\n\r\n${chunkedBody}`, UNSUPPORTED_TRANSFER_ENCODING_ANSWER],
    ['headers over 1 MiB', `GET /big HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat((1 << 20) + 10)}\r\n\r\n`, HEADERS_TOO_LARGE_ANSWER],
    ['Transfer-Encoding beside Content-Length', `POST /te HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${chunkedBody}`, BAD_REQUEST_ANSWER],
    ['a broken request line', 'GET / HTTP/9.9x\r\n\r\n', BAD_REQUEST_ANSWER],
    ['a space in a header name', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', BAD_REQUEST_ANSWER],
  ];
  for (const [name, raw, answer] of cases) t.equal(await exchange(url, raw), answer, name);
  t.same(seen, [], 'no handler saw a refused request, nor the request smuggled in its body');
  t.equal(UNSUPPORTED_TRANSFER_ENCODING_ANSWER, 'HTTP/1.1 501 Not Implemented\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\nUnsupported transfer encoding');

  const chunked = await exchange(url, `POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n`);
  t.match(chunked, /^HTTP\/1\.1 200 OK\r\n[\s\S]*served$/, 'one chunked coding (any case) is served');
  const large = await exchange(url, `GET /large HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(512 * 1024)}\r\nConnection: close\r\n\r\n`);
  t.match(large, /^HTTP\/1\.1 200 OK\r\n/, 'headers of 512 KiB (over node\'s 16 KiB default) are served');
  const many = await exchange(url, `GET /many HTTP/1.1\r\nHost: x\r\n${padding(2500)}X-Last: yes\r\nConnection: close\r\n\r\n`);
  t.match(many, /^HTTP\/1\.1 200 OK\r\n/, 'a request of 2,502 header fields is served');
  t.same(seen, ['POST /ok', 'GET /large', 'GET /many x-last=yes'], 'the handler sees every field, as Go\'s server gives them all');
});
