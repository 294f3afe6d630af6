// A tap reporter: tap spawns `node ../../scripts/tap-summary.mjs` and pipes the
// raw TAP of a package's whole run into stdin. It echoes the TAP, prints the
// package's "N passed, N failed" and saves the counts for scripts/test.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { countTap, summaryLine } from './tap-count.mjs';

process.stdin.pipe(process.stdout, { end: false });
const totals = await countTap(process.stdin);
mkdirSync('.tap', { recursive: true });
writeFileSync('.tap/summary.json', `${JSON.stringify(totals)}\n`);
process.stdout.write(`${summaryLine(totals)}\n`);
