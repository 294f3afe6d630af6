// One-file bundles of dependencies that ship as hundreds of ES modules, for the
// test processes. typebox 1.x, which @apiserver/runtime loads, is 679 modules:
// every test process that imports the runtime paid about a second of CPU to load
// them under Node 20, where each module's resolve and load cross to tap's and our
// loader thread (scripts/typescript/hooks.mjs), and tap's processinfo reads and
// records each one. The hooks resolve those packages to the bundles built here
// instead: the same code, split by esbuild into one file per package entry point
// plus shared chunks, so module identity holds across entry points. tap's own
// many-module helpers, which every test process loads, are bundled too (not tap's
// core, whose plugins it builds at install time).
// Our own packages ship bundles of their own (scripts/package-bundles.mjs), which
// the hooks use while they are current.
// Built under .cache/vendor/ (ignored by git); when a bundle is missing or stale
// the hooks resolve the package as installed.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSplitBundle, outputNames } from '../esm-split-bundle.mjs';

/**
 * Dependencies bundled *into* a vendor bundle rather than left as imports, by bundled package: tap-yaml's `yaml`
 * (73 CommonJS modules, ~0.1 s of every test process that loads tap) and `yaml-types`. Our own code's `yaml`
 * still resolves as installed: the two copies never exchange objects.
 */
const INLINED_DEPENDENCIES = { 'tap-yaml': ['yaml', 'yaml-types'] };

/** The installed dependencies bundled for tests. */
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
const STAMP_FILE = 'stamp.json';

/**
 * A package to bundle: its folder (the real path, which is what Node resolves a link to), manifest, bundle folder
 * and stamp (its version and those of the dependencies inlined into it).
 */
function target(root, name) {
  const dir = realpathSync(join(root, 'node_modules', name));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const out = join(root, '.cache', 'vendor', `${name}@${manifest.version}`);
  const inlined = (INLINED_DEPENDENCIES[name] ?? []).map((dep) => `${dep}@${inlinedVersion(dir, dep)}`);
  return { name, dir, manifest, out, stamp: [manifest.version, ...inlined].join(' ') };
}

/** The version of `dep` as `dir`'s package resolves it. */
function inlinedVersion(dir, dep) {
  const require = createRequire(join(dir, 'package.json'));
  return JSON.parse(readFileSync(require.resolve(`${dep}/package.json`), 'utf8')).version;
}

function targets(root) {
  return VENDOR_PACKAGES.flatMap((name) => {
    try {
      return [target(root, name)];
    } catch {
      return []; // not installed: resolved as installed
    }
  });
}

/** Whether `out` holds a bundle made from what `stamp` names. */
function current({ out, stamp }) {
  try {
    return JSON.parse(readFileSync(join(out, STAMP_FILE), 'utf8')).stamp === stamp;
  } catch {
    return false;
  }
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

async function bundle({ name, dir, manifest, out, stamp }) {
  const entries = entryPoints(name, manifest);
  const specifiers = Object.keys(entries);
  const names = outputNames(specifiers.map((s) => entries[s]));
  const map = Object.fromEntries(specifiers.map((s, i) => [s, `${names[i]}.js`]));
  await buildSplitBundle({
    entries: specifiers.map((s, i) => ({ in: join(dir, entries[s]), out: names[i] })),
    out,
    // Only the package's own modules (and INLINED_DEPENDENCIES): other dependencies stay imports, resolved (and
    // bundled) on their own.
    inline: INLINED_DEPENDENCIES[name] ?? [],
    requireShim: name in INLINED_DEPENDENCIES,
    files: {
      [MAP_FILE]: `${JSON.stringify(map, null, 2)}\n`,
      'package.json': '{ "type": "module" }\n',
      [STAMP_FILE]: `${JSON.stringify({ stamp })}\n`,
    },
  });
  return specifiers.length;
}

/** Builds the bundles that are missing or stale (quick when all are current); `root` is the repository's. */
export async function ensureVendorBundles(root = ROOT) {
  const stale = targets(root).filter((t) => !current(t));
  const counts = await Promise.all(stale.map(bundle));
  if (stale.length > 0) {
    const list = stale.map((t, i) => `${t.name}@${t.manifest.version} (${counts[i]})`).join(', ');
    console.log(`vendor-bundles: bundled for tests: ${list}`);
  }
}

/**
 * For the hooks: a map from specifier (`typebox`, `typebox/value`) to the file URL of its bundle, with the
 * installed package's folder URL each replaces; packages without a current bundle are left out.
 * @returns {Map<string, { bundle: string, packageUrl: string }>}
 */
export function vendorBundleMap(root = ROOT) {
  const map = new Map();
  for (const t of targets(root)) {
    if (!current(t)) continue;
    const entries = JSON.parse(readFileSync(join(t.out, MAP_FILE), 'utf8'));
    const packageUrl = `${pathToFileURL(t.dir).href}/`;
    for (const [specifier, file] of Object.entries(entries)) {
      map.set(specifier, { bundle: pathToFileURL(join(t.out, file)).href, packageUrl });
    }
  }
  return map;
}
