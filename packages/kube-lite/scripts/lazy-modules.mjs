// An esbuild plugin: the modules under a folder are evaluated on first use instead of at start-up. An ES module
// import of a module of the folder from a module outside it is given a stand-in: a CommonJS module with one getter
// per export name of the real module, each loading the real module on first read through `require()`. esbuild
// wraps a module reached through `require()` in a lazy initializer, so the real module, what it imports and what
// only it imports (@bufbuild/cel and @bufbuild/protobuf for the CEL folder of @apiserver/apiextensions) are
// evaluated when an export is first read: a function called, a class constructed, a constant read.
// Only relative imports are looked at (the folder's modules are imported by path from their own package; a bare
// specifier passed back to `build.resolve` would ping-pong with dedupe-packages.mjs). Imports among the folder's
// own modules stay as they are. The export names come from evaluating the folder's
// modules, one after the other, in a node process of their own (concurrent dynamic imports of modules that import
// each other can wait on each other for good in the build's own process).
// The stand-ins cost one getter call per use of an export; the first use pays the folder's evaluation, and its code
// is compiled then (the code cache, recorded through start-up, does not hold it).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const NAMESPACE = 'lazy-module';

/** The export names of every module under `folder`, by absolute path. */
function exportNamesUnder(folder) {
  const files = readdirSync(folder, { recursive: true })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(folder, f));
  const script = `const names = {};
for (const file of ${JSON.stringify(files)}) names[file] = Object.keys(await import(file)).filter((n) => n !== 'default');
process.stdout.write(JSON.stringify(names));`;
  return new Map(Object.entries(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 << 20 }))));
}

/** The stand-in of the module at `path` exporting `names`: getters that load it on first read. */
function standIn(path, names) {
  const getters = names.map((n) => `  ${JSON.stringify(n)}: { enumerable: true, get: () => load()[${JSON.stringify(n)}] },`);
  return [
    'let real;',
    `const load = () => (real ??= require(${JSON.stringify(path)}));`,
    `module.exports = Object.defineProperties({}, {\n${getters.join('\n')}\n});`,
  ].join('\n');
}

/** The esbuild plugin: modules under `folder` (an absolute path ending in `/`) load lazily from outside it. */
export function lazyModules(folder) {
  let names;
  return {
    name: 'lazy-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, async (args) => {
        if (args.kind !== 'import-statement' || args.pluginData?.lazyModules || args.importer.startsWith(folder)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { lazyModules: true } });
        if (resolved.errors.length > 0 || !resolved.path.startsWith(folder)) return undefined;
        return { path: resolved.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        names ??= exportNamesUnder(folder);
        const exported = names.get(args.path);
        if (exported === undefined) return { errors: [{ text: `lazy-modules: no export names for ${args.path}` }] };
        return { contents: standIn(args.path, exported), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}
