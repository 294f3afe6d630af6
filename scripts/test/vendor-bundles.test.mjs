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
