/** @module free-port — pick a loopback TCP port nobody is listening on. */
import net from 'node:net';

/**
 * Returns a TCP port on `host` that was free a moment ago: the kernel picks it when we listen on
 * port 0, then we close the listener. Another process may still take it before the caller binds it,
 * so callers that start servers must retry on "address already in use".
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error(`freePort: unexpected listener address ${String(address)}`));
        return;
      }
      server.close((err) => (err ? reject(err) : resolve(address.port)));
    });
  });
}

/** Returns `count` distinct free ports (each picked like {@link freePort}). */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const ports = new Set<number>();
  // Bounded: the kernel rarely hands out the same ephemeral port twice in a row.
  for (let attempt = 0; ports.size < count && attempt < count * 10; attempt++) {
    ports.add(await freePort(host));
  }
  if (ports.size < count) throw new Error(`freePorts: could not find ${count} distinct free ports`);
  return [...ports];
}
