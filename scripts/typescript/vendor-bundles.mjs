// One-file bundles of dependencies that ship as hundreds of ES modules, for the
// test processes. typebox 1.x, which @apiserver/runtime loads, is 679 modules:
// every test process that imports the runtime paid about a second of CPU to load
// them under Node 20, where each module's resolve and load cross to tap's and our
// loader thread (scripts/typescript/hooks.mjs). The hooks resolve those packages
// to the bundles built here instead: the same code, split by esbuild into one file
// per package entry point plus shared chunks, so module identity holds across
// entry points. tap's own many-module helpers, which every test process loads,
// are bundled too (not tap's core, whose plugins it builds at install time).
// Built once per installed version under .cache/vendor/ (ignored by git); when
// a bundle is missing the hooks resolve the package as installed.
// Published packages and kube-lite's own bundle are not affected.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The packages bundled for tests. */
export const VENDOR_PACKAGES = [
  'typebox',
  'diff',
  'rimraf',
  'tap-parser',
  'mkdirp',
  'tap-yaml',
  '@tapjs/node-serialize',
  '@tapjs/error-serdes',
];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAP_FILE = 'entries.json';

function installed(name) {
  const dir = join(ROOT, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { dir, manifest };
}

function bundleDir(name, version) {
  return join(ROOT, '.cache', 'vendor', `${name}@${version}`);
}

/** The file an `exports` target names for `import` on Node (conditions nest: `{ import: { types, default } }`). */
function esmTarget(target) {
  if (typeof target === 'string') return target;
  if (target === null || typeof target !== 'object') return undefined;
  const condition = ['import', 'node', 'default'].find((c) => c in target);
  return condition === undefined ? undefined : esmTarget(target[condition]);
}

/** `{ 'typebox/value': './build/value/index.mjs', … }`: the package's ESM entry points by specifier. */
function entryPoints(name, manifest) {
  const entries = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = esmTarget(target);
    if (file === undefined || !/\.m?js$/.test(file) || subpath.includes('*')) continue;
    entries[subpath === '.' ? name : `${name}/${subpath.slice(2)}`] = file;
  }
  return entries;
}

/** Builds the bundles that are missing for the installed versions (quick when all exist). */
export async function ensureVendorBundles() {
  for (const name of VENDOR_PACKAGES) {
    const { dir, manifest } = installed(name);
    const out = bundleDir(name, manifest.version);
    if (existsSync(join(out, MAP_FILE))) continue;
    const { build } = await import('esbuild');
    const entries = entryPoints(name, manifest);
    const staging = `${out}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    const specifiers = Object.keys(entries);
    const result = await build({
      entryPoints: specifiers.map((s, i) => ({ in: join(dir, entries[s]), out: `entry${i}` })),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      // Only the package's own modules: its dependencies stay imports, resolved (and bundled) on their own.
      packages: 'external',
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      logLevel: 'error',
    });
    if (result.errors.length > 0) throw new Error(`vendor bundle of ${name} failed`);
    const map = Object.fromEntries(specifiers.map((s, i) => [s, `entry${i}.mjs`]));
    writeFileSync(join(staging, MAP_FILE), `${JSON.stringify(map, null, 2)}\n`);
    mkdirSync(dirname(out), { recursive: true });
    rmSync(out, { recursive: true, force: true });
    renameSync(staging, out);
    console.log(`vendor-bundles: bundled ${name}@${manifest.version} (${specifiers.length} entry points) for tests`);
  }
}

/**
 * For the hooks: a map from specifier (`typebox`, `typebox/value`) to the file URL of its bundle, with the
 * installed package's folder URL each replaces; packages without a built bundle are left out.
 * @returns {Map<string, { bundle: string, packageUrl: string }>}
 */
export function vendorBundleMap() {
  const map = new Map();
  for (const name of VENDOR_PACKAGES) {
    try {
      const { dir, manifest } = installed(name);
      const out = bundleDir(name, manifest.version);
      const entries = JSON.parse(readFileSync(join(out, MAP_FILE), 'utf8'));
      const packageUrl = `${pathToFileURL(dir).href}/`;
      for (const [specifier, file] of Object.entries(entries)) {
        map.set(specifier, { bundle: pathToFileURL(join(out, file)).href, packageUrl });
      }
    } catch {
      // Not installed or not bundled yet: resolved as installed.
    }
  }
  return map;
}
