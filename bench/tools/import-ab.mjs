// What a test process pays for kube-lite's in-process fixture: importing `@apiserver/kube-lite/testing`, then
// `startKubeLite()` to ready twice (each stopped before the next), in a fresh node per run, with our packages
// loaded from the bundles they ship and, interleaved with it, from their modules (the `apiserver-modules` exports
// condition, see scripts/package-bundles.mjs). Run `npm run build` first.
// Run: `node bench/tools/import-ab.mjs [runs]` (default 8).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const kubeLite = fileURLToPath(new URL('../../packages/kube-lite/', import.meta.url));
const runs = Number(process.argv[2] ?? 8);
const PROGRAM = `
const t0 = performance.now();
const { startKubeLite } = await import('@apiserver/kube-lite/testing');
const t1 = performance.now();
const first = await startKubeLite();
const t2 = performance.now();
await first.stop();
const t3 = performance.now();
const second = await startKubeLite();
const t4 = performance.now();
await second.stop();
console.log(JSON.stringify({ import: t1 - t0, firstStart: t2 - t1, secondStart: t4 - t3, sinceSpawn: t2 }));
`;
const contenders = [
  { name: 'bundles (dist/esm)', args: [] },
  { name: 'modules (dist, condition)', args: ['--conditions=apiserver-modules'] },
];

const samples = contenders.map(() => []);
for (let i = 0; i < runs; i++) {
  for (const [k, c] of contenders.entries()) {
    // The program runs inside the kube-lite package, which resolves its own name (and its dependencies).
    const run = spawnSync(process.execPath, [...c.args, '--input-type=module', '-e', PROGRAM], { cwd: kubeLite, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${c.name}: exit ${run.status}\n${run.stderr}`);
    samples[k].push(JSON.parse(run.stdout.trim().split('\n').pop()));
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
for (const [k, c] of contenders.entries()) {
  const cols = ['import', 'firstStart', 'secondStart', 'sinceSpawn'].map((f) => {
    const xs = samples[k].map((s) => s[f]);
    return `${f} ${median(xs).toFixed(0).padStart(5)} ms (${range(xs)})`;
  });
  console.log(`${c.name.padEnd(28)} ${cols.join('  ')}`);
}
