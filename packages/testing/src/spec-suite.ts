/**
 * Folder suites: the small unit-test files of a folder (`*.spec.ts`) run in one test process, started by the
 * folder's `suite.test.ts`, instead of one process each. Each process of a test run costs about a second of CPU
 * before its first test (Node, tap, the module hooks, coverage); for a file whose tests take a fraction of that,
 * most of `npm test` went to starting processes. A spec file is written like any tap test file (it imports `t`
 * from tap and registers its tests) and still runs alone with `npx tap test/<folder>/<name>.spec.ts`.
 * @module
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The tap time limit of one spec, in ms (a suite's limit is this times its spec count): tap's per-file default. */
export const SPEC_TIMEOUT_MILLIS = 120_000;

/** The `*.spec.ts` files in the folder of `suiteUrl` (a suite's `import.meta.url`), sorted by name. */
export function specFiles(suiteUrl: string): string[] {
  const dir = dirname(fileURLToPath(suiteUrl));
  return readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * Imports every spec of the suite's folder, one after the other, so that their top-level tests register on the
 * one root test in file-name order. Returns the files imported.
 */
export async function importSpecs(suiteUrl: string): Promise<string[]> {
  const files = specFiles(suiteUrl);
  for (const file of files) await import(pathToFileURL(file).href);
  return files;
}
