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
// Our own packages' built `dist/` are bundled the same way for the tests of the
// packages that import them (a kube-lite test loaded ~350 dist modules: 3.1 s of
// CPU per test process, 1.9 s with the bundles). A package's tests still run its
// own sources; only other packages come from bundles, and only while the bundle
// matches the dist it was made from (the stamp of tsc's build info): after a
// rebuild the dist itself is loaded until `npm test` rebundles it.
// Built under .cache/vendor/ (ignored by git); when a bundle is missing or stale
// the hooks resolve the package as installed.
// Published packages and kube-lite's own bundle are not affected.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, parse, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** The workspace packages some other workspace package imports (kube-lite, which none does, ships its own bundle). */
export function workspaceBundlePackages(root = ROOT) {
  const manifests = readdirSync(join(root, 'packages'))
    .map((d) => join(root, 'packages', d, 'package.json'))
    .filter((f) => existsSync(f))
    .map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const imported = new Set(manifests.flatMap((m) => [...Object.keys(m.dependencies ?? {}), ...Object.keys(m.devDependencies ?? {})]));
  return manifests.map((m) => m.name).filter((name) => imported.has(name));
}

/**
 * A package to bundle: its folder (the real path, which is what Node resolves a workspace link to), manifest,
 * bundle folder and stamp (the version for installed packages; tsc's build info for ours, as size and mtime).
 */
function target(root, name) {
  const dir = realpathSync(join(root, 'node_modules', name));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const out = join(root, '.cache', 'vendor', `${name}@${manifest.version}`);
  const ours = dir.startsWith(join(root, 'packages') + sep);
  const info = ours ? statSync(join(dir, 'dist', '.tsbuildinfo')) : undefined;
  const inlined = (INLINED_DEPENDENCIES[name] ?? []).map((dep) => `${dep}@${inlinedVersion(dir, dep)}`);
  const stamp = info === undefined ? [manifest.version, ...inlined].join(' ') : `${info.size}:${info.mtimeMs}`;
  return { name, dir, manifest, out, stamp };
}

/** The version of `dep` as `dir`'s package resolves it. */
function inlinedVersion(dir, dep) {
  const require = createRequire(join(dir, 'package.json'));
  return JSON.parse(readFileSync(require.resolve(`${dep}/package.json`), 'utf8')).version;
}

/** An esbuild plugin keeping every bare import external except `inline` (and their subpaths). */
function externalExcept(inline) {
  const relativeOrAbsolute = /^([./]|node:|[A-Za-z]:)/;
  return {
    name: 'external-except',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (relativeOrAbsolute.test(args.path) || args.kind === 'entry-point') return undefined;
        const pkg = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return inline.includes(pkg) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

function targets(root) {
  const names = [...VENDOR_PACKAGES, ...workspaceBundlePackages(root)];
  return names.flatMap((name) => {
    try {
      return [target(root, name)];
    } catch {
      return []; // not installed (or a workspace package without a manifest): resolved as installed
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

/**
 * Output names: each entry point's file name (`index`, `yaml-decode-worker`), numbered where two share one. A
 * module that finds a sibling by URL (runtime's YAML worker next to the module that starts it) finds it next to
 * the chunk in the bundle folder.
 */
function outputNames(files) {
  const names = files.map((f) => parse(f).name);
  return names.map((n, i) => (names.indexOf(n) === names.lastIndexOf(n) ? n : `${n}-${i}`));
}

async function bundle({ name, dir, manifest, out, stamp }) {
  const { build } = await import('esbuild');
  const entries = entryPoints(name, manifest);
  const specifiers = Object.keys(entries);
  const names = outputNames(specifiers.map((s) => entries[s]));
  const staging = `${out}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: specifiers.map((s, i) => ({ in: join(dir, entries[s]), out: names[i] })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    // Only the package's own modules (and INLINED_DEPENDENCIES): other dependencies stay imports, resolved (and
    // bundled) on their own.
    plugins: [externalExcept(INLINED_DEPENDENCIES[name] ?? [])],
    // An inlined CommonJS dependency requires node's modules (`yaml`: `process`, `buffer`); an ES module has no
    // `require` of its own.
    ...(INLINED_DEPENDENCIES[name] !== undefined && {
      banner: { js: "import { createRequire as __vendorCreateRequire } from 'node:module'; const require = __vendorCreateRequire(import.meta.url);" },
    }),
    outdir: staging,
    // Linked maps lead through dist's own maps back to the TypeScript sources, for stack traces.
    sourcemap: 'linked',
    logLevel: 'error',
  });
  if (result.errors.length > 0) throw new Error(`vendor bundle of ${name} failed`);
  const map = Object.fromEntries(specifiers.map((s, i) => [s, `${names[i]}.js`]));
  writeFileSync(join(staging, MAP_FILE), `${JSON.stringify(map, null, 2)}\n`);
  writeFileSync(join(staging, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(staging, STAMP_FILE), `${JSON.stringify({ stamp })}\n`);
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  renameSync(staging, out);
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
