// Every `*.spec.ts` under a package's test/ runs: the nearest `suite.test.ts` at or above its folder (within the
// package's test/) imports it (importSpecs of @apiserver/testing takes its own folder and the sub-folders without a
// suite of their own). A spec with no suite above it would never run, and no test would fail.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..', '..');

function specsUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...specsUnder(path));
    else if (entry.name.endsWith('.spec.ts')) found.push(path);
  }
  return found;
}

/** The `suite.test.ts` nearest above `dir`, up to the package's test/ folder, or undefined. */
function nearestSuite(dir) {
  for (let at = dir; ; at = dirname(at)) {
    const suite = join(at, 'suite.test.ts');
    if (existsSync(suite)) return suite;
    if (basename(at) === 'test' || dirname(at) === at) return undefined;
  }
}

test('every spec file has a suite that runs it', () => {
  const packages = join(root, 'packages');
  const specs = readdirSync(packages)
    .map((p) => join(packages, p, 'test'))
    .filter((d) => existsSync(d))
    .flatMap(specsUnder);
  assert.ok(specs.length > 0, 'there are spec files');
  const orphans = specs.filter((spec) => {
    const suite = nearestSuite(dirname(spec));
    return suite === undefined || !readFileSync(suite, 'utf8').includes('importSpecs(import.meta.url)');
  });
  assert.deepEqual(orphans.map((f) => f.slice(root.length + 1)), []);
});
