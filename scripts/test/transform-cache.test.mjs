// Tests of scripts/typescript/transform-cache.mjs (swc's output kept on disk for the test processes).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cachedTransform } from '../typescript/transform-cache.mjs';

const dir = mkdtempSync(join(tmpdir(), 'transform-cache-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A transform that counts its calls. */
function counting() {
  const calls = [];
  const transform = (source, filename) => {
    calls.push(filename);
    return `// ${filename}\n${source.toUpperCase()}`;
  };
  return { calls, transform };
}

test('the second transform of the same inputs is read from the cache', () => {
  const { calls, transform } = counting();
  const first = cachedTransform('export const a = 1;', '/src/a.ts', 'swc 1', transform, dir);
  const second = cachedTransform('export const a = 1;', '/src/a.ts', 'swc 1', transform, dir);
  assert.equal(first, '// /src/a.ts\nEXPORT CONST A = 1;');
  assert.equal(second, first);
  assert.deepEqual(calls, ['/src/a.ts']);
});

test('a change of source, file name or salt is a new entry', () => {
  const { calls, transform } = counting();
  cachedTransform('export const b = 1;', '/src/b.ts', 'swc 1', transform, dir);
  cachedTransform('export const b = 2;', '/src/b.ts', 'swc 1', transform, dir);
  cachedTransform('export const b = 1;', '/src/c.ts', 'swc 1', transform, dir);
  assert.equal(cachedTransform('export const b = 1;', '/src/b.ts', 'swc 2', transform, dir), '// /src/b.ts\nEXPORT CONST B = 1;');
  assert.equal(calls.length, 4);
});

test('no temporary file is left behind', () => {
  const files = readdirSync(dir, { recursive: true }).map(String);
  assert.ok(files.length > 0);
  assert.deepEqual(
    files.filter((f) => f.endsWith('.tmp')),
    [],
  );
});

test('an unwritable cache folder still gives the output', () => {
  const { calls, transform } = counting();
  const out = cachedTransform('y', '/src/y.ts', 'salt', transform, join('/dev/null', 'no-dir'));
  assert.equal(out, '// /src/y.ts\nY');
  assert.equal(cachedTransform('y', '/src/y.ts', 'salt', transform, join('/dev/null', 'no-dir')), out);
  assert.equal(calls.length, 2, 'nothing was kept, so each call transforms');
});
