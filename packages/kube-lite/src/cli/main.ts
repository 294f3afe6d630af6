/** The `kube-lite` command: run the server, or print a kubeconfig for one (`kube-lite kubeconfig`). */
import { setupSignalHandler } from '@apiserver/server';
import { assembleKubeLite } from '../server/assembly.js';
import { kubeconfigYAML } from '../server/kubeconfig.js';
import { KubeLiteConfig } from '../server/config.js';
import { createServerChain } from '../server/server-chain.js';
import { type KubeLiteOptions, validateKubeLiteOptions } from '../server/options.js';
import { parseFlags, usage } from './flags.js';

function serverURL(o: KubeLiteOptions): string {
  const host = o.bindAddress.includes(':') ? `[${o.bindAddress}]` : o.bindAddress;
  return o.port !== -1 ? `http://${host}:${o.port}` : `https://${host}:${o.securePort}`;
}

/** Runs the server until SIGTERM or SIGINT: options → config → completed config → server chain → prepared → run. */
async function run(o: KubeLiteOptions): Promise<void> {
  const started = Date.now();
  const completed = KubeLiteConfig.fromOptions({ options: o, ...assembleKubeLite(o) }).complete();
  const prepared = (await createServerChain(completed)).prepareRun();
  const stop = new AbortController();
  // A second signal while shutting down ends the process with exit code 1 (upstream's SetupSignalContext).
  setupSignalHandler({
    onFirst: (signal) => {
      completed.logger.print('info', `received ${signal}, shutting down`);
      stop.abort();
    },
  });
  await prepared.run(stop.signal, ({ urls, kubeconfigPath }) => {
    const lines = [
      `kube-lite listening on ${urls.join(', ')} (storage: ${o.storageBackend}, started in ${Date.now() - started} ms)`,
      `kubeconfig: ${kubeconfigPath}`,
      `  export KUBECONFIG=${kubeconfigPath}`,
      '  kubectl get namespaces',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });
  // Shut down: end the process even if a stray timer of a dependency would keep it alive.
  process.exit(0);
}

/** Runs the command line `argv` (without node and the script); returns the exit code for errors. */
export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseFlags(argv);
  if (parsed.help) {
    process.stdout.write(usage());
    return 0;
  }
  const errors = [...parsed.errors, ...validateKubeLiteOptions(parsed.options)];
  const [command, ...rest] = parsed.args;
  if (command !== undefined && (command !== 'kubeconfig' || rest.length > 0)) errors.push(`unknown command ${JSON.stringify(parsed.args.join(' '))}`);
  if (errors.length > 0) {
    for (const e of errors) process.stderr.write(`Error: ${e}\n`);
    process.stderr.write('Run "kube-lite --help" for usage.\n');
    return 1;
  }
  if (command === 'kubeconfig') {
    process.stdout.write(kubeconfigYAML({ server: serverURL(parsed.options) }));
    return 0;
  }
  await run(parsed.options);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
