/**
 * `@apiserver/kube-lite/testing`: start kube-lite in-process on a free port for tests of controllers and
 * clients, with a kubeconfig ready for kubectl and `@kubernetes/client-node`.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultRESTStorageProviders } from '../registry/providers.js';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { KubeLiteServer } from '../server/kube-lite-server.js';
import { defaultKubeLiteOptions, type KubeLiteOptions } from '../server/options.js';

/** Options of {@link startKubeLite}: any server option (default: memory storage, a free port on 127.0.0.1). */
export interface StartKubeLiteOptions extends Partial<KubeLiteOptions> {
  /** API groups to serve instead of kube-lite's. */
  readonly providers?: readonly RESTStorageProvider[];
  /** Server log (default: discarded). */
  readonly log?: (message: string) => void;
  /** Longest wait for `/readyz` in ms (default 10 000). */
  readonly readyTimeoutMillis?: number;
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

function readyzStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = get(`${url}/readyz`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

async function waitReady(url: string, timeoutMillis: number): Promise<void> {
  const deadline = Date.now() + timeoutMillis;
  while ((await readyzStatus(url)) !== 200) {
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
  const { providers, log, readyTimeoutMillis, ...flags } = options;
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-'));
  const merged: KubeLiteOptions = { ...defaultKubeLiteOptions(), port: 0, certDir: join(dir, 'certs'), ...flags };
  let server: KubeLiteServer;
  try {
    server = await KubeLiteServer.start({
      options: merged,
      providers: providers ?? defaultRESTStorageProviders(merged),
      log: log ?? (() => undefined),
      kubeconfigPath: join(dir, 'kubeconfig'),
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  try {
    await waitReady(server.url, readyTimeoutMillis ?? 10_000);
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
