import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { debianKubectl120 } from '../src/kubectl-debian.js';
import { findKubectl, KUBECTL_GO_RUNTIME_ENV, kubectlArgs, runKubectl, startKubectl, versionedKubectls } from '../src/kubectl.js';
import { tempDir } from '../src/temp-dir.js';

// ~35 s on a quiet machine (apt-get download and dpkg -x of Debian's kubectl 1.20); 136 s at load ~23, past tap's
// 120 s per-file default.
t.setTimeout(300_000);

async function script(dir: string, name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

t.test('findKubectl', async (t) => {
  const found = await findKubectl();
  if (!('binary' in found)) throw new Error(`this machine has kubectl on PATH: ${found.reason}`);
  t.match(path.basename(found.binary), /^kubectl/);
  t.same(await findKubectl(''), { reason: 'no executable kubectl on PATH' });
});

t.test('runKubectl runs the PATH kubectl with --kubeconfig and --cache-dir', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const found = await findKubectl();
  if (!('binary' in found)) throw new Error(found.reason);
  const options = { kubeconfig: path.join(dir.path, 'kubeconfig'), cacheDir: path.join(dir.path, 'cache') };
  t.same(kubectlArgs(['get', 'pods', '--', 'x'], options), [
    '--kubeconfig', options.kubeconfig, '--cache-dir', options.cacheDir, 'get', 'pods', '--', 'x',
  ]);
  const res = await runKubectl(found.binary, ['version', '--client', '-o', 'json'], options);
  t.equal(res.code, 0, res.stderr);
  t.equal(res.timedOut, false);
  const version: unknown = JSON.parse(res.stdout);
  t.match(version, { clientVersion: { major: '1', gitVersion: /^v1\.\d+/ } });
});

t.test('arguments, environment and stdin reach the process', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const fake = await script(dir.path, 'kubectl', 'echo "args:$*"; echo "env:$KUBE_EDITOR"; cat; echo oops >&2; exit 3');
  const res = await runKubectl(fake, ['get', 'cm'], {
    kubeconfig: '/k',
    cacheDir: '/c',
    env: { KUBE_EDITOR: 'my-editor' },
    input: 'from-stdin',
  });
  t.same(res, {
    code: 3,
    signal: null,
    stdout: 'args:--kubeconfig /k --cache-dir /c get cm\nenv:my-editor\nfrom-stdin',
    stderr: 'oops\n',
    timedOut: false,
  });
});

t.test('Go runtime settings: KUBECTL_GO_RUNTIME_ENV unless the environment or the call sets them', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const fake = await script(dir.path, 'kubectl', 'echo "$GOMAXPROCS:$GOGC"');
  const res = await runKubectl(fake, [], { kubeconfig: '/k', cacheDir: '/c', env: { GOGC: '100' } });
  t.equal(res.stdout, `${process.env.GOMAXPROCS ?? KUBECTL_GO_RUNTIME_ENV.GOMAXPROCS}:100\n`, 'GOMAXPROCS from the defaults (or the environment), GOGC from the call');
  t.same(KUBECTL_GO_RUNTIME_ENV, { GOMAXPROCS: '1', GOGC: '400' });
});

t.test('a run past its timeout is killed with its process group', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const marker = path.join(dir.path, 'survived');
  // The grandchild would write the marker after 2 s unless the whole group is killed.
  const fake = await script(dir.path, 'kubectl', `(sleep 2; touch ${marker}) & echo started; sleep 30`);
  const started = Date.now();
  const res = await runKubectl(fake, [], { kubeconfig: '/k', cacheDir: '/c', timeoutMs: 300 });
  t.ok(Date.now() - started < 5000, 'bounded');
  t.match(res, { code: null, signal: 'SIGKILL', stdout: 'started\n', timedOut: true });
  await new Promise((r) => setTimeout(r, 2500));
  const { access } = await import('node:fs/promises');
  await t.rejects(access(marker), 'the grandchild was killed too');
});

