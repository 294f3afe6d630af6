/**
 * `@apiserver/kube-lite/testing`: start kube-lite in-process on a free port for tests of controllers and
 * clients, with a kubeconfig ready for kubectl and `@kubernetes/client-node`.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceResolver } from '@apiserver/registry';
import { assembleKubeLite } from '../server/assembly.js';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { kubeconfigToken } from '../server/kubeconfig.js';
import { KubeLiteServer } from '../server/kube-lite-server.js';
import { defaultKubeLiteOptions, type KubeLiteOptions } from '../server/options.js';

/**
 * Options of {@link startKubeLite}: any server option (default: memory storage, a free port on 127.0.0.1); the server
 * is assembled as the CLI assembles it (every group, `--authorization-mode`, service account tokens).
 */
export interface StartKubeLiteOptions extends Partial<KubeLiteOptions> {
  /** API groups to serve instead of kube-lite's (then no authorizer or service account authenticator is assembled either). */
  readonly providers?: readonly RESTStorageProvider[];
  /** Server log (default: discarded). */
  readonly log?: (message: string) => void;
  /**
   * Longest wait for `/readyz` in ms (default 30 000: ready takes milliseconds on the memory backend, but on etcd
   * on a loaded CI machine a watch cache's first list took over 10 s at load 17).
   */
  readonly readyTimeoutMillis?: number;
  /** Where admission webhooks' Service references are served (default: the Service's Endpoints). */
  readonly webhookServiceResolver?: ServiceResolver;
}

/** A running kube-lite for a test. */
export interface KubeLiteFixture {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** A kubeconfig whose current context points at {@link KubeLiteFixture.url}. */
  readonly kubeconfigPath: string;
  /** The server itself. */
  readonly server: KubeLiteServer;
  /** Stops the server and removes its temporary files. */
  stop(): Promise<void>;
}

function readyzStatus(url: string, token: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
    // The server's own (possibly self-signed) certificate is not what this readiness poll checks.
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const req = get(`${url}/readyz`, { agent: false, headers, rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

/** Polls `/readyz` (with the token file's first token, as the kubeconfig uses it) until it answers 200. */
async function waitReady(url: string, token: string | undefined, timeoutMillis: number): Promise<void> {
  const deadline = Date.now() + timeoutMillis;
  while ((await readyzStatus(url, token)) !== 200) {
    if (Date.now() > deadline) throw new Error(`kube-lite at ${url} not ready within ${timeoutMillis} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Starts kube-lite in this process on a free 127.0.0.1 port and resolves once `/readyz` answers 200.
 * @example
 * ```ts
 * import { startKubeLite } from '@apiserver/kube-lite/testing';
 * const kl = await startKubeLite();
 * // point kubectl or client-node at kl.kubeconfigPath
 * await kl.stop();
 * ```
 */
export async function startKubeLite(options: StartKubeLiteOptions = {}): Promise<KubeLiteFixture> {
  const { providers, log, readyTimeoutMillis, webhookServiceResolver, ...flags } = options;
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-'));
  const merged: KubeLiteOptions = { ...defaultKubeLiteOptions(), port: 0, certDir: join(dir, 'certs'), ...flags };
  let server: KubeLiteServer;
  try {
    server = await KubeLiteServer.start({
      options: merged,
      ...(providers === undefined ? assembleKubeLite(merged) : { providers }),
      log: log ?? (() => undefined),
      ...(webhookServiceResolver !== undefined && { webhookServiceResolver }),
      kubeconfigPath: join(dir, 'kubeconfig'),
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  try {
    await waitReady(server.url, kubeconfigToken(merged.tokenAuthFile), readyTimeoutMillis ?? 30_000);
  } catch (err) {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: server.url,
    kubeconfigPath: server.kubeconfigPath,
    server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
