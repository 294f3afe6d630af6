/**
 * `node dist/main.js --remote-server=https://127.0.0.1:6443 --remote-token-file=token [flags]`: runs the sample
 * server until SIGINT or SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSampleServer } from './server.js';

const USAGE = `usage: sample-apiserver --remote-server=URL [flags]
  --remote-server URL                 the core API server (kube-lite or kube-apiserver)
  --remote-token-file FILE            bearer token allowed to create TokenReviews and SubjectAccessReviews
                                      and to get kube-system/extension-apiserver-authentication
  --remote-ca-file FILE               CA of the core server's serving certificate
  --remote-insecure-skip-tls-verify   do not verify the core server's certificate
  --secure-port N                     HTTPS port (default 8443; 0 = any free port)
  --bind-address IP                   listen address (default 127.0.0.1)
  --cert-dir DIR                      where the self-signed serving pair is kept (default ./certs)
  --anonymous-auth=false              refuse requests without credentials (default: system:anonymous, reviewed)`;

const { values } = parseArgs({
  options: {
    'remote-server': { type: 'string' },
    'remote-token-file': { type: 'string' },
    'remote-ca-file': { type: 'string' },
    'remote-insecure-skip-tls-verify': { type: 'boolean', default: false },
    'secure-port': { type: 'string', default: '8443' },
    'bind-address': { type: 'string', default: '127.0.0.1' },
    'cert-dir': { type: 'string', default: 'certs' },
    'anonymous-auth': { type: 'string', default: 'true' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const server = values['remote-server'];
if (values.help || server === undefined) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
const tokenFile = values['remote-token-file'];
const caFile = values['remote-ca-file'];
const running = await startSampleServer({
  remote: {
    server,
    ...(tokenFile !== undefined && { token: readFileSync(tokenFile, 'utf8').trim() }),
    ...(caFile !== undefined && { certificateAuthority: readFileSync(caFile, 'utf8') }),
    insecureSkipTLSVerify: values['remote-insecure-skip-tls-verify'],
  },
  securePort: Number(values['secure-port']),
  bindAddress: values['bind-address'],
  certDirectory: values['cert-dir'],
  anonymous: values['anonymous-auth'] !== 'false',
  log: (message) => console.error(message),
});
console.error(`sample-apiserver serving on ${running.urls.join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