t.test('startKubectl: wait for output, stop, and failures', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const fake = await script(dir.path, 'kubectl', 'echo first; sleep 0.3; echo second; sleep 30');
  const watch = startKubectl(fake, [], { kubeconfig: '/k', cacheDir: '/c' });
  t.type(watch.pid, 'number');
  t.match(await watch.waitForOutput(/second/, 5000), /first\nsecond/);
  await t.rejects(watch.waitForOutput(/third/, 200), /no \/third\/ within 200 ms/);
  const res = await watch.stop();
  t.match(res, { code: null, signal: 'SIGKILL', stdout: 'first\nsecond\n', timedOut: false });
  t.same(await watch.stop(), res, 'stop is idempotent');
  t.equal(watch.stdout(), 'first\nsecond\n');
  t.equal(watch.stderr(), '');

  const quick = startKubectl(await script(dir.path, 'quick', 'echo bye'), [], { kubeconfig: '/k', cacheDir: '/c' });
  await t.rejects(quick.waitForOutput(/never/, 5000), /kubectl ended before \/never\/: stdout=bye/);
  await t.rejects(quick.waitForOutput(/never/, 5000), /ended before/, 'also when asked after the end');

  const missing = await runKubectl(path.join(dir.path, 'nope'), [], { kubeconfig: '/k', cacheDir: '/c' });
  t.match(missing, { stderr: /ENOENT/, timedOut: false });
  t.not(missing.code, 0);
});

t.test('debianKubectl120 unpacks Debian kubectl 1.20 once, shared by parallel callers', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const cacheDir = path.join(dir.path, 'kubectl-1.20');
  const results = await Promise.all([debianKubectl120({ cacheDir }), debianKubectl120({ cacheDir })]);
  const expected = path.join(cacheDir, 'root', 'usr', 'bin', 'kubectl');
  t.same(results, [{ binary: expected }, { binary: expected }]);
  t.same(await debianKubectl120({ cacheDir }), { binary: expected }, 'cached');
  const res = await runKubectl(expected, ['version', '--client'], { kubeconfig: '/k', cacheDir: dir.path });
  t.match(res, { code: 0, stdout: /GitVersion:"v1\.20\.\d+"/ });
  const { readdir } = await import('node:fs/promises');
  t.same((await readdir(dir.path)).sort(), ['kubectl-1.20'], 'no staging dirs left behind');
});

t.test('debianKubectl120 explains why it cannot provide a binary', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const wrongVersion = await debianKubectl120({ cacheDir: path.join(dir.path, 'a'), expectedVersion: 'v9.99.' });
  t.match(wrongVersion, { reason: /unpacked kubectl is not v9\.99\.: Client Version: .*v1\.20/ });
  const occupied = path.join(dir.path, 'occupied');
  await mkdir(path.join(occupied, 'something'), { recursive: true });
  t.match(await debianKubectl120({ cacheDir: occupied }), { reason: /occupied holds no root\/usr\/bin\/kubectl/ });
  const noPackage = await debianKubectl120({
    cacheDir: path.join(dir.path, 'b'),
    packageName: 'apiserver-ts-no-such-package',
    commandTimeoutMs: 60_000,
  });
  t.match(noPackage, { reason: /apt-get download apiserver-ts-no-such-package failed/ });
});

t.test('versionedKubectls lists kubectl.1.<minor> beside the resolved binary', async (t) => {
  const dir = await tempDir();
  t.teardown(dir.remove);
  const sdk = path.join(dir.path, 'sdk');
  await mkdir(sdk);
  const dispatcher = await script(sdk, 'kubectl', 'exit 0');
  await script(sdk, 'kubectl.1.31', 'exit 0');
  await script(sdk, 'kubectl.1.9', 'exit 0');
  await writeFile(path.join(sdk, 'kubectl.1.30'), 'not executable');
  await script(sdk, 'kubectl.1.x', 'exit 0');
  const link = path.join(dir.path, 'kubectl');
  await symlink(dispatcher, link);
  t.same(await versionedKubectls(link), [
    { minor: 9, binary: path.join(sdk, 'kubectl.1.9') },
    { minor: 31, binary: path.join(sdk, 'kubectl.1.31') },
  ]);
  const found = await findKubectl();
  if ('binary' in found) t.ok((await versionedKubectls(found.binary)).every((v) => v.minor >= 20), 'this machine');
});
