/**
 * `node dist/main.js --authentication-kubeconfig=FILE --authorization-kubeconfig=FILE [flags]` (or the `--remote-*`
 * flags): runs the sample server until SIGINT or SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AuditLogBackend, loadAuditPolicyFile, loadKubeconfig, type RemoteAPIServerOptions } from '@apiserver/server';
import { type SampleServerOptions, startSampleServer } from './server.js';

const USAGE = `usage: sample-apiserver (--authentication-kubeconfig=FILE --authorization-kubeconfig=FILE | --remote-server=URL) [flags]
  --authentication-kubeconfig FILE    kubeconfig of the core API server (kube-lite or kube-apiserver) whose user may
                                      create TokenReviews and get kube-system/extension-apiserver-authentication
  --authorization-kubeconfig FILE     kubeconfig of the core API server whose user may create SubjectAccessReviews
  --remote-server URL                 the core API server, for both, when no kubeconfig is given
  --remote-token-file FILE            bearer token for --remote-server
  --remote-ca-file FILE               CA of --remote-server's serving certificate
  --remote-insecure-skip-tls-verify   do not verify --remote-server's certificate
  --secure-port N                     HTTPS port (default 8443; 0 = any free port)
  --bind-address IP                   listen address (default 127.0.0.1)
  --cert-dir DIR                      where the self-signed serving pair is kept (default ./certs)
  --anonymous-auth=false              refuse requests without credentials (default: system:anonymous, reviewed)
  --audit-policy-file FILE            audit.k8s.io/v1 Policy; with --audit-log-path, requests are audited
  --audit-log-path FILE               where audit events go, one JSON line each ('-' = standard output)`;

const { values } = parseArgs({
  options: {
    'authentication-kubeconfig': { type: 'string' },
    'authorization-kubeconfig': { type: 'string' },
    'remote-server': { type: 'string' },
    'remote-token-file': { type: 'string' },
    'remote-ca-file': { type: 'string' },
    'remote-insecure-skip-tls-verify': { type: 'boolean', default: false },
    'secure-port': { type: 'string', default: '8443' },
    'bind-address': { type: 'string', default: '127.0.0.1' },
    'cert-dir': { type: 'string', default: 'certs' },
    'anonymous-auth': { type: 'string', default: 'true' },
    'audit-policy-file': { type: 'string' },
    'audit-log-path': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

/** The core server named by the `--remote-*` flags, if `--remote-server` is given. */
function remoteFromFlags(): RemoteAPIServerOptions | undefined {
  const server = values['remote-server'];
  if (server === undefined) return undefined;
  const tokenFile = values['remote-token-file'];
  const caFile = values['remote-ca-file'];
  return {
    server,
    ...(tokenFile !== undefined && { token: readFileSync(tokenFile, 'utf8').trim() }),
    ...(caFile !== undefined && { certificateAuthority: readFileSync(caFile, 'utf8') }),
    insecureSkipTLSVerify: values['remote-insecure-skip-tls-verify'],
  };
}

/** The core server for one purpose: its kubeconfig flag, else the `--remote-*` flags. */
function remoteFor(kubeconfig: string | undefined, remote: RemoteAPIServerOptions | undefined): RemoteAPIServerOptions | undefined {
  return kubeconfig === undefined ? remote : loadKubeconfig(kubeconfig);
}

/** Auditing when both audit flags are given (upstream audits nothing without a policy). */
function auditFromFlags(): SampleServerOptions['audit'] {
  const policyFile = values['audit-policy-file'];
  const logPath = values['audit-log-path'];
  if (policyFile === undefined || logPath === undefined) return undefined;
  return { policy: loadAuditPolicyFile(policyFile), backend: new AuditLogBackend(logPath) };
}

const remote = remoteFromFlags();
const authentication = remoteFor(values['authentication-kubeconfig'], remote);
const authorization = remoteFor(values['authorization-kubeconfig'], remote);
if (values.help || authentication === undefined || authorization === undefined) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
const audit = auditFromFlags();
const running = await startSampleServer({
  authentication,
  authorization,
  securePort: Number(values['secure-port']),
  bindAddress: values['bind-address'],
  certDirectory: values['cert-dir'],
  anonymous: values['anonymous-auth'] !== 'false',
  ...(audit !== undefined && { audit }),
  log: (message) => console.error(message),
});
console.error(`sample-apiserver serving on ${running.urls.join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
