// node:http served through in-memory sockets (no kernel, no second process), for tools that compare the
// JavaScript cost of servers in one process (bench/tools/inprocess-get.mjs, inprocess-ab.mjs).
import { Duplex } from 'node:stream';

/** A client/server pair of in-memory sockets; the server side is handed to `server` as a connection. */
export function connectInMemory(server) {
  let toServer;
  let toClient;
  const client = new Duplex({ read() {}, write(chunk, _enc, cb) { toServer.push(chunk); cb(); } });
  const socket = new Duplex({ read() {}, write(chunk, _enc, cb) { toClient.push(chunk); cb(); }, writev(chunks, cb) { for (const c of chunks) toClient.push(c.chunk); cb(); } });
  toServer = socket;
  toClient = client;
  Object.assign(socket, { remoteAddress: '127.0.0.1', remotePort: 1, localAddress: '127.0.0.1', localPort: 2, encrypted: false, setTimeout() { return this; }, setNoDelay() { return this; }, setKeepAlive() { return this; }, destroySoon() { this.destroy(); } });
  server.emit('connection', socket);
  return client;
}

/**
 * Sends `n` GETs of `path` over `concurrency` keep-alive connections, one in flight each; resolves when all were
 * answered 200 (responses are counted by Content-Length) and rejects on any other status.
 */
export function driveGets(server, path, n, concurrency) {
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = 0;
    for (let c = 0; c < concurrency; c++) {
      const client = connectInMemory(server);
      let pending = '';
      const next = () => {
        if (sent >= n) return;
        sent++;
        client.write(request);
      };
      client.on('data', (chunk) => {
        pending += chunk.toString('latin1');
        for (;;) {
          const head = pending.indexOf('\r\n\r\n');
          if (head === -1) return;
          const length = Number(/content-length: (\d+)/i.exec(pending.slice(0, head))?.[1] ?? 0);
          if (pending.length < head + 4 + length) return;
          if (!pending.startsWith('HTTP/1.1 200')) return reject(new Error(pending.slice(0, 300)));
          pending = pending.slice(head + 4 + length);
          if (++done === n) resolve();
          else next();
        }
      });
      next();
    }
  });
}

/** Process CPU (user + system) in µs per request for `n` GETs of `path` (see {@link driveGets}). */
export async function cpuPerGet(server, path, n, concurrency) {
  const before = process.cpuUsage();
  await driveGets(server, path, n, concurrency);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}
