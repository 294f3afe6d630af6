/**
 * Informers parts of the server read (upstream's SharedInformerFactory, which kube-apiserver's RBAC authorizer reads
 * through listers): started by the post-start hook `generic-apiserver-start-informers`, stopped at shutdown.
 * @module
 */
import type { GenericAPIServer } from '@apiserver/server';

/** Informers to start with the server. */
export interface SharedInformers {
  /** Starts listing and watching; `onError` hears each list or watch failure. */
  start(onError: (err: unknown) => void): void;
  /** Stops; resolves when every watch has ended. */
  stop(): Promise<void>;
}

/** Registers `generic-apiserver-start-informers` and the informers' stop at shutdown, when there are informers. */
export function addSharedInformersHook(server: GenericAPIServer, informers: SharedInformers | undefined, log: (message: string) => void): void {
  if (informers === undefined) return;
  const report = (err: unknown): void => log(`informers: ${err instanceof Error ? err.message : String(err)}`);
  server.addPostStartHook('generic-apiserver-start-informers', () => informers.start(report));
  server.addPreShutdownHook('stop-generic-apiserver-informers', () => informers.stop());
}
