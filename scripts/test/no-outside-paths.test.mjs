// Nothing in the repository reads outside its own tree (issue #18): a clone without the steering repository beside
// it must build, test and bench. Fixtures live in the repository (bench/data, packages/*/test/fixtures).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findOutsidePaths } from '../find-outside-paths.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('no code, script or data file of the repository names a path outside it', () => {
  assert.deepEqual(findOutsidePaths(repo), []);
});

test('the scan finds each kind of outside path and ignores prose, URL paths and installed folders', () => {
  const root = mkdtempSync(join(tmpdir(), 'outside-paths-'));
  // The planted paths are assembled here so that this file itself names none of them.
  const up = '../';
  const shared = ['sha', 'red'].join('');
  const machine = (dir) => `/${dir}/`;
  try {
    const files = {
      'packages/a/test/x.test.ts': `const u = new URL('${up.repeat(4)}${shared}/bench/k8s-routes.json', import.meta.url);\n`,
      'bench/b.mjs': `const dir = join(here, '..', '..', '${shared}', 'bench');\n`,
      'packages/c/test/y.test.ts': `const FIXTURES = '${machine('work')}${shared}/fixtures';\nconst p = '/api/v1/namespaces';\n`,
      'scripts/z.sh': `cat ${machine('home')}someone/data.json\n`,
      'docs/guide.md': `The steering repository keeps ${up}${shared}/bench.\n`,
      'node_modules/dep/index.js': `require('${machine('root')}x');\n`,
      'packages/d/dist/index.js': `read('${up}${shared}/x');\n`,
      // A sibling module whose name starts with the word, and a worktree's `.git` file naming the main checkout.
      'packages/e/src/cache.ts': `import { share } from '${up}${shared}-objects.js';\n`,
      'packages/e/.git': `gitdir: ${machine('work')}main/.git/worktrees/e\n`,
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const found = findOutsidePaths(root).map((f) => `${f.file}:${f.line}: ${f.pattern}`);
    assert.deepEqual(found.sort(), [
      'bench/b.mjs:1: steering-repository segments',
      'packages/a/test/x.test.ts:1: steering-repository path',
      'packages/c/test/y.test.ts:1: machine absolute path',
      'scripts/z.sh:1: machine absolute path',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
