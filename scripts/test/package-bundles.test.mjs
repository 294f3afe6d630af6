// The bundles our packages ship (scripts/package-bundles.mjs): built from tsc's modules, the same exports, each
// package's own modules only, and left for the modules by the test hooks once they no longer match the build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePackageBundles, INLINED_DEPENDENCIES, MODULES_CONDITION, packageBundleCurrent, SHARED_DEPENDENCIES } from '../package-bundles.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REGISTER = join(ROOT, 'scripts', 'typescript', 'register.mjs');
const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A repository with one package, `lib`, whose build answers `answer`; `app/main.mjs` prints what it imports. */
function fixture() {
  const root = mkdtempSync(join(tmpdir(), 'package-bundles-'));
  dirs.push(root);
  const lib = join(root, 'packages', 'lib');
  mkdirSync(join(lib, 'dist'), { recursive: true });
  const exports = { '.': { [MODULES_CONDITION]: './dist/index.js', default: './dist/esm/index.js' } };
  writeFileSync(join(lib, 'package.json'), JSON.stringify({ name: 'lib', version: '1.0.0', type: 'module', exports }));
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(lib, join(root, 'node_modules', 'lib'));
  mkdirSync(join(root, 'app'));
  writeFileSync(join(root, 'app', 'main.mjs'), "import { answer, same } from 'lib';\nconsole.log(answer, same);\n");
  /** tsc's build of `lib`: modules answering `answer`, with build info that changes with it. */
  const build = (answer) => {
    writeFileSync(join(lib, 'dist', 'index.js'), "export { answer } from './answer.js';\nexport { same } from './same.js';\n");
    writeFileSync(join(lib, 'dist', 'answer.js'), `export const answer = ${answer};\n`);
    writeFileSync(join(lib, 'dist', 'same.js'), "export const same = import.meta.url.includes('/dist/esm/') ? 'bundle' : 'modules';\n");
    writeFileSync(join(lib, 'dist', '.tsbuildinfo'), JSON.stringify({ build: answer }));
  };
  /** What `app/main.mjs` prints, run with the test hooks or without them. */
  const run = (hooks) => {
    const args = hooks ? [`--import=${REGISTER}`, 'app/main.mjs'] : ['app/main.mjs'];
    const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    assert.equal(child.stderr, '');
    return child.stdout.trim();
  };
  return { root, lib, build, run };
}

test('a package is bundled from its modules; the bundle stays current until tsc builds it again', async () => {
  const { root, lib, build, run } = fixture();
  build(1);
  assert.equal(packageBundleCurrent(lib), false, 'no bundle yet');
  assert.deepEqual(await ensurePackageBundles(root), ['lib']);
  assert.equal(packageBundleCurrent(lib), true);
  assert.deepEqual(await ensurePackageBundles(root), [], 'a current bundle is not rebuilt');
  assert.equal(run(false), '1 bundle', 'node loads the bundle');
  assert.equal(run(true), '1 bundle', 'so do the test hooks');

  build(22);
  assert.equal(packageBundleCurrent(lib), false, 'a bundle older than the build is stale');
  assert.equal(run(true), '22 modules', 'the test hooks load the new modules, not the stale bundle');
  assert.deepEqual(await ensurePackageBundles(root), ['lib']);
  assert.equal(run(true), '22 bundle', 'rebundled from the new build');

  rmSync(join(lib, 'dist', 'esm'), { recursive: true });
  assert.equal(run(true), '22 modules', 'without a bundle the test hooks load the modules');
});

/** Our packages' `exports` entries with a bundle: [package folder, subpath, bundle file, modules file]. */
function shippedEntries() {
  return readdirSync(join(ROOT, 'packages'))
    .sort()
    .flatMap((entry) => {
      const dir = join(ROOT, 'packages', entry);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return Object.entries(manifest.exports ?? {}).map(([subpath, target]) => [dir, subpath, join(dir, target.default), join(dir, target[MODULES_CONDITION])]);
    });
}

test('every entry point of our packages ships a bundle with the exports of its modules', async () => {
  await ensurePackageBundles();
  const entries = shippedEntries();
  assert.ok(entries.length >= 16, `${entries.length} entry points`);
  for (const [dir, subpath, bundle, modules] of entries) {
    assert.ok(packageBundleCurrent(dir), `${dir}: bundle current`);
    if (subpath.endsWith('worker')) continue; // a worker thread's entry: it listens on its parent port when imported
    const [bundled, built] = [await import(pathToFileURL(bundle).href), await import(pathToFileURL(modules).href)];
    assert.deepEqual(Object.keys(bundled).sort(), Object.keys(built).sort(), `${dir} ${subpath}`);
    for (const key of Object.keys(built)) assert.equal(typeof bundled[key], typeof built[key], `${dir} ${subpath}: ${key}`);
  }
});

/** The installed dependencies whose modules the bundle of the package in `dir` holds (shared or inlined). */
const heldBy = (dir) =>
  [
    ...Object.entries(SHARED_DEPENDENCIES)
      .filter(([, { holder }]) => dir === join(ROOT, 'packages', holder))
      .map(([name]) => name),
    ...(INLINED_DEPENDENCIES[basename(dir)] ?? []),
  ].map((name) => join(ROOT, 'node_modules', name));

test("a package's bundle holds its own modules only (and the dependencies it holds): one copy of each class", () => {
  for (const dir of new Set(shippedEntries().map(([d]) => d))) {
    const out = join(dir, 'dist', 'esm');
    const own = [dir, ...heldBy(dir)].map((d) => `${d}/`);
    for (const file of readdirSync(out).filter((f) => f.endsWith('.js.map'))) {
      const { sources } = JSON.parse(readFileSync(join(out, file), 'utf8'));
      const foreign = sources.map((s) => resolve(out, s)).filter((s) => !own.some((o) => s.startsWith(o)));
      assert.deepEqual(foreign, [], `${dir}/dist/esm/${file}`);
    }
    for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
      const imports = readFileSync(join(out, file), 'utf8').match(/^import[^\n]* from "(typebox|@bufbuild\/)[^"]*"/gm) ?? [];
      assert.deepEqual(imports, [], `${dir}/dist/esm/${file}: typebox from @apiserver/runtime/typebox only, @bufbuild inlined`);
    }
  }
});

test('runtime holds typebox for the bundles: one copy behind its entry points, which takes schemas of any copy', async () => {
  const runtime = join(ROOT, 'packages', 'runtime', 'dist', 'esm');
  const held = await import(pathToFileURL(join(runtime, 'typebox.js')).href);
  const heldValue = (await import(pathToFileURL(join(runtime, 'typebox-value.js')).href)).default;
  const installed = await import('typebox');
  assert.notEqual(held.Type, installed.Type, 'a copy of its own');
  assert.deepEqual(Object.keys(held).sort(), Object.keys(installed).sort(), 'the exports of typebox');
  for (const Type of [held.Type, installed.Type]) {
    const schema = Type.Object({ name: Type.String(), replicas: Type.Optional(Type.Integer({ minimum: 0 })) });
    assert.equal(heldValue.Check(schema, { name: 'web', replicas: 2 }), true);
    assert.equal(heldValue.Check(schema, { name: 'web', replicas: -1 }), false);
  }
  const run = spawnSync(process.execPath, [`--import=${REGISTER}`, '--input-type=module', '-e', "console.log(import.meta.resolve('typebox/value'))"], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(run.stdout.trim(), pathToFileURL(join(runtime, 'typebox-value.js')).href, "the test hooks load runtime's copy too");
});
