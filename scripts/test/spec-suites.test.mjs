// Every `*.spec.ts` under a package's test/ runs: its folder has a `suite.test.ts` that imports the folder's specs
// (importSpecs of @apiserver/testing). A spec in a folder without one would never run, and no test would fail.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

test('every spec file has a suite that runs it', () => {
  const packages = join(root, 'packages');
  const specs = readdirSync(packages)
    .map((p) => join(packages, p, 'test'))
    .filter((d) => existsSync(d))
    .flatMap(specsUnder);
  assert.ok(specs.length > 0, 'there are spec files');
  const orphans = specs.filter((spec) => {
    const suite = join(dirname(spec), 'suite.test.ts');
    return !existsSync(suite) || !readFileSync(suite, 'utf8').includes('importSpecs(import.meta.url)');
  });
  assert.deepEqual(orphans.map((f) => f.slice(root.length + 1)), []);
});
