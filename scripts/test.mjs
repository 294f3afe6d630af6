// What `npm test` runs after install: the build the tests need (every
// package's sources and kube-lite's bundle); then every package's tap run
// through lerna and, beside it at a lower priority, the checks that only read
// that build (the tests' type-check, lint, the documentation examples and
// scripts/test); then one closing line "N passed, N failed" summed over all
// packages, where each failed check counts as one failure.
// Extra arguments go to `lerna run test` (e.g. --scope @apiserver/restful); the
// checks are then left out.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packages, runPackageTests } from './package-tests.mjs';
import { ensureTapBuilt } from './tap-build.mjs';
import { summaryLine } from './tap-count.mjs';
import { ensureVendorBundles } from './typescript/vendor-bundles.mjs';

/** The repository's root. */
const ROOT = resolve(import.meta.dirname, '..');

/** The checks, in order: each a label and a command. */
const CHECKS = [
  ['type-check of the tests', ['npx', 'tsgo', '-b']],
  ['lint', ['npx', 'biome', 'lint', 'packages', 'scripts', 'bench', 'examples']],
  ['check-examples', ['npm', 'run', '--silent', 'check-examples']],
];

/** Runs one build command from the repository's root (tap-build may have changed the current folder); resolves to its exit code. */
function buildStep(command) {
  console.log(`test: ${command.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', cwd: ROOT });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Exits after one build failure, counted as one failure. */
function buildFailed(what) {
  console.error(`test: the build failed (${what}); counted as one failure`);
  console.log(`\ntotal: ${summaryLine({ pass: 0, fail: 1, skip: 0 })}`);
  process.exit(1);
}

/**
 * Builds every package's sources (not the test projects: the checks type-check those) with TypeScript's native
 * compiler, the bundles they ship and kube-lite's; beside that, tap for our plugin set and the vendor bundles the
 * tests load, which need none of it. Exits on failure.
 */
async function buildForTests() {
  const projects = packages.map((p) => join(p, 'tsconfig.json')).filter((f) => existsSync(f));
  const commands = [['npx', 'tsgo', '-b', ...projects], ['node', 'scripts/package-bundles.mjs'], ['npm', 'run', '--silent', 'bundle', '-w', '@apiserver/kube-lite']];
  const ours = (async () => {
    for (const command of commands) {
      const code = await buildStep(command);
      if (code !== 0) return `${command.join(' ')} exited with ${code}`;
    }
    return undefined;
  })();
  const tools = ensureTapBuilt()
    .then(() => ensureVendorBundles())
    .then(
      () => undefined,
      (err) => String(err instanceof Error ? err.message : err),
    );
  const failures = (await Promise.all([ours, tools])).filter((f) => f !== undefined);
  if (failures.length > 0) buildFailed(failures.join('; '));
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
await buildForTests();
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
