// Shared helpers for benchmarks: statistics, machine facts and the results file
// every benchmark writes (bench/results/<name>.json), which scripts/bench-report.mjs
// turns into docs/benchmarks.md with SVG charts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Percentile (0..100) of a list of numbers, nearest-rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** The machine a result was measured on. */
export function machine() {
  const cpu = cpus();
  return { cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
}

/**
 * Writes bench/results/<name>.json. `tables` is a list of
 * `{ title, unit, baseline, better: 'lower' | 'higher', rows: [{ name, value, ratio?, note? }] }`;
 * `ratio` is value / baseline value when not given.
 */
export function writeResults(name, { title, command, tables, notes = [] }) {
  for (const table of tables) {
    const base = table.rows.find((r) => r.name === table.baseline);
    for (const row of table.rows) {
      if (row.ratio === undefined && base) row.ratio = row.value / base.value;
    }
  }
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const doc = { name, title, command: command ?? `npm run bench -- ${name}`, date: new Date().toISOString(), machine: machine(), tables, notes };
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}

/** Prints a results table with ratios to the console. */
export function printTable(table) {
  console.log(`\n${table.title} (${table.unit}, ${table.better} is better; ratio vs ${table.baseline})`);
  const width = Math.max(...table.rows.map((r) => r.name.length), 10);
  for (const row of table.rows) {
    const ratio = row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`;
    console.log(`  ${row.name.padEnd(width)}  ${String(Math.round(row.value * 100) / 100).padStart(12)}  ${ratio.padStart(8)}  ${row.note ?? ''}`);
  }
}
