/**
 * The remote server of a delegating server from a kubeconfig file, as `--authentication-kubeconfig` and
 * `--authorization-kubeconfig` give it (client-go `clientcmd` with an explicit path and no overrides): the current
 * (or named) context's cluster — server, CA, insecure-skip-tls-verify — and user — token or token file, client
 * certificate and key — with file paths relative to the kubeconfig's directory.
 * @module
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { yamlToJSON } from '@apiserver/runtime';
import type { RemoteAPIServerOptions } from './remote-client.js';

/** A kubeconfig that cannot be used. */
export class KubeconfigError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'KubeconfigError';
  }
}

interface Cluster {
  readonly server?: string;
  readonly 'certificate-authority'?: string;
  readonly 'certificate-authority-data'?: string;
  readonly 'insecure-skip-tls-verify'?: boolean;
}

interface AuthInfo {
  readonly token?: string;
  readonly tokenFile?: string;
  readonly 'client-certificate'?: string;
  readonly 'client-certificate-data'?: string;
  readonly 'client-key'?: string;
  readonly 'client-key-data'?: string;
  readonly exec?: unknown;
  readonly 'auth-provider'?: unknown;
  readonly username?: string;
}

interface Kubeconfig {
  readonly 'current-context'?: string;
  readonly clusters?: readonly { readonly name?: string; readonly cluster?: Cluster }[];
  readonly users?: readonly { readonly name?: string; readonly user?: AuthInfo }[];
  readonly contexts?: readonly { readonly name?: string; readonly context?: { readonly cluster?: string; readonly user?: string } }[];
}

/** Options of {@link remoteAPIServerOptionsFromKubeconfig}. */
export interface KubeconfigOptions {
  /** The context to use instead of `current-context`. */
  readonly context?: string;
  /** Per-request timeout in ms of the client it gives (default the client's 10 s). */
  readonly timeoutMillis?: number;
}

/** A file's content, read relative to `dir`; `what` names it in errors. */
function readRelative(dir: string, path: string, what: string): string {
  const full = isAbsolute(path) ? path : join(dir, path);
  try {
    return readFileSync(full, 'utf8');
  } catch (err) {
    throw new KubeconfigError(`unable to read ${what} ${JSON.stringify(full)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The inline (base64) value, else the file's content, else undefined. */
function dataOrFile(dir: string, data: string | undefined, file: string | undefined, what: string): string | undefined {
  if (data !== undefined && data !== '') return Buffer.from(data, 'base64').toString('utf8');
  if (file !== undefined && file !== '') return readRelative(dir, file, what);
  return undefined;
}

function userOptions(dir: string, user: AuthInfo): Pick<RemoteAPIServerOptions, 'token' | 'clientCert' | 'clientKey'> {
  if (user.exec !== undefined || user['auth-provider'] !== undefined) throw new KubeconfigError('exec and auth-provider credentials are not supported; use a token or a client certificate');
  if (user.username !== undefined) throw new KubeconfigError('basic authentication (username/password) is not supported; use a token or a client certificate');
  const tokenFile = user.tokenFile === undefined || user.tokenFile === '' ? undefined : readRelative(dir, user.tokenFile, 'token file').trim();
  const token = user.token !== undefined && user.token !== '' ? user.token : tokenFile;
  const clientCert = dataOrFile(dir, user['client-certificate-data'], user['client-certificate'], 'client certificate');
  const clientKey = dataOrFile(dir, user['client-key-data'], user['client-key'], 'client key');
  if ((clientCert === undefined) !== (clientKey === undefined)) throw new KubeconfigError('client-cert and client-key must both be specified');
  return { ...(token !== undefined && { token }), ...(clientCert !== undefined && { clientCert }), ...(clientKey !== undefined && { clientKey }) };
}

/**
 * The client options of a kubeconfig's text (YAML or JSON); relative paths are read against `dir`. Throws
 * {@link KubeconfigError} for what client-go would refuse or what this client cannot do (exec plugins, basic auth).
 */
export function remoteAPIServerOptionsFromKubeconfig(text: string, dir: string, o: KubeconfigOptions = {}): RemoteAPIServerOptions {
  const config = (yamlToJSON(text).value ?? {}) as Kubeconfig;
  const contextName = o.context ?? config['current-context'] ?? '';
  if (contextName === '') throw new KubeconfigError('invalid configuration: no configuration has been provided');
  const context = config.contexts?.find((c) => c.name === contextName)?.context;
  if (context === undefined) throw new KubeconfigError(`context was not found for specified context: ${contextName}`);
  const cluster = config.clusters?.find((c) => c.name === context.cluster)?.cluster;
  if (cluster === undefined) throw new KubeconfigError(`cluster ${JSON.stringify(context.cluster ?? '')} of context ${JSON.stringify(contextName)} was not found`);
  if (cluster.server === undefined || cluster.server === '') throw new KubeconfigError(`invalid configuration: no server found for cluster ${JSON.stringify(context.cluster ?? '')}`);
  const ca = dataOrFile(dir, cluster['certificate-authority-data'], cluster['certificate-authority'], 'certificate authority');
  const insecure = cluster['insecure-skip-tls-verify'] === true;
  if (insecure && ca !== undefined) throw new KubeconfigError('specifying a root certificates file with the insecure flag is not allowed');
  const user = context.user === undefined || context.user === '' ? {} : config.users?.find((u) => u.name === context.user)?.user;
  if (user === undefined) throw new KubeconfigError(`user ${JSON.stringify(context.user ?? '')} of context ${JSON.stringify(contextName)} was not found`);
  return {
    server: cluster.server,
    ...(ca !== undefined && { certificateAuthority: ca }),
    ...(insecure && { insecureSkipTLSVerify: true }),
    ...userOptions(dir, user),
    ...(o.timeoutMillis !== undefined && { timeoutMillis: o.timeoutMillis }),
  };
}

/** Reads the kubeconfig at `path` (`--authentication-kubeconfig`/`--authorization-kubeconfig`) into client options. */
export function loadKubeconfig(path: string, o: KubeconfigOptions = {}): RemoteAPIServerOptions {
  return remoteAPIServerOptionsFromKubeconfig(readRelative(process.cwd(), path, 'kubeconfig'), dirname(path), o);
}
