// Runs every package's tap suite through lerna and sums the counts each
// package's reporter (scripts/tap-summary.mjs) saved to .tap/summary.json.
// Shared by scripts/test.mjs (the main run) and scripts/test-matrix.mjs (the
// same suites under other Node versions).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every workspace package folder, e.g. `packages/restful`. */
export const packages = readdirSync('packages', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('packages', d.name, 'package.json')))
  .map((d) => join('packages', d.name));
const summaryOf = (pkg) => join(pkg, '.tap', 'summary.json');

/**
 * Seconds each package's suite took in a full `npm test` on 2 cores (Node 20, four test files at a time per package
 * as the root .taprc's `jobs` says, the machine CPU-bound): from the end of the package before it in its lerna run to
 * its own end, so lerna, npm and tap start-up are included; the mean of three runs on 2026-12-02 (clean clones
 * `cc109` and `cc110`, and `cc110` again), except kube-lite's: its end-to-end files stopped collecting coverage after
 * those runs, and in the next clean clone (`cc112`) its lerna run, with aggregator and registry (60 s expected), ended
 * after 544 s, so 490 s. The package suites run in two lerna runs side by side; the packages are
 * split between them on these figures (longest first, each onto the run with less work so far) so that both end at
 * about the same time. A package missing here counts as {@link DEFAULT_SECONDS}.
 */
export const EXPECTED_SECONDS = {
  '@apiserver/kube-lite': 490,
  '@apiserver/runtime': 110,
  '@apiserver/storage-etcd3': 100,
  '@apiserver/server': 95,
  '@apiserver/testing': 94,
  '@apiserver/endpoints': 88,
  '@apiserver/apiextensions': 56,
  '@apiserver/storage-memory': 46,
  '@apiserver/aggregator': 41,
  '@apiserver/storage': 23,
  '@apiserver/restful': 22,
  '@apiserver/registry': 19,
  '@apiserver/openapi': 12,
};
const DEFAULT_SECONDS = 30;

/** Splits package names into two runs of about equal expected time (longest first onto the lighter run). */
export function balance(names, expected = EXPECTED_SECONDS) {
  const cost = (name) => expected[name] ?? DEFAULT_SECONDS;
  const runs = [
    { names: [], seconds: 0 },
    { names: [], seconds: 0 },
  ];
  for (const name of [...names].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lighter = runs[0].seconds <= runs[1].seconds ? runs[0] : runs[1];
    lighter.names.push(name);
    lighter.seconds += cost(name);
  }
  return runs.map((r) => r.names).filter((n) => n.length > 0);
}

const nameOf = (pkg) => JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).name;

/** Lerna's closing list of failed tasks (`- @apiserver/kube-lite:test`) in the tail of its output. */
export function failedTasks(output) {
  const tail = output.slice(output.lastIndexOf('Failed tasks:'));
  return output.includes('Failed tasks:') ? [...tail.matchAll(/^- (\S+):test\s*$/gm)].map((m) => m[1]) : [];
}

/** Where tap's processinfo records modules: only packages' sources (see scripts/tap-processinfo-scope.mjs). */
const PROCESSINFO_SCOPE = pathToFileURL(join(import.meta.dirname, 'tap-processinfo-scope.mjs')).href;

/** `env` with the processinfo scope import added to NODE_OPTIONS (after any the caller set). */
export function withProcessInfoScope(env) {
  const options = env.NODE_OPTIONS ?? '';
  if (options.includes(PROCESSINFO_SCOPE)) return env;
  return { ...env, NODE_OPTIONS: `${options} --import=${PROCESSINFO_SCOPE}`.trim() };
}

/** Runs lerna, echoing its output; resolves to its exit code and the packages it lists as failed. */
function lernaTest(lernaArgs, tapArgs, env) {
  const tail = tapArgs.length > 0 ? ['--', ...tapArgs] : [];
  const args = ['lerna', 'run', 'test', '--no-bail', '--no-sort', '--concurrency', '1', ...lernaArgs, ...tail];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['inherit', 'pipe', 'inherit'], env: withProcessInfoScope(env) });
    let last = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      last = (last + chunk.toString()).slice(-65536);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, failed: failedTasks(last) }));
  });
}

/**
 * Runs the suites and returns the summed counts. With `lernaArgs` (e.g.
 * `--scope @apiserver/restful`) only those packages run, in one lerna run, and
 * packages that did not run are not counted as failures.
 * @param {{ lernaArgs?: string[], tapArgs?: string[], env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{pass: number, fail: number, skip: number}>}
 */
export async function runPackageTests({ lernaArgs = [], tapArgs = [], env = process.env } = {}) {
  for (const pkg of packages) rmSync(summaryOf(pkg), { force: true });
  const byName = new Map(packages.map((pkg) => [nameOf(pkg), pkg]));
  const lanes = lernaArgs.length > 0 ? [{ args: lernaArgs, pkgs: packages }] : balance([...byName.keys()]).map((names) => ({ args: names.flatMap((n) => ['--scope', n]), pkgs: names.map((n) => byName.get(n)) }));
  const started = performance.now();
  const results = await Promise.all(
    lanes.map(async (lane, i) => {
      const result = await lernaTest(lane.args, tapArgs, env);
      const names = lernaArgs.length > 0 ? lernaArgs.join(' ') : lane.pkgs.map((pkg) => pkg.replace(/^packages\//, '')).join(', ');
      console.log(`test: lerna run ${i + 1} (${names}) took ${((performance.now() - started) / 1000).toFixed(0)} s`);
      return result;
    }),
  );
  const sum = { pass: 0, fail: 0, skip: 0 };
  const failsOf = new Map();
  for (const pkg of packages) {
    if (!existsSync(summaryOf(pkg))) {
      if (lernaArgs.length === 0) {
        console.error(`test: ${pkg} left no .tap/summary.json; counted as one failure`);
        sum.fail++;
        failsOf.set(pkg, 1);
      }
      continue;
    }
    const counts = JSON.parse(readFileSync(summaryOf(pkg), 'utf8'));
    for (const failure of counts.failures ?? []) console.error(`test: ${pkg} failed: ${failure}`);
    sum.pass += counts.pass;
    sum.fail += counts.fail;
    sum.skip += counts.skip;
    failsOf.set(pkg, counts.fail);
  }
  // A package lerna lists as failed with no failing test failed after its tests (tap's coverage gate): one failure
  // each, whatever the other packages counted; a failed lerna run naming no package counts once.
  results.forEach(({ code, failed }, i) => {
    const silent = failed.map((name) => byName.get(name)).filter((pkg) => pkg !== undefined && (failsOf.get(pkg) ?? 0) === 0);
    for (const pkg of silent) console.error(`test: ${pkg} failed with no failing test (coverage below the gate?); counted as one failure`);
    sum.fail += silent.length;
    if (code !== 0 && failed.length === 0 && lanes[i].pkgs.every((pkg) => (failsOf.get(pkg) ?? 0) === 0)) {
      console.error(`test: lerna run ${i + 1} failed (exit ${code}) with no failing test; counted as one failure`);
      sum.fail++;
    }
  });
  return sum;
}
