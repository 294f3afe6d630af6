// An esbuild plugin: one copy of each npm package version in the bundle. npm may install the same version of a
// package several times (packages/runtime/node_modules/yaml, packages/server/node_modules/yaml, …); bundled as
// they are, each copy is parsed, cached and run at every start. An import that resolves into a copy whose
// package has the version of the copy kube-lite itself resolves is redirected to the same file in that copy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** `name` and root directory of the package holding `file` (a path inside some node_modules), or undefined. */
function packageOf(file) {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return { name, root: `${file.slice(0, at)}/node_modules/${name}` };
}

/** The esbuild plugin; `from` is the package whose resolution picks the copy kept (kube-lite's package.json). */
export function dedupePackages(from) {
  const fromRequire = createRequire(from);
  const versions = new Map();
  const versionOf = (root) => {
    if (!versions.has(root)) versions.set(root, JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).version);
    return versions.get(root);
  };
  const canonical = new Map();
  /** The root of the copy of `name` that `from` resolves, or undefined when it resolves none. */
  const canonicalRoot = (name) => {
    if (!canonical.has(name)) {
      let root;
      try {
        root = packageOf(fromRequire.resolve(`${name}/package.json`))?.root;
      } catch {
        root = undefined; // no copy for kube-lite, or a package.json its exports do not expose
      }
      canonical.set(name, root);
    }
    return canonical.get(name);
  };
  return {
    name: 'dedupe-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.dedupePackages) return undefined;
        const { kind, importer, resolveDir } = args;
        const resolved = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: { dedupePackages: true } });
        const pkg = resolved.errors.length === 0 && !resolved.external ? packageOf(resolved.path) : undefined;
        if (pkg === undefined) return undefined;
        const root = canonicalRoot(pkg.name);
        if (root === undefined || root === pkg.root || versionOf(root) !== versionOf(pkg.root)) return { path: resolved.path, sideEffects: resolved.sideEffects };
        return { path: root + resolved.path.slice(pkg.root.length), sideEffects: resolved.sideEffects };
      });
    },
  };
}
