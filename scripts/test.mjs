// What `npm test` runs after install: the build the tests need (every
// package's sources and kube-lite's bundle); then every package's tap run
// through lerna and, beside it at a lower priority, the checks that only read
// that build (the tests' type-check, lint, the documentation examples and
// scripts/test); then one closing line "N passed, N failed" summed over all
// packages, where each failed check counts as one failure.
// Extra arguments go to `lerna run test` (e.g. --scope @apiserver/restful); the
// checks are then left out.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packages, runPackageTests } from './package-tests.mjs';
import { ensureTapBuilt } from './tap-build.mjs';
import { summaryLine } from './tap-count.mjs';
import { ensureVendorBundles } from './typescript/vendor-bundles.mjs';

/** The checks, in order: each a label and a command. */
const CHECKS = [
  ['type-check of the tests', ['npx', 'tsc', '-b']],
  ['lint', ['npx', 'biome', 'lint', 'packages', 'scripts', 'bench', 'examples']],
  ['check-examples', ['npm', 'run', '--silent', 'check-examples']],
];

/** Builds every package's sources (not the test projects), the bundles they ship and kube-lite's; exits on failure. */
function buildForTests() {
  const projects = packages.map((p) => join(p, 'tsconfig.json')).filter((f) => existsSync(f));
  const commands = [['npx', 'tsc', '-b', ...projects], ['node', 'scripts/package-bundles.mjs'], ['npm', 'run', '--silent', 'bundle', '-w', '@apiserver/kube-lite']];
  for (const command of commands) {
    console.log(`test: ${command.join(' ')}`);
    const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`test: the build failed (exit ${run.status}); counted as one failure`);
      console.log(`\ntotal: ${summaryLine({ pass: 0, fail: 1, skip: 0 })}`);
      process.exit(1);
    }
  }
}

/** Runs one command at nice 10 with its output captured; resolves to its exit code and output. */
function captured([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(String(error))));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/** Runs the checks one after another; resolves to each one's label, exit code and output. */
async function runChecks() {
  const results = [];
  for (const [label, command] of CHECKS) results.push({ label, ...(await captured(command)) });
  return results;
}

const started = performance.now();
/** Logs how long `npm test` has run so far, after `phase` (CI logs then show where the time went). */
const elapsed = (phase) => console.log(`test: ${phase} at ${((performance.now() - started) / 1000).toFixed(0)} s`);
const lernaArgs = process.argv.slice(2);
buildForTests();
await ensureTapBuilt();
await ensureVendorBundles();
elapsed('build done');
const checks = lernaArgs.length === 0 ? runChecks().finally(() => elapsed('checks done')) : Promise.resolve([]);
const sum = await runPackageTests({ lernaArgs });
elapsed('package tests done');
for (const { label, code, output } of await checks) {
  if (code === 0) {
    console.log(`test: ${label}: ok`);
    continue;
  }
  console.error(`\n${output}\ntest: ${label} failed (exit ${code}); counted as one failure`);
  sum.fail++;
}
// On a line of its own even if a package's output (relayed by nx) ended mid-line;
// `total:` tells it apart from the per-package lines for .ci/run.
console.log(`\ntotal: ${summaryLine(sum)}`);
process.exitCode = sum.fail > 0 ? 1 : 0;
