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
  const plain = plainKubeconfigYAML(name, options);
  if (plain !== undefined) return plain;
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

/**
 * A value YAML writes as it is, unquoted, in a block mapping: a letter, then letters, digits and `.`, `_`, `-`,
 * `/`, `:`, `[`, `]`, not ending in `:` (a URL with an IPv6 host, names, tokens of that alphabet). No space, so no
 * `: ` or ` #` and no folding; a first letter, so no number, indicator or `.inf`; the words YAML reads as booleans
 * or null are left out.
 */
const PLAIN_SCALAR = /^[A-Za-z](?:[\w./:[\]-]*[\w./[\]-])?$/;
const RESERVED_WORDS = /^(?:true|false|null|yes|no|on|off|y|n)$/i;
const isPlainScalar = (value: string): boolean => PLAIN_SCALAR.test(value) && !RESERVED_WORDS.test(value);

/**
 * The kubeconfig of a plain-HTTP server as text, when each value is a plain scalar (else undefined): the bytes the
 * `yaml` library's `stringify` writes for that document (test/server/kubeconfig.spec.ts compares them), without
 * building its document nodes on start-up's path, where the server writes its kubeconfig before it says it listens.
 */
function plainKubeconfigYAML(name: string, options: KubeconfigOptions): string | undefined {
  const namespace = options.namespace ?? 'default';
  if (options.server.startsWith('https:') || ![name, options.server, namespace].every(isPlainScalar)) return undefined;
  if (options.token !== undefined && !isPlainScalar(options.token)) return undefined;
  const user = options.token === undefined ? '    user: {}\n' : `    user:\n      token: ${options.token}\n`;
  return (
    `apiVersion: v1\nkind: Config\nclusters:\n  - name: ${name}\n    cluster:\n      server: ${options.server}\n` +
    `      insecure-skip-tls-verify: true\nusers:\n  - name: ${name}\n${user}contexts:\n  - name: ${name}\n    context:\n` +
    `      cluster: ${name}\n      user: ${name}\n      namespace: ${namespace}\ncurrent-context: ${name}\n`
  );
}

/** Writes {@link kubeconfigYAML} to `path` (mode 0600, parent directories created). */
export function writeKubeconfig(path: string, options: KubeconfigOptions): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, kubeconfigYAML(options), { mode: 0o600 });
}
