// Which sources scripts/coverage-map.mjs tells tap each test file's process covers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import coverageMap from '../coverage-map.mjs';

test('spec suites and unit test files cover their own package sources', () => {
  for (const file of ['test/suite.test.ts', 'test/registry/suite.test.ts', 'test/server/front-proxy.test.ts', 'test/serializer/yaml-limits.test.ts']) {
    assert.equal(coverageMap(file), 'src/**/*.{ts,mts}', file);
  }
});

test('end-to-end test files collect no coverage', () => {
  for (const dir of ['e2e', 'reliability', 'hostile', 'docs', 'cli']) {
    assert.equal(coverageMap(`test/${dir}/x.test.ts`), null, dir);
    assert.equal(coverageMap(`test\\${dir}\\x.test.ts`), null, `${dir} (Windows separators)`);
  }
  assert.equal(coverageMap('test/e2e-like/x.test.ts'), 'src/**/*.{ts,mts}', 'only those folders');
});
