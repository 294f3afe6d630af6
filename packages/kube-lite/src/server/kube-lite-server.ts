/**
 * A running kube-lite, started in one call: options → {@link KubeLiteConfig} (validated) → completed config →
 * the server chain → prepared → serving. The stages are public (config.ts, server-chain.ts) for servers that need
 * to step in between; this class is the short way for tests and embedders.
 */
import type { GenericAPIServer } from '@apiserver/server';
import { KubeLiteConfig, type KubeLiteServerConfig } from './config.js';
import { createServerChain, type KubeLiteServerChain } from './server-chain.js';
import type { StorageFactory } from './storage-factory.js';

/** A running kube-lite: its URLs, kubeconfig, the GenericAPIServer and the storage it owns. */
export class KubeLiteServer {
  /** The server chain. */
  readonly chain: KubeLiteServerChain;
  /** Listener URLs, plain HTTP first. */
  readonly urls: readonly string[];
  /** The kubeconfig written at start. */
  readonly kubeconfigPath: string;
  #stopped: Promise<void> | undefined;

  private constructor(chain: KubeLiteServerChain, urls: readonly string[], kubeconfigPath: string) {
    this.chain = chain;
    this.urls = urls;
    this.kubeconfigPath = kubeconfigPath;
  }

  /** The front server of the chain (it listens and filters every request). */
  get genericAPIServer(): GenericAPIServer {
    return this.chain.server;
  }

  /** The kube API server's storage factory (backend + watch caches). */
  get storageFactory(): StorageFactory {
    return this.chain.kubeAPIServer.storageFactory;
  }

  /** The first listener's URL. */
  get url(): string {
    return this.urls[0] ?? '';
  }

  /** Validates the options (throwing `KubeLiteOptionsError` with every problem), builds the chain and starts serving. */
  static async start(config: KubeLiteServerConfig): Promise<KubeLiteServer> {
    const completed = KubeLiteConfig.fromOptions(config).complete();
    const chain = await createServerChain(completed);
    try {
      const { urls, kubeconfigPath } = await chain.prepareRun().nonBlockingRun();
      return new KubeLiteServer(chain, urls, kubeconfigPath);
    } catch (err) {
      await chain.shutdown();
      throw err;
    }
  }

  /** Graceful shutdown (in-flight requests finish, watches end), then the storage closes. */
  stop(): Promise<void> {
    this.#stopped ??= this.chain.shutdown();
    return this.#stopped;
  }
}
