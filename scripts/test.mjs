// What `npm test` runs after install, build and lint: every package's tap run
// through lerna, then one closing line "N passed, N failed" summed over all
// packages. Extra arguments go to `lerna run test` (e.g. --scope @apiserver/restful).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { summaryLine } from './tap-count.mjs';

const args = process.argv.slice(2);
const packages = readdirSync('packages', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('packages', d.name, 'package.json')))
  .map((d) => join('packages', d.name));
const summaryOf = (pkg) => join(pkg, '.tap', 'summary.json');
for (const pkg of packages) rmSync(summaryOf(pkg), { force: true });

// kube-lite's suite (end-to-end, mostly waiting on servers, etcd and kubectl) is the longest: without arguments it
// runs beside the other packages' suites, which run one after another, so the two cores stay busy.
const LONGEST = '@apiserver/kube-lite';
function lernaTest(extra) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['lerna', 'run', 'test', '--no-bail', '--no-sort', '--concurrency', '1', ...extra], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
const codes = args.length > 0 ? [await lernaTest(args)] : await Promise.all([lernaTest(['--scope', LONGEST]), lernaTest(['--ignore', LONGEST])]);
const lerna = { status: codes.every((c) => c === 0) ? 0 : 1 };

const sum = { pass: 0, fail: 0, skip: 0 };
for (const pkg of packages) {
  if (!existsSync(summaryOf(pkg))) {
    if (args.length === 0) {
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
if (lerna.status !== 0 && sum.fail === 0) {
  console.error('test: lerna failed with no failing test (coverage below the gate?); counted as one failure');
  sum.fail++;
}
// On a line of its own even if a package's output (relayed by nx) ended mid-line;
// `total:` tells it apart from the per-package lines for .ci/run.
console.log(`\ntotal: ${summaryLine(sum)}`);
process.exitCode = lerna.status !== 0 || sum.fail > 0 ? 1 : 0;
