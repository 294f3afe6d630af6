// What `npm test` runs after install, build and lint: every package's tap run
// through lerna, then one closing line "N passed, N failed" summed over all
// packages. Extra arguments go to `lerna run test` (e.g. --scope @apiserver/restful).
import { runPackageTests } from './package-tests.mjs';
import { ensureTapBuilt } from './tap-build.mjs';
import { ensureVendorBundles } from './typescript/vendor-bundles.mjs';
import { summaryLine } from './tap-count.mjs';

await ensureTapBuilt();
await ensureVendorBundles();
const sum = await runPackageTests({ lernaArgs: process.argv.slice(2) });
// On a line of its own even if a package's output (relayed by nx) ended mid-line;
// `total:` tells it apart from the per-package lines for .ci/run.
console.log(`\ntotal: ${summaryLine(sum)}`);
process.exitCode = sum.fail > 0 ? 1 : 0;
