/**
 * Folder suites: the small unit-test files (`*.spec.ts`) of a folder and of its sub-folders run in one test process,
 * started by the folder's `suite.test.ts`, instead of one process each; each package has one suite, in `test/`.
 * Each process of a test run costs one to three seconds of CPU before its first test (Node, tap, the module hooks,
 * coverage, loading the package's sources); for a file whose tests take a fraction of that, most of `npm test` went to
 * starting processes. A spec file is written like any tap test file (it imports `t` from tap and registers its
 * tests), sets process-wide state (a logger) only inside its tests, since every spec's module code runs before the
 * first test, and still runs alone with `npx tap test/<folder>/<name>.spec.ts`.
 * @module
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The tap time limit of one spec, in ms (a suite's limit is this times its spec count): tap's per-file default. */
export const SPEC_TIMEOUT_MILLIS = 120_000;

/** The name of a folder suite's file; a folder holding one runs its own specs. */
export const SUITE_FILE = 'suite.test.ts';

/** `dir`'s specs (sorted by name), then those of each sub-folder without a suite of its own, folder by folder. */
function specsUnder(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const own = entries.filter((e) => e.isFile() && e.name.endsWith('.spec.ts')).map((e) => join(dir, e.name));
  const nested = entries
    .filter((e) => e.isDirectory() && e.name !== 'node_modules' && !existsSync(join(dir, e.name, SUITE_FILE)))
    .flatMap((e) => specsUnder(join(dir, e.name)));
  return [...own, ...nested];
}

/**
 * The specs a suite runs: the `*.spec.ts` files in the folder of `suiteUrl` (a suite's `import.meta.url`), sorted
 * by name, then those of its sub-folders that have no suite of their own (a test file alone in its folder thus
 * joins the nearest suite above it), depth first in name order.
 */
export function specFiles(suiteUrl: string): string[] {
  return specsUnder(dirname(fileURLToPath(suiteUrl)));
}

/**
 * Imports every spec of the suite ({@link specFiles}), one after the other, so that their top-level tests register on the
 * one root test in file-name order. Returns the files imported.
 */
export async function importSpecs(suiteUrl: string): Promise<string[]> {
  const files = specFiles(suiteUrl);
  for (const file of files) await import(pathToFileURL(file).href);
  return files;
}
