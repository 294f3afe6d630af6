// Tests of scripts/typescript (the module hooks tap's test processes run TypeScript with).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const register = join(dirname(fileURLToPath(import.meta.url)), '..', 'typescript', 'register.mjs');
const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Writes `files` into a temp ESM folder and runs `main` with the hooks; returns the child's result. */
function runWithHooks(files, main, nodeArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), 'typescript-hooks-test-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return spawnSync(process.execPath, [`--import=${register}`, ...nodeArgs, main], { cwd: dir, encoding: 'utf8' });
}

test('a .ts module runs with its types removed, importing a sibling .ts by its .js name', () => {
  const run = runWithHooks(
    {
      'lib/shape.ts': 'export interface Shape { side: number }\nexport const area = (s: Shape): number => s.side ** 2;\n',
      'main.ts': "import { type Shape, area } from './lib/shape.js';\nconst s: Shape = { side: 3 };\nconsole.log(area(s));\n",
    },
    'main.ts',
  );
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, '9\n');
  assert.equal(run.status, 0);
});

test('from a .ts module, a .ts twin wins over an existing .js file, as tsc resolves it', () => {
  const run = runWithHooks({ 'x.js': "export const who = 'js';\n", 'x.ts': "export const who: string = 'ts';\n", 'main.ts': "import { who } from './x.js';\nconsole.log(who);\n" }, 'main.ts');
  assert.equal(run.stdout, 'ts\n');
});

test('a .js file with no .ts twin still loads, from .ts and from .js modules', () => {
  const files = { 'x.js': "export const who = 'js';\n", 'y.ts': "import { who } from './x.js';\nexport const via: string = who;\n" };
  const fromTs = runWithHooks({ ...files, 'main.ts': "import { via } from './y.js';\nconsole.log(via);\n" }, 'main.ts');
  assert.equal(fromTs.stdout, 'js\n');
  const fromJs = runWithHooks({ ...files, 'main.mjs': "import { who } from './x.js';\nconsole.log(who);\n" }, 'main.mjs');
  assert.equal(fromJs.stdout, 'js\n');
});

test('a missing module is still ERR_MODULE_NOT_FOUND', () => {
  const run = runWithHooks({ 'main.ts': "import './nowhere.js';\n" }, 'main.ts');
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /ERR_MODULE_NOT_FOUND/);
});

test('stack traces point at the TypeScript lines (inline source map)', () => {
  const source = ['interface Unused {', '  a: string;', '}', 'type Also = number;', 'throw new Error("line 5");', ''].join('\n');
  const run = runWithHooks({ 'main.ts': source }, 'main.ts', ['--enable-source-maps']);
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /main\.ts:5:\d+/);
});

test('class fields keep define semantics and #private fields work (ES2022 output)', () => {
  const source = [
    'class Base { set x(v: number) { console.log("setter", v); } }',
    'class Derived extends Base { x = 1; #secret = 2; reveal(): number { return this.#secret; } }',
    'const d = new Derived();',
    'console.log(Object.getOwnPropertyDescriptor(d, "x")?.value, d.reveal());',
    '',
  ].join('\n');
  const run = runWithHooks({ 'main.ts': source }, 'main.ts');
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, '1 2\n');
});
