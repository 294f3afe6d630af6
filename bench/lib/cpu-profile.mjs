// Self time of a V8 CPU profile (`node --cpu-prof`) within a time window, by function and by package, for the
// profiling tools of bench/tools.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Tallies the newest `.cpuprofile` in `dir`, counting only the non-idle samples taken between `from` and `to`
 * (profile clock, µs): `{ file, busy, byFunction, byPackage }` (Maps of sample counts).
 */
export function selfTime(dir, from, to) {
  const file = join(dir, readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1));
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map();
  const byPackage = new Map();
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at < from || at > to) return;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)') return;
    busy++;
    const where = url.replace(/^.*\/packages\//, '').replace(/^file:\/\/.*\/node_modules\//, '');
    const fn = `${functionName || '(anonymous)'} ${where}${where === '' ? '' : `:${lineNumber + 1}`}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
    const pkg = /\/packages\/([^/]+)\//.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node' : url === '' ? functionName : 'other');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
  });
  return { file, busy, byFunction, byPackage };
}

/** The `count` largest entries of a tally as lines `  12.3%  name` (shares of `busy`). */
export function topLines(map, busy, count) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${((100 * samples) / busy).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}
