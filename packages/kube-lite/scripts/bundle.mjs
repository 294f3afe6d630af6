// Bundles the kube-lite CLI (dist/cli/main.js and everything it imports) into one minified CommonJS script,
// dist/bundle/kube-lite.cjs, with esbuild, then records a V8 code cache for it (dist/bundle/kube-lite.cjs.cache).
// Loading ~400 separate modules (typebox, yaml, protobufjs, our packages) costs about a second of start-up; the
// bundle loads in a fifth of that, and bin/kube-lite.js runs it with the code cache (bin/load-bundle.js), which
// spares compiling it at every start. Run after `tsc -b` (the root `npm run build` does).
// The YAML decoding worker of @apiserver/runtime (a worker thread converting large YAML bodies off the event loop)
// is bundled on its own, as an ES module, to dist/bundle/yaml-decode-worker.js: the bundled runtime starts it
// from `./yaml-decode-worker.js` next to the bundle (its `import.meta.url` is the bundle's, see below).
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { dedupePackages } from './dedupe-packages.mjs';
import { lazyModules } from './lazy-modules.mjs';
import { copyEtcd3Protos, ETCD3_PROTO_DIR, etcd3ProtoPath } from './etcd3-protos.mjs';
import { recordCodeCache } from './record-code-cache.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// CEL (@apiserver/apiextensions' cel/ folder, with @bufbuild/cel and @bufbuild/protobuf, which only it imports) is
// evaluated on first use, not at start-up: a server without CRD validation rules, admission policies or webhook
// match conditions never needs it (see lazy-modules.mjs).
// Our packages are bundled from their modules (the `apiserver-modules` condition of their exports, which the
// `bundle` script passes to node too), not from the bundles they ship: one copy of each module, and a cel/ folder.
const MODULES_CONDITION = 'apiserver-modules';
const apiextensionsEntry = fileURLToPath(import.meta.resolve('@apiserver/apiextensions'));
if (apiextensionsEntry.includes('/dist/esm/')) throw new Error(`run with node --conditions=${MODULES_CONDITION} (npm run bundle)`);
const CEL_FOLDER = `${dirname(apiextensionsEntry)}/cel/`;
const outdir = `${root}dist/bundle`;
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { 'kube-lite': `${root}dist/cli/main.js` },
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  // A CommonJS script, not an ES module: Node 20 caches compiled code only for scripts (vm.Script cachedData).
  format: 'cjs',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  outdir,
  // The etcd3 client (gRPC, protobufjs) is bundled too, loaded only for --storage-backend=etcd3: from
  // node_modules it cost ~300 ms of every etcd3 start (resolving, reading and compiling ~150 files without a code
  // cache). It reads its .proto files from its own directory: they are copied next to the bundle (see below).
  // (esbuild's default conditions hold 'module' only while none are given.)
  conditions: [MODULES_CONDITION, 'module'],
  plugins: [dedupePackages(`${root}package.json`), etcd3ProtoPath(), lazyModules(CEL_FOLDER)],
  // bin/load-bundle.js passes the bundle's file URL: the one module that resolves files from its own location
  // (the docs page finding swagger-ui-dist) resolves them from the bundle, as an ES module bundle would.
  define: { 'import.meta.url': '__kubeLiteBundleURL' },
  // Any other use of import.meta would be empty in a CommonJS bundle: fail the build rather than the command.
  logOverride: { 'empty-import-meta': 'error' },
  logLevel: 'warning',
});
copyEtcd3Protos(`${outdir}/${ETCD3_PROTO_DIR}`);
await build({
  entryPoints: { 'yaml-decode-worker': fileURLToPath(import.meta.resolve('@apiserver/runtime/yaml-decode-worker')) },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The `yaml` library is CommonJS and requires node's `process`: an ES module bundle has no `require` of its own.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  outdir,
  logLevel: 'warning',
});
await recordCodeCache(`${root}bin/kube-lite.js`, `${outdir}/kube-lite.cjs.cache`);
