/** flood: the raw client of the 413 tests sees the answer, and how soon the server closed after it. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { flood } from '../src/body-flood.js';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const HEAD = 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n';

t.test('a server that answers 413 and closes: the response and a prompt close are seen', async (t) => {
  // It closes as restful's and Go's servers do: FIN after the answer, the unread body left in the kernel, and the
  // socket destroyed only later. Destroying it at once sends a reset that can reach the client before it read the
  // answer (seen in CI runs: an empty response).
  const server = createServer((req, res) => {
    res.writeHead(413, { Connection: 'close' });
    const socket = req.socket;
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), 500).unref();
    };
    res.end('too large');
  });
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const { response, closedAfterMs } = await flood(await listen(server), HEAD, true);
  t.match(response, /^HTTP\/1\.1 413 /);
  t.ok(closedAfterMs !== undefined && closedAfterMs < 2000, `closed ${closedAfterMs} ms after the answer`);
});

t.test('a server that keeps reading: the flood gives up after 10 s and reports no close', async (t) => {
  const server = createServer((req) => req.resume());
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const { response, closedAfterMs } = await flood(await listen(server), 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999\r\n\r\n', false);
  t.equal(response, '');
  t.equal(closedAfterMs, undefined);
});
