// `npm run bench [-- name ...]`: runs bench/<name>.mjs for each name given (all
// benchmarks when none), one after the other in separate processes so they do
// not disturb each other, then regenerates docs/benchmarks.md from
// bench/results/*.json. Benchmarks compare against their peers in the same run. Before each one it waits
// for the 1-minute load average to drop below 1 (lib/quiet-machine.mjs: BENCH_QUIET_LOAD, BENCH_QUIET_SECONDS).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quietSettings, waitForQuietMachine } from './lib/quiet-machine.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`bench: unknown benchmark(s) ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const quiet = quietSettings();
let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n=== bench ${name} ===`);
  if (quiet) {
    const { load, waitedSeconds, quiet: reached } = await waitForQuietMachine(quiet);
    const waited = `after ${waitedSeconds.toFixed(0)} s`;
    console.log(
      reached
        ? `1-minute load average ${load.toFixed(2)} < ${quiet.below} ${waited}`
        : `1-minute load average still ${load.toFixed(2)} ${waited} (BENCH_QUIET_SECONDS): starting anyway`,
    );
  }
  const run = spawnSync(process.execPath, ['--expose-gc', join(here, `${name}.mjs`)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`bench: ${name} exited with ${run.status}`);
    failed = true;
  }
}
const report = spawnSync(process.execPath, [join(here, '..', 'scripts', 'bench-report.mjs')], { stdio: 'inherit' });
process.exitCode = failed || report.status !== 0 ? 1 : 0;
