/**
 * Regression: a client that trickles its headers and never finishes them (slow loris) must not hold a connection
 * for ever; the listener closes it after `readHeaderTimeoutMillis` (kube-apiserver: `ReadHeaderTimeout` 32 s).
 */
import { connect } from 'node:net';
import t from 'tap';
import { ServingError, startListeners } from '../../src/index.js';

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
  const { closedAfter, text } = await slowLoris(listener.url, 5000);
  t.ok(closedAfter !== undefined && closedAfter >= 400 && closedAfter < 2500, `closed after ${closedAfter} ms, within the timeout plus one check`);
  t.match(text, /^(HTTP\/1\.1 408 |$)/, 'with a 408 or nothing, never a 5xx');
});

t.test('the read-header timeout defaults to kube-apiserver\'s 32 s and a complete request is served', async (t) => {
  const [listener] = await startListeners({ port: 0 }, (_req, res) => res.end('ok'));
  if (listener === undefined) throw new Error('no listener');
  t.teardown(() => new Promise<void>((r) => listener.server.close(() => r())));
  t.equal(listener.server.headersTimeout, 32_000);
  t.equal(listener.server.keepAliveTimeout, 90_000, "idle connections live 90 s, kube-apiserver's IdleTimeout");
  const res = await fetch(`${listener.url}/`);
  t.equal(await res.text(), 'ok');
});

t.test('an unusable read-header timeout is a ServingError', async (t) => {
  await t.rejects(startListeners({ port: 0, readHeaderTimeoutMillis: 0 }, () => undefined), ServingError);
  await t.rejects(startListeners({ port: 0, readHeaderTimeoutMillis: 1.5 }, () => undefined), ServingError);
});
