import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freePort, freePorts } from '../src/free-port.js';
import { findOrInstallPythonKubernetes } from '../src/python-kubernetes.js';
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

/** Writes an executable shell script `name` into `dir`. */
async function script(dir: string, name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

t.test('findOrInstallPythonKubernetes: a python that imports kubernetes is used as is', async (t) => {
  const dir = t.testdir();
  const python = await script(dir, 'python', 'echo 22.6.0');
  t.same(await findOrInstallPythonKubernetes({ python, pathEnv: dir, commandTimeoutMs: 5_000 }), { python, version: '22.6.0' });
});

const asRoot = { skip: process.getuid?.() !== 0 && 'the install path runs only as root' };

t.test('findOrInstallPythonKubernetes: an install failing for lack of lists runs update once and retries, then a skip reason', asRoot, async (t) => {
  const dir = t.testdir();
  const log = path.join(dir, 'calls');
  const python = await script(dir, 'python', 'exit 1');
  // A fake apt-get whose update works and whose install still finds no package.
  const fail = `echo 'E: Unable to locate package python3-kubernetes' >&2\nexit 100`;
  await script(dir, 'apt-get', `echo "$@" >> ${log}\ncase "$*" in *update) exit 0;; esac\n${fail}`);
  const lookup = await findOrInstallPythonKubernetes({ python, pathEnv: dir, commandTimeoutMs: 5_000 });
  t.match(lookup, { skip: /^cannot install python3-kubernetes: apt-get .*install .*Unable to locate package/s });
  const calls = (await readFile(log, 'utf8')).trim().split('\n');
  t.same(
    calls.map((c) => c.replace('-o DPkg::Lock::Timeout=5 ', '')),
    ['install -y --no-install-recommends python3-kubernetes', 'update', 'install -y --no-install-recommends python3-kubernetes'],
  );
});

t.test('findOrInstallPythonKubernetes: another apt-get failure is reported without an update', asRoot, async (t) => {
  const dir = t.testdir();
  const log = path.join(dir, 'calls');
  const python = await script(dir, 'python', 'exit 1');
  await script(dir, 'apt-get', `echo "$@" >> ${log}\necho 'E: dpkg was interrupted' >&2\nexit 100`);
  t.match(await findOrInstallPythonKubernetes({ python, pathEnv: dir, commandTimeoutMs: 5_000 }), { skip: /dpkg was interrupted/ });
  t.equal((await readFile(log, 'utf8')).trim().split('\n').length, 1, 'only the install ran');
});

t.test('findOrInstallPythonKubernetes: installed but still not importable is a skip reason', asRoot, async (t) => {
  const dir = t.testdir();
  const python = await script(dir, 'python', "echo 'No module named kubernetes' >&2\nexit 1");
  await script(dir, 'apt-get', 'exit 0');
  t.match(await findOrInstallPythonKubernetes({ python, pathEnv: dir, commandTimeoutMs: 5_000 }), {
    skip: /^python3-kubernetes was installed but .*No module named kubernetes/s,
  });
});
