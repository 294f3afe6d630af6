/**
 * kube-lite's delegation chain (upstream `CreateServerChain`): requests enter the outermost server's handler chain
 * once, and paths it does not serve fall through to the next server's unprotected handler, ending at the not-found
 * handler. Today the chain is the kube API server in front of the not-found delegate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenericAPIServer, PreparedGenericAPIServer } from '@apiserver/server';
import type { CompletedKubeLiteConfig } from './config.js';
import type { KubeAPIServer } from './kube-api-server.js';
import { writeKubeconfig } from './kubeconfig.js';

/** Where a running chain listens. */
export interface KubeLiteListening {
  /** Listener URLs, plain HTTP first. */
  readonly urls: readonly string[];
  /** The kubeconfig written for the first URL. */
  readonly kubeconfigPath: string;
}

/** The servers of the chain, outermost first in {@link KubeLiteServerChain.server}. */
export class KubeLiteServerChain {
  /** The server that listens and filters every request (the front of the chain). */
  readonly server: GenericAPIServer;
  /** The kube API server (built-in groups and their storage). */
  readonly kubeAPIServer: KubeAPIServer;
  readonly #config: CompletedKubeLiteConfig;

  /** Assembles a chain from its built servers. */
  constructor(config: CompletedKubeLiteConfig, kubeAPIServer: KubeAPIServer, front: GenericAPIServer) {
    this.#config = config;
    this.kubeAPIServer = kubeAPIServer;
    this.server = front;
  }

  /** Prepares the whole chain to run (upstream `PrepareRun`). */
  prepareRun(): PreparedKubeLite {
    return new PreparedKubeLite(this.#config, this, this.server.prepareRun());
  }

  /** Shuts the front server down gracefully (the delegates' pre-shutdown hooks too), then closes the storage. */
  async shutdown(): Promise<void> {
    await this.server.shutdown();
    await this.kubeAPIServer.close();
  }
}

/** Builds the chain from a completed config; the storage is closed again when building fails. */
export async function createServerChain(config: CompletedKubeLiteConfig): Promise<KubeLiteServerChain> {
  const kubeAPIServer = await config.new();
  return new KubeLiteServerChain(config, kubeAPIServer, kubeAPIServer.genericAPIServer);
}

/** A chain ready to serve: `nonBlockingRun` starts it and writes the kubeconfig, `run(signal)` serves until aborted. */
export class PreparedKubeLite {
  /** The chain. */
  readonly chain: KubeLiteServerChain;
  readonly #config: CompletedKubeLiteConfig;
  readonly #prepared: PreparedGenericAPIServer;

  /** Wraps a prepared chain. */
  constructor(config: CompletedKubeLiteConfig, chain: KubeLiteServerChain, prepared: PreparedGenericAPIServer) {
    this.#config = config;
    this.chain = chain;
    this.#prepared = prepared;
  }

  /** Starts the listeners and post-start hooks, tells the bootstrap controller the endpoint and writes the kubeconfig. */
  async nonBlockingRun(): Promise<KubeLiteListening> {
    const c = this.#config;
    const o = c.options;
    const urls = await this.#prepared.nonBlockingRun({
      bindAddress: o.bindAddress,
      ...(o.port !== -1 && { port: o.port }),
      ...(c.secureServing !== undefined && { secure: c.secureServing }),
    });
    this.chain.kubeAPIServer.listening(urls);
    const url = urls[0] ?? '';
    const secure = c.secureServing;
    const caFile = secure === undefined ? undefined : (secure.tlsCertFile ?? join(secure.certDirectory ?? '', 'apiserver.crt'));
    writeKubeconfig(c.kubeconfigPath, {
      server: url,
      ...(url.startsWith('https:') && caFile !== undefined && o.tlsCertFile === undefined && { certificateAuthorityPEM: readFileSync(caFile, 'utf8') }),
      ...(c.kubeconfigToken !== undefined && { token: c.kubeconfigToken }),
    });
    return { urls, kubeconfigPath: c.kubeconfigPath };
  }

  /**
   * Serves until `signal` aborts, then shuts down gracefully and closes the storage (upstream `Run(ctx)`);
   * `onListening` receives the URLs and kubeconfig once serving.
   */
  async run(signal: AbortSignal, onListening?: (listening: KubeLiteListening) => void): Promise<void> {
    if (signal.aborted) {
      await this.chain.kubeAPIServer.close();
      return;
    }
    const listening = await this.nonBlockingRun();
    onListening?.(listening);
    if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await this.chain.shutdown();
  }
}
