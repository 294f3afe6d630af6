// tap's coverage map (`coverage-map` in .taprc): which sources a test file's process covers, by the test file's path
// relative to its package.
// - Every test file covers its own package's `src/` alone. Without a map, each test process records and writes V8
//   coverage for every module it loads (the other packages' builds, the root node_modules: ~7 MB of JSON per
//   process) only for the report to drop all of it, as the report shows the package's own `src/` alone.
// - End-to-end files (`test/e2e/`, `test/reliability/`, `test/hostile/`, `test/docs/`, `test/cli/`: real clients,
//   spawned servers, a browser) cover nothing: V8's block counters cost their processes 5-20% more CPU (3-12 of
//   ~55 CPU-s in interleaved runs of three and four of them, 2026-12-02), for lines the spec suites cover already.
//   In kube-lite, the only package that has them, its 24 such files added 20 covered lines of 31,194 (98.77% of
//   lines with them, 98.71% without, the same run's coverage reported twice).

/** Test files that run real clients and processes against a whole server: their processes collect no coverage. */
export const UNCOVERED_TEST_FILE = /^test\/(e2e|reliability|hostile|docs|cli)\//;

/** The sources `testFile` (e.g. `test/suite.test.ts`) covers, or null for none. */
export default function coverageMap(testFile) {
  return UNCOVERED_TEST_FILE.test(testFile.replaceAll('\\', '/')) ? null : 'src/**/*.{ts,mts}';
}
