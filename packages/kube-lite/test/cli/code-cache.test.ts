/**
 * The bin runs the bundle with the V8 code cache the build recorded (bin/load-bundle.js,
 * scripts/record-code-cache.mjs): V8 takes the recorded cache, and a missing, stale or corrupt cache changes
 * nothing but the time the bundle takes to compile.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import t from 'tap';
import { KUBE_LITE_BIN } from './cli-process.js';

const binDir = dirname(KUBE_LITE_BIN);
const bundle = join(binDir, '..', 'dist', 'bundle', 'kube-lite.cjs');
const cacheFile = `${bundle}.cache`;

// Children run without the test runner's NODE_OPTIONS and coverage: V8 flags of their own would make V8 refuse
// any cache.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS' && k !== 'NODE_V8_COVERAGE'));

function node(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 20_000, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** What became of the code cache when the bundle next to `bin` compiles in a fresh process. */
function cacheStatus(binDirectory: string): string {
  const r = node(['-e', `process.stdout.write(require(${JSON.stringify(join(binDirectory, 'load-bundle.js'))}).compileBundle().cache)`]);
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout;
}

const kubeconfigArgs = ['kubeconfig', '--port=9999'];

t.test('V8 accepts the code cache recorded at build time (and refuses it under another Node)', async (t) => {
  // The build records the cache with its Node; the runtime matrix runs these tests under other versions.
  const recordedBy = readFileSync(`${cacheFile}.node-version`, 'utf8');
  t.equal(cacheStatus(binDir), recordedBy === process.version ? 'accepted' : 'rejected', `cache recorded by Node ${recordedBy}`);
});

t.test('a missing, stale or corrupt cache only costs compile time', async (t) => {
  const expected = node([KUBE_LITE_BIN, ...kubeconfigArgs]);
  t.equal(expected.code, 0);
  t.match(expected.stdout, /server: http:\/\/127\.0\.0\.1:9999/);
  const cache = readFileSync(cacheFile);
  const digestLength = 20;
  const cases: { name: string; cache?: Buffer; status: string }[] = [
    { name: 'missing', status: 'absent' },
    // Made from another bundle: the SHA-1 differs, whatever V8 would say of data for a source of the same length.
    { name: 'stale', cache: Buffer.concat([Buffer.alloc(digestLength), cache.subarray(digestLength)]), status: 'stale' },
    { name: 'corrupt', cache: Buffer.concat([cache.subarray(0, digestLength), Buffer.from('not V8 code cache data')]), status: 'rejected' },
    { name: 'truncated', cache: cache.subarray(0, cache.length >> 1), status: 'rejected' },
  ];
  for (const c of cases) {
    // A copy of the bin and the bundle (the bundle needs no node_modules for the kubeconfig command).
    const root = mkdtempSync(join(tmpdir(), 'kube-lite-code-cache-'));
    t.teardown(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
    for (const f of ['kube-lite.js', 'load-bundle.js', 'package.json']) copyFileSync(join(binDir, f), join(root, 'bin', f));
    copyFileSync(bundle, join(root, 'dist', 'bundle', 'kube-lite.cjs'));
    if (c.cache !== undefined) writeFileSync(join(root, 'dist', 'bundle', 'kube-lite.cjs.cache'), c.cache);
    t.equal(cacheStatus(join(root, 'bin')), c.status, `${c.name}: ${c.status}`);
    t.same(node([join(root, 'bin', 'kube-lite.js'), ...kubeconfigArgs]), expected, `${c.name}: the same output`);
  }
});
