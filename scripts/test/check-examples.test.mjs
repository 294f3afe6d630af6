// Tests of scripts/check-examples.mjs (node:test; run with `node --test scripts/test/*.test.mjs`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkExamples, collectExamples, examplesInMarkdown, examplesInSource } from '../check-examples.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = join(repo, 'scripts', 'check-examples.mjs');
const roots = [];
after(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A throw-away repository with the real node_modules and the given files. */
function fakeRepo(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-examples-test-'));
  roots.push(root);
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const SOURCE = [
  '/**', //                                                   1
  ' * Summary with a fence that is not an example:', //      2
  ' * ```ts', //                                              3
  ' * notAnExample();', //                                    4
  ' * ```', //                                                5
  ' * @example First', //                                     6
  ' * ```ts', //                                              7
  " * const a: number = 1;", //                               8
  ' *   console.log(a);', //                                  9
  ' * ```', //                                                10
  ' * @param x - a parameter with a fence', //               11
  ' * ```ts', //                                              12
  ' * notAnExampleEither();', //                              13
  ' * ```', //                                                14
  ' * @example', //                                           15
  ' * ```typescript', //                                      16
  " * const b = 'two';", //                                   17
  ' * ```', //                                                18
  ' * ```js', //                                              19
  ' * notTypeScript();', //                                   20
  ' * ```', //                                                21
  ' */', //                                                   22
  'export const x = 1;', //                                   23
  '/** One line, no example. */', //                          24
].join('\n');

test('examplesInSource: only fenced ts blocks of @example sections, with their first code line', () => {
  assert.deepEqual(
    examplesInSource(SOURCE).map((b) => [b.line, b.code]),
    [
      [8, 'const a: number = 1;\n  console.log(a);'],
      [17, "const b = 'two';"],
    ],
  );
  assert.deepEqual(examplesInSource('/** @example\n * no fence here\n */\nexport {};'), []);
});

test('examplesInMarkdown: ts blocks, nocheck flagged, file= names, other languages ignored', () => {
  const md = ['# T', '```ts', 'let a = 1;', '```', '```sh', 'npm test', '```', '```ts nocheck', 'broken(', '```', '```ts file=lib.ts', 'export const z = 1;', '```'].join('\n');
  assert.deepEqual(
    examplesInMarkdown(md).map((b) => [b.line, b.code, b.skipped, b.file]),
    [
      [3, 'let a = 1;', false, undefined],
      [9, 'broken(', true, undefined],
      [12, 'export const z = 1;', false, 'lib.ts'],
    ],
  );
});

const GOOD_SOURCE = [
  '/**',
  ' * @example',
  ' * ```ts',
  " * import { WebService } from '@apiserver/restful';",
  " * const ws: WebService = new WebService().path('/x');",
  ' * console.log(ws.rootPath());',
  ' * ```',
  ' */',
  'export const ok = 1;',
].join('\n');

test('checkExamples: resolves @apiserver packages and passes good examples; guide blocks import each other by name', () => {
  const root = fakeRepo({
    'packages/demo/src/a.ts': GOOD_SOURCE,
    'docs/guides/g.md': "```ts file=lib.ts\nexport const n: number = 2;\n```\n\n```ts\nimport { n } from './lib.js';\nconsole.log(n + 1);\n```\n",
  });
  assert.equal(collectExamples(root).length, 3);
  const result = checkExamples(root);
  assert.deepEqual(result.errors, []);
  assert.equal(result.ok, true);
  assert.equal(result.count, 3);
});

test('CLI: a failing example exits 1 and names the documentation file and line', () => {
  const root = fakeRepo({
    'packages/demo/src/a.ts': GOOD_SOURCE.replace("path('/x')", "path(42)"),
    'docs/guides/g.md': 'Intro\n\n```ts\nconst s: string = 1;\n```\n\n```ts nocheck\nthis does not parse(\n```\n',
    'docs/guides/empty.md': 'No code.\n',
  });
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /^packages\/demo\/src\/a\.ts:5:\d+ error TS2345/m);
  assert.match(run.stderr, /^docs\/guides\/g\.md:4:7 error TS2322/m);
  assert.doesNotMatch(run.stderr, /does not parse/);
  assert.match(run.stdout, /2 examples type-checked in [\d.]+ s: FAILED \(2 errors\)/);
});

test('CLI: a repository without examples passes', () => {
  const root = fakeRepo({ 'packages/demo/src/a.ts': 'export const a = 1;\n' });
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /0 examples type-checked/);
});

test('checkExamples: two guide blocks with one file= name are refused', () => {
  const root = fakeRepo({ 'docs/guides/g.md': '```ts file=a.ts\nexport {};\n```\n```ts file=a.ts\nexport {};\n```\n' });
  assert.throws(() => checkExamples(root), /two blocks named guide0\/a\.ts \(docs\/guides\/g\.md:5\)/);
});

test('--readmes: README blocks are checked only when asked, each README in its own folder', () => {
  const readme = "# demo\n\n```ts\ndeclare const n: number;\nconst s: string = n;\n```\n";
  const root = fakeRepo({ 'README.md': readme, 'packages/demo/README.md': readme, 'packages/demo/src/a.ts': 'export {};\n' });
  assert.equal(checkExamples(root).count, 0);
  const run = spawnSync(process.execPath, [script, '--root', root, '--readmes'], { encoding: 'utf8' });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /^README\.md:5:7 error TS2322/m);
  assert.match(run.stderr, /^packages\/demo\/README\.md:5:7 error TS2322/m);
});

test('CLI: an unresolved @apiserver package gets a build hint', () => {
  const root = fakeRepo({ 'docs/guides/g.md': "```ts\nimport { nothing } from '@apiserver/not-a-package';\nconsole.log(nothing);\n```\n" });
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^docs\/guides\/g\.md:2:\d+ error TS2307/m);
  assert.match(run.stderr, /build the packages first \(npm run build\)/);
});
