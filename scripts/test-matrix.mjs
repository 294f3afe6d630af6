// `npm run test:matrix`: every package's tests again under each other Node
// version the packages support (engines: ^20.19 || >=22; the main `npm test`
// runs on the machine's Node). Each Node comes from the npm registry as the
// `node-<platform>-<arch>` package at a pinned version, unpacked once under
// .cache/node/<version>/ (gitignored); a later run reuses it. The machine's
// Node is left alone: the fetched one's bin folder leads PATH for the test
// processes only. The build (tsc output, the packages' bundles, kube-lite's CLI bundle) is the main run's.
// Coverage is off here: the 90% gate belongs to the main run.
// Prints "node <v>: N passed, N failed" per version and closes with
// "matrix: N passed, N failed" summed; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packages, runPackageTests } from './package-tests.mjs';
import { ensureTapBuilt } from './tap-build.mjs';
import { ensureVendorBundles } from './typescript/vendor-bundles.mjs';
import { summaryLine } from './tap-count.mjs';

/** The Node versions beside the machine's: the newest 22 and 24 when pinned. */
export const MATRIX_VERSIONS = ['22.23.3', '24.21.0'];
const CACHE = resolve('.cache', 'node');

/** The bin folder of Node `version`, fetched into the cache on first use. */
export function nodeBinDir(version) {
  const home = join(CACHE, version);
  const bin = join(home, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  const spec = `node-${process.platform}-${process.arch}@${version}`;
  console.log(`test-matrix: fetching ${spec} into ${home}`);
  mkdirSync(CACHE, { recursive: true });
  const scratch = mkdtempSync(join(CACHE, '.fetch-'));
  try {
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', scratch, '--silent'], { stdio: ['ignore', 'pipe', 'inherit'] });
    if (pack.status !== 0) throw new Error(`npm pack ${spec} exited with ${pack.status}`);
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`npm pack ${spec} left no tarball`);
    const untar = spawnSync('tar', ['-xzf', join(scratch, tarball), '-C', scratch], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`tar exited with ${untar.status}`);
    rmSync(home, { recursive: true, force: true });
    renameSync(join(scratch, 'package'), home);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const check = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' });
  if (check.stdout.trim() !== `v${version}`) throw new Error(`${bin}/node reports ${check.stdout.trim() || check.error}`);
  return bin;
}

/** Builds once with the machine's Node when a package's output is missing (the main `npm test` builds first). */
function ensureBuilt() {
  const outputs = [...packages.flatMap((p) => [join(p, 'dist', 'index.js'), join(p, 'dist', 'esm', 'index.js')]), join('packages', 'kube-lite', 'dist', 'bundle', 'kube-lite.cjs')];
  if (outputs.every((f) => existsSync(f))) return;
  console.log('test-matrix: building first');
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`npm run build exited with ${run.status}`);
}

async function main() {
  ensureBuilt();
  await ensureTapBuilt();
  await ensureVendorBundles();
  const total = { pass: 0, fail: 0, skip: 0 };
  const lines = [];
  for (const version of MATRIX_VERSIONS) {
    let sum;
    try {
      const env = { ...process.env, PATH: `${nodeBinDir(version)}${delimiter}${process.env.PATH ?? ''}` };
      console.log(`\ntest-matrix: node ${version}`);
      sum = await runPackageTests({ tapArgs: ['--disable-coverage'], env });
    } catch (error) {
      console.error(`test-matrix: node ${version}: ${error.message}; counted as one failure`);
      sum = { pass: 0, fail: 1, skip: 0 };
    }
    lines.push(`node ${version}: ${summaryLine(sum)}`);
    total.pass += sum.pass;
    total.fail += sum.fail;
    total.skip += sum.skip;
  }
  console.log(`\n${lines.join('\n')}`);
  console.log(`matrix: ${summaryLine(total)}`);
  process.exitCode = total.fail > 0 ? 1 : 0;
}

// Run as a script (npm run test:matrix); importing it only gives nodeBinDir.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
