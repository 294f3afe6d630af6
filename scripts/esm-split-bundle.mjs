// One package's entry points bundled by esbuild as ES modules with code splitting: one file per entry point
// plus chunks of the modules they share, so each module of the package exists once (module identity, and
// `instanceof`, hold across its entry points) while Node loads a handful of files instead of hundreds.
// Used for the test loader's bundles of many-module dependencies (typescript/vendor-bundles.mjs) and for the
// bundles our packages ship (package-bundles.mjs).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, parse } from 'node:path';

/**
 * An esbuild plugin keeping every bare import external except `inline` (and their subpaths); an import of a
 * package that `redirect` names (`{ typebox: '@apiserver/runtime/typebox' }`) imports the other specifier instead,
 * a subpath the same subpath of it.
 */
function externalExcept(inline, redirect) {
  const relativeOrAbsolute = /^([./]|node:|[A-Za-z]:)/;
  return {
    name: 'external-except',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (relativeOrAbsolute.test(args.path) || args.kind === 'entry-point') return undefined;
        const pkg = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (inline.includes(pkg)) return undefined;
        const to = redirect[pkg];
        return { path: to === undefined ? args.path : `${to}${args.path.slice(pkg.length)}`, external: true };
      });
    },
  };
}

/**
 * Output names: each entry point's file name (`index`, `yaml-decode-worker`), numbered where two share one. A
 * module that finds a sibling by URL (runtime's YAML worker next to the module that starts it) finds it next to
 * the chunk in the bundle folder.
 */
export function outputNames(files) {
  const names = files.map((f) => parse(f).name);
  return names.map((n, i) => (names.indexOf(n) === names.lastIndexOf(n) ? n : `${n}-${i}`));
}

/**
 * Bundles `entries` (`{ in: file, out: name }`) into `out`, replacing it whole once the build succeeded (a
 * failed build leaves the old folder). Bare imports stay imports except the packages named in `inline`, and those
 * `redirect` names import another specifier (see externalExcept); `requireShim` gives the bundle a `require` for
 * an inlined CommonJS dependency. `files` are written into the folder too (name → text).
 */
export async function buildSplitBundle({ entries, out, inline = [], redirect = {}, requireShim = false, files = {} }) {
  const { build } = await import('esbuild');
  const staging = `${out}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalExcept(inline, redirect)],
    // An inlined CommonJS dependency requires node's modules (`yaml`: `process`, `buffer`); an ES module has no
    // `require` of its own.
    ...(requireShim && {
      banner: { js: "import { createRequire as __vendorCreateRequire } from 'node:module'; const require = __vendorCreateRequire(import.meta.url);" },
    }),
    // Functions and classes keep their names where scope hoisting renames them (`Function.name` is observable).
    keepNames: true,
    outdir: staging,
    // Linked maps lead through the input's own maps (tsc's) back to the TypeScript sources, for stack traces.
    sourcemap: 'linked',
    logLevel: 'error',
  });
  if (result.errors.length > 0) throw new Error(`bundle of ${out} failed`);
  for (const [name, text] of Object.entries(files)) writeFileSync(`${staging}/${name}`, text);
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  renameSync(staging, out);
}
