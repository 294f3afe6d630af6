import { stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freePort, freePorts } from '../src/free-port.js';
import { tempDir } from '../src/temp-dir.js';

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => resolve(server));
  });
}

t.test('freePort returns a port we can bind', async (t) => {
  const port = await freePort();
  t.ok(port > 0 && port < 65536);
  const server = await listen(port);
  await new Promise((r) => server.close(r));
});

t.test('freePorts returns distinct ports', async (t) => {
  const ports = await freePorts(4);
  t.equal(new Set(ports).size, 4);
});

t.test('freePort reports bind errors', async (t) => {
  await t.rejects(freePort('203.0.113.1'), /EADDRNOTAVAIL/);
});

t.test('tempDir creates a unique dir and removes only it', async (t) => {
  const a = await tempDir();
  const b = await tempDir('custom-');
  t.not(a.path, b.path);
  t.ok(a.path.startsWith(os.tmpdir()));
  t.match(path.basename(b.path), /^custom-/);
  await writeFile(path.join(a.path, 'f'), 'x');
  await a.remove();
  await a.remove();
  await t.rejects(stat(a.path));
  t.ok((await stat(b.path)).isDirectory(), 'the other dir is untouched');
  await b.remove();
  await t.rejects(tempDir('a/b'), TypeError);
});
