// The etcd3 client in the bundle: `etcd3` loads its gRPC services at require time from `${__dirname}/../proto/rpc.proto`,
// a path relative to its own lib/ directory. Bundled, `__dirname` is the bundle's directory; this esbuild plugin
// points that one path at a copy of etcd3's .proto files next to the bundle, which `copyEtcd3Protos` makes.
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The directory, next to the bundle, holding etcd3's .proto files. */
export const ETCD3_PROTO_DIR = 'etcd3-proto';

/** etcd3's path expression, as written in etcd3/lib/connection-pool.js. */
const ORIGINAL = /`\$\{__dirname\}\/\.\.\/proto\/rpc\.proto`/;
const BUNDLED = `\`\${__dirname}/${ETCD3_PROTO_DIR}/rpc.proto\``;

/** etcd3's package directory, as kube-lite resolves it. */
function etcd3Root() {
  return dirname(createRequire(new URL('../package.json', import.meta.url)).resolve('etcd3/package.json'));
}

/** The plugin rewriting etcd3's proto path; the build fails if etcd3 no longer loads its protos that way. */
export function etcd3ProtoPath() {
  return {
    name: 'etcd3-proto-path',
    setup(build) {
      build.onLoad({ filter: /[\\/]etcd3[\\/]lib[\\/]connection-pool\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!ORIGINAL.test(source)) throw new Error(`${args.path} no longer loads its protos from ../proto: update scripts/etcd3-protos.mjs`);
        return { contents: source.replace(ORIGINAL, () => BUNDLED), loader: 'js' };
      });
    },
  };
}

/** Copies etcd3's .proto files (rpc.proto and the files it imports) into `dir`. */
export function copyEtcd3Protos(dir) {
  const from = join(etcd3Root(), 'proto');
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(from).filter((f) => f.endsWith('.proto'))) copyFileSync(join(from, file), join(dir, file));
}
