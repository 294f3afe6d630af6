/** Kubeconfig documents for a running kube-lite, as kubectl and client-node read them. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseTokenFile } from '@apiserver/server';
import { stringify } from 'yaml';

/** The bearer token a kubeconfig carries: the first one of `--token-auth-file`, if given. */
export function kubeconfigToken(tokenAuthFile: string | undefined): string | undefined {
  if (tokenAuthFile === undefined) return undefined;
  const [token] = parseTokenFile(readFileSync(tokenAuthFile, 'utf8'), tokenAuthFile).keys();
  return token;
}

/** What a kubeconfig needs to reach a kube-lite server. */
export interface KubeconfigOptions {
  /** The server URL (`http://…` or `https://…`). */
  readonly server: string;
  /** PEM of the CA (or self-signed certificate) that signed an `https` server's certificate. */
  readonly certificateAuthorityPEM?: string;
  /** A bearer token to send (from `--token-auth-file`). */
  readonly token?: string;
  /** Cluster, user and context name (default `kube-lite`). */
  readonly name?: string;
  /** The context's default namespace (default `default`). */
  readonly namespace?: string;
}

/**
 * A kubeconfig (YAML) with one cluster, user and context, current. Plain-HTTP clusters carry
 * `insecure-skip-tls-verify: true` because `@kubernetes/client-node` 1.x refuses `http://` servers without it;
 * HTTPS clusters carry the CA when given, else skip verification too.
 */
export function kubeconfigYAML(options: KubeconfigOptions): string {
  const name = options.name ?? 'kube-lite';
  const cluster: Record<string, unknown> = { server: options.server };
  if (options.certificateAuthorityPEM !== undefined && options.server.startsWith('https:')) {
    cluster['certificate-authority-data'] = Buffer.from(options.certificateAuthorityPEM).toString('base64');
  } else {
    cluster['insecure-skip-tls-verify'] = true;
  }
  const user: Record<string, unknown> = options.token === undefined ? {} : { token: options.token };
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster }],
    users: [{ name, user }],
    contexts: [{ name, context: { cluster: name, user: name, namespace: options.namespace ?? 'default' } }],
    'current-context': name,
  });
}

/** Writes {@link kubeconfigYAML} to `path` (mode 0600, parent directories created). */
export function writeKubeconfig(path: string, options: KubeconfigOptions): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, kubeconfigYAML(options), { mode: 0o600 });
}
