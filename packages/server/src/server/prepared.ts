/**
 * A server ready to run (upstream `preparedGenericAPIServer`): `nonBlockingRun` starts serving and returns,
 * `run` serves until its signal aborts and then shuts the server down gracefully.
 */
import type { GenericAPIServer } from './generic-api-server.js';
import type { ServingOptions } from './serving.js';

/** What `GenericAPIServer.prepareRun()` returns. */
export class PreparedGenericAPIServer {
  /** The prepared server. */
  readonly server: GenericAPIServer;

  /** Wraps a server whose delegates were prepared. */
  constructor(server: GenericAPIServer) {
    this.server = server;
  }

  /** Starts the listeners and the post-start hooks of the whole delegation chain; returns the listener URLs. */
  nonBlockingRun(options: ServingOptions): Promise<string[]> {
    return this.server.listen(options);
  }

  /**
   * Serves until `signal` aborts, then shuts down gracefully (upstream `Run(stopCh)`); resolves once shut down.
   * `onListening` receives the listener URLs once the server accepts connections.
   */
  async run(options: ServingOptions, signal: AbortSignal, onListening?: (urls: readonly string[]) => void): Promise<void> {
    if (signal.aborted) return;
    const urls = await this.nonBlockingRun(options);
    onListening?.(urls);
    if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await this.server.shutdown();
  }
}
