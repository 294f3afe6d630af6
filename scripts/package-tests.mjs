// Runs every package's tap suite through lerna and sums the counts each
// package's reporter (scripts/tap-summary.mjs) saved to .tap/summary.json.
// Shared by scripts/test.mjs (the main run) and scripts/test-matrix.mjs (the
// same suites under other Node versions).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Every workspace package folder, e.g. `packages/restful`. */
export const packages = readdirSync('packages', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('packages', d.name, 'package.json')))
  .map((d) => join('packages', d.name));
const summaryOf = (pkg) => join(pkg, '.tap', 'summary.json');

// kube-lite's suite (end-to-end, mostly waiting on servers, etcd and kubectl) is the longest: it runs beside the
// other packages' suites, which run one after another, so the two cores stay busy.
const LONGEST = '@apiserver/kube-lite';

function lernaTest(lernaArgs, tapArgs, env) {
  const tail = tapArgs.length > 0 ? ['--', ...tapArgs] : [];
  const args = ['lerna', 'run', 'test', '--no-bail', '--no-sort', '--concurrency', '1', ...lernaArgs, ...tail];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit', env });
    child.on('close', (code) => resolve(code ?? 1));
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
  const runs =
    lernaArgs.length > 0
      ? [lernaTest(lernaArgs, tapArgs, env)]
      : [lernaTest(['--scope', LONGEST], tapArgs, env), lernaTest(['--ignore', LONGEST], tapArgs, env)];
  const codes = await Promise.all(runs);
  const sum = { pass: 0, fail: 0, skip: 0 };
  for (const pkg of packages) {
    if (!existsSync(summaryOf(pkg))) {
      if (lernaArgs.length === 0) {
        console.error(`test: ${pkg} left no .tap/summary.json; counted as one failure`);
        sum.fail++;
      }
      continue;
    }
    const counts = JSON.parse(readFileSync(summaryOf(pkg), 'utf8'));
    sum.pass += counts.pass;
    sum.fail += counts.fail;
    sum.skip += counts.skip;
  }
  if (codes.some((c) => c !== 0) && sum.fail === 0) {
    console.error('test: lerna failed with no failing test (coverage below the gate?); counted as one failure');
    sum.fail++;
  }
  return sum;
}
