// The test loader's one-file bundles of many-module dependencies (scripts/typescript/vendor-bundles.mjs) must
// stand in for the installed packages exactly: the same entry points, each with the same exports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureVendorBundles, VENDOR_PACKAGES, vendorBundleMap } from '../typescript/vendor-bundles.mjs';

await ensureVendorBundles();
const bundles = vendorBundleMap();

test('every bundled package has a bundle for each of its entry points', () => {
  for (const name of VENDOR_PACKAGES) assert.ok(bundles.has(name), `${name} itself is bundled`);
  const typebox = [...bundles.keys()].filter((s) => s.startsWith('typebox/'));
  assert.deepEqual(typebox.sort(), ['compile', 'error', 'format', 'guard', 'schema', 'system', 'type', 'value'].map((s) => `typebox/${s}`));
});

test('each bundle exports what the installed entry point exports, with the same kinds of values', async () => {
  for (const [specifier, { bundle }] of bundles) {
    const installed = await import(specifier);
    const bundled = await import(bundle);
    assert.deepEqual(Object.keys(bundled).sort(), Object.keys(installed).sort(), specifier);
    for (const key of Object.keys(installed)) {
      assert.equal(typeof bundled[key], typeof installed[key], `${specifier}: ${key}`);
    }
  }
});

test('the entry points share one copy of the package (module identity holds across them)', async () => {
  const root = await import(bundles.get('typebox').bundle);
  const value = await import(bundles.get('typebox/value').bundle);
  const schema = root.Type.Object({ a: root.Type.String() });
  assert.equal(value.Value.Check(schema, { a: 'x' }), true);
  assert.equal(value.Value.Check(schema, { a: 1 }), false);
});

test('a workspace package is bundled from its dist, and its bundle is not used once the dist is rebuilt', async () => {
  const { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const root = mkdtempSync(join(tmpdir(), 'vendor-bundles-'));
  try {
    const writePackage = (name, manifest, files) => {
      const dir = join(root, 'packages', name);
      mkdirSync(join(dir, 'dist'), { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', ...manifest }));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
      mkdirSync(join(root, 'node_modules'), { recursive: true });
      symlinkSync(dir, join(root, 'node_modules', name));
    };
    const build = (answer) => ({ 'dist/index.js': `export { answer } from './answer.js';\n`, 'dist/answer.js': `export const answer = ${answer};\n`, 'dist/.tsbuildinfo': `{"build":${answer}}` });
    writePackage('lib', { exports: { '.': './dist/index.js' } }, build(1));
    writePackage('app', { dependencies: { lib: '1.0.0' } }, { 'dist/.tsbuildinfo': '{}' });

    await ensureVendorBundles(root);
    const first = vendorBundleMap(root);
    assert.deepEqual([...first.keys()], ['lib'], 'only the package another one imports');
    assert.equal((await import(first.get('lib').bundle)).answer, 1);

    writeFileSync(join(root, 'packages', 'lib', 'dist', 'answer.js'), 'export const answer = 22;\n');
    writeFileSync(join(root, 'packages', 'lib', 'dist', '.tsbuildinfo'), '{"build":22}');
    assert.equal(vendorBundleMap(root).has('lib'), false, 'a bundle older than the build is not used');

    await ensureVendorBundles(root);
    const second = vendorBundleMap(root);
    assert.equal((await import(`${second.get('lib').bundle}?again`)).answer, 22, 'rebundled from the new dist');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
