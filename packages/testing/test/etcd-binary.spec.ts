import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import {
  ETCD_INSTALL_COMMANDS,
  ensureEtcdBinary,
  errnoCode,
  findExecutable,
  runCommands,
} from '../src/etcd-binary.js';
import { tempDir } from '../src/temp-dir.js';

async function fakeExecutable(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, 0o755);
  return file;
}

t.test('findExecutable', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const bin = path.join(dir.path, 'bin');
  await mkdir(bin);
  await writeFile(path.join(bin, 'etcd-not-exec'), 'x');
  const exe = await fakeExecutable(bin, 'etcd');
  t.equal(await findExecutable('etcd', `::${path.join(dir.path, 'missing')}:${bin}`), exe, 'skips empty and missing dirs');
  t.equal(await findExecutable('etcd-not-exec', bin), undefined, 'non-executable files do not count');
  t.equal(await findExecutable('etcd', ''), undefined, 'empty PATH finds nothing');
  t.equal(await findExecutable('etcd', path.join(dir.path, 'missing')), undefined);
});

// On a fresh machine etcd is not there until the first etcd test installs it (this file may run first).
t.test('after ensureEtcdBinary, etcd is on PATH', async (t) => {
  const installed = await ensureEtcdBinary();
  t.equal(await findExecutable('etcd'), installed);
});

t.test('ensureEtcdBinary returns the PATH binary without installing', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const exe = await fakeExecutable(dir.path, 'etcd');
  const got = await ensureEtcdBinary({
    pathEnv: dir.path,
    lockFile: path.join(dir.path, 'lock'),
    install: () => Promise.reject(new Error('must not install')),
  });
  t.equal(got, exe);
});

t.test('parallel callers install once under the lock', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const bin = path.join(dir.path, 'bin');
  await mkdir(bin);
  const lockFile = path.join(dir.path, 'install.lock');
  let installs = 0;
  const install = async (): Promise<void> => {
    installs++;
    t.ok((await stat(lockFile)).isFile(), 'installer runs while holding the lock');
    await sleep(300);
    await fakeExecutable(bin, 'etcd');
  };
  const results = await Promise.all([1, 2, 3].map(() => ensureEtcdBinary({ pathEnv: bin, lockFile, install })));
  t.equal(installs, 1, 'apt would run only once');
  t.same(results, [1, 2, 3].map(() => path.join(bin, 'etcd')));
  await t.rejects(stat(lockFile), 'lock released');
});

t.test('an install that does not produce etcd is an error, and the lock is released', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const lockFile = path.join(dir.path, 'lock');
  await t.rejects(ensureEtcdBinary({ pathEnv: dir.path, lockFile, install: async () => {} }), /still not on PATH/);
  await t.rejects(
    ensureEtcdBinary({ pathEnv: dir.path, lockFile, install: () => Promise.reject(new Error('apt broke')) }),
    /apt broke/,
  );
  await t.rejects(stat(lockFile), 'lock released after failures');
});

t.test('a stale lock (dead owner) is taken over; a live one is waited for, bounded', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const lockFile = path.join(dir.path, 'lock');
  await writeFile(lockFile, '999999999');
  let installs = 0;
  const install = async (): Promise<void> => {
    installs++;
    await fakeExecutable(dir.path, 'etcd');
  };
  t.equal(await ensureEtcdBinary({ pathEnv: dir.path, lockFile, install }), path.join(dir.path, 'etcd'));
  t.equal(installs, 1);

  const other = path.join(dir.path, 'empty');
  await mkdir(other);
  await writeFile(lockFile, String(process.pid));
  const started = Date.now();
  await t.rejects(ensureEtcdBinary({ pathEnv: other, lockFile, install, waitTimeoutMs: 300 }), /timed out/);
  t.ok(Date.now() - started < 2000, 'wait is bounded');
  t.equal(installs, 1, 'no install while someone else holds the lock');
});

t.test('runCommands and the apt recipe', async (t) => {
  await runCommands([{ command: 'true', args: [] }]);
  await t.rejects(runCommands([{ command: 'false', args: [] }]), /false {2}failed: 1/);
  await t.rejects(runCommands([{ command: '/nonexistent/cmd', args: ['x'] }]), /ENOENT/);
  t.same(
    ETCD_INSTALL_COMMANDS.map((c) => [c.command, ...c.args].join(' ')),
    ['apt-get update', 'apt-get install -y etcd-server'],
  );
});

t.test('errnoCode', async (t) => {
  t.equal(errnoCode(Object.assign(new Error('x'), { code: 'EEXIST' })), 'EEXIST');
  t.equal(errnoCode(new Error('x')), undefined);
  t.equal(errnoCode({ code: 5 }), undefined);
  t.equal(errnoCode(null), undefined);
});
