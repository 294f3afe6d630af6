// The bundles our packages ship: each package's entry points, as tsc built them in dist/, bundled into
// dist/esm/ (scripts/esm-split-bundle.mjs: one file per entry point plus shared chunks, every dependency left
// an import). A package's `exports` give the bundle as `default` and tsc's modules under the
// `apiserver-modules` condition:
//   ".": { "types": "./dist/index.d.ts", "apiserver-modules": "./dist/index.js", "default": "./dist/esm/index.js" }
// Importing @apiserver/kube-lite/testing loaded ~1,100 of our modules (and ~860 of dependencies): Node spent
// about half a millisecond resolving, reading and compiling each, more than evaluating them. Each package's
// classes still exist once (a package's entry points share its chunks), so `instanceof` holds between
// packages imported separately. Consumers that bundle themselves (kube-lite's CLI bundle, scripts/bundle.mjs)
// pass the condition and start from the modules.
// typebox, ~680 modules, is held by @apiserver/runtime's bundle and imported by the others' bundles from
// `@apiserver/runtime/typebox` (SHARED_DEPENDENCIES): one copy, in a few files. CEL's @bufbuild packages are
// bundled into apiextensions', the one package that imports them (INLINED_DEPENDENCIES).
// `node scripts/package-bundles.mjs` builds the bundles that are missing or older than tsc's last build of
// their package (`npm run build` and `npm test` run it after tsc). A bundle records what it was made from
// (dist/esm/.stamp: the size and mtime of dist/.tsbuildinfo, and the dependencies below); the test hooks load a
// package's modules instead of a bundle that does not match its build.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSplitBundle } from './esm-split-bundle.mjs';

/** The `exports` condition naming a package's entry points as tsc built them. */
export const MODULES_CONDITION = 'apiserver-modules';

/**
 * Dependencies that one package's bundle holds and the others' bundles import from it, by name: the holding
 * package (its folder under packages/) and the specifier it exports the dependency as (subpaths follow).
 */
export const SHARED_DEPENDENCIES = { typebox: { holder: 'runtime', specifier: '@apiserver/runtime/typebox' } };

/**
 * Dependencies that only one of our packages imports, bundled into that package's bundle, by package folder:
 * CEL's @bufbuild packages (~130 modules, with everything they import), used by apiextensions' cel/ alone.
 */
export const INLINED_DEPENDENCIES = { apiextensions: ['@bufbuild/cel', '@bufbuild/cel-spec', '@bufbuild/protobuf', '@bufbuild/re2'] };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_FILE = '.stamp';

/**
 * What a bundle of the package in `dir` is made from: tsc's last build of it (`size:mtime` of its build info) and
 * the shared dependencies; undefined if it was never built.
 */
function buildStamp(dir) {
  try {
    const info = statSync(join(dir, 'dist', '.tsbuildinfo'));
    return `${info.size}:${info.mtimeMs} ${JSON.stringify([SHARED_DEPENDENCIES, INLINED_DEPENDENCIES])}`;
  } catch {
    return undefined;
  }
}

/**
 * A package's bundle: its folder, the bundle's folder and entry points (`{ in, out }`: tsc's module and the
 * bundle file's name), from the `exports` entries that have both the modules condition and `default`.
 */
function bundleOf(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = [];
  const outDirs = new Set();
  for (const target of Object.values(manifest.exports ?? {})) {
    if (typeof target !== 'object' || target === null || !(MODULES_CONDITION in target) || !('default' in target)) continue;
    outDirs.add(posix.dirname(target.default));
    entries.push({ in: join(dir, target[MODULES_CONDITION]), out: posix.basename(target.default, '.js') });
  }
  if (outDirs.size > 1) throw new Error(`${manifest.name}: the bundle's entry points must share one folder, not ${[...outDirs].join(', ')}`);
  return entries.length === 0 ? undefined : { name: manifest.name, dir, out: join(dir, [...outDirs][0]), entries };
}

/** The bundles of the workspace packages under `root`/packages. */
function packageBundles(root) {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir)
    .sort()
    .flatMap((entry) => {
      try {
        const bundle = bundleOf(join(packagesDir, entry));
        return bundle === undefined ? [] : [bundle];
      } catch (error) {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return []; // no package.json
        throw error;
      }
    });
}

/** Whether the bundle in `out` was made from the package's current build (tsc's build info). */
function current(dir, out) {
  const stamp = buildStamp(dir);
  try {
    return stamp !== undefined && readFileSync(join(out, STAMP_FILE), 'utf8') === stamp;
  } catch {
    return false;
  }
}

/**
 * Whether the package in `dir` has a bundle made from its current build: the test hooks load its modules
 * (the modules condition) when it has not.
 */
export function packageBundleCurrent(dir) {
  const bundle = bundleOf(dir);
  return bundle !== undefined && current(dir, bundle.out);
}

/**
 * Builds one package's bundle: its inlined dependencies and the shared dependencies it holds bundled, the other
 * shared dependencies imported from their holders.
 */
function buildPackageBundle(root, { dir, out, entries }) {
  const inline = [...(INLINED_DEPENDENCIES[basename(dir)] ?? [])];
  const redirect = {};
  for (const [dependency, { holder, specifier }] of Object.entries(SHARED_DEPENDENCIES)) {
    if (dir === join(root, 'packages', holder)) inline.push(dependency);
    else redirect[dependency] = specifier;
  }
  return buildSplitBundle({ entries, out, inline, redirect, files: { [STAMP_FILE]: buildStamp(dir) } });
}

/** Builds the bundles that are missing or stale; returns the names of the packages bundled. */
export async function ensurePackageBundles(root = ROOT) {
  const stale = packageBundles(root).filter((b) => buildStamp(b.dir) !== undefined && !current(b.dir, b.out));
  await Promise.all(stale.map((b) => buildPackageBundle(root, b)));
  return stale.map((b) => b.name);
}

/**
 * For the test hooks: each shared dependency's specifiers (`typebox`, `typebox/value`) mapped to the file URL of
 * the holder's bundle entry that exports it, with the installed dependency's folder URL, while the holder's bundle
 * is current; then the tests load the one copy that the bundles hold.
 * @returns {Map<string, { bundle: string, packageUrl: string }>}
 */
export function sharedDependencyBundles(root = ROOT) {
  const map = new Map();
  for (const [dependency, { holder, specifier }] of Object.entries(SHARED_DEPENDENCIES)) {
    const dir = join(root, 'packages', holder);
    if (!packageBundleCurrent(dir)) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const packageUrl = `${pathToFileURL(realpathSync(join(root, 'node_modules', dependency))).href}/`;
    const exported = `./${specifier.slice(manifest.name.length + 1)}`;
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath !== exported && !subpath.startsWith(`${exported}/`)) continue;
      map.set(`${dependency}${subpath.slice(exported.length)}`, { bundle: pathToFileURL(join(dir, target.default)).href, packageUrl });
    }
  }
  return map;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const bundled = await ensurePackageBundles();
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(bundled.length === 0 ? 'package-bundles: all current' : `package-bundles: bundled ${bundled.join(', ')} in ${took} s`);
}
