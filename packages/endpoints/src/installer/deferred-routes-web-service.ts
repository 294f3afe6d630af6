/**
 * A WebService whose routes are built the first time anything reads them. kube-lite serves 21 group-versions with
 * ~700 routes (688 operations in its OpenAPI v2 document), most of which a given client never calls; the installer
 * defers building a group-version's routes until its first request (or the first reader of its routes: the OpenAPI
 * document, the allowed-methods filter, route docs). Readers see the same routes, in the same order, as an eager
 * install.
 */
import { WebService } from '@apiserver/restful';
import type { Route } from '@apiserver/restful';

/** A WebService that runs its deferred route registrations before its routes are first read. */
export class DeferredRoutesWebService extends WebService {
  #pending: (() => void)[] = [];
  /** What a registration threw: every later read throws it again (the routes are incomplete). */
  #failure: { readonly error: unknown } | undefined;

  /** Queues `register` (which adds routes with `route()`) to run when the routes are first read. */
  defer(register: () => void): this {
    this.#pending.push(register);
    return this;
  }

  /** Whether some registrations have not run yet. */
  hasDeferredRoutes(): boolean {
    return this.#pending.length > 0;
  }

  /**
   * Runs the pending registrations. One that throws leaves the routes incomplete: its error is thrown to this
   * reader and to every later one (an eager install would have stopped start-up with it).
   */
  #registerPending(): void {
    if (this.#failure !== undefined) throw this.#failure.error;
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    try {
      for (const register of pending) register();
    } catch (error) {
      this.#failure = { error };
      throw error;
    }
  }

  /** The routes, after the deferred registrations ran. */
  override routes(): readonly Route[] {
    this.#registerPending();
    return super.routes();
  }

  /** The revision, after the deferred registrations ran (they change it). */
  override revision(): number {
    this.#registerPending();
    return super.revision();
  }

  /** Removes routes, after the deferred registrations ran. */
  override removeRoute(path: string, method: string): void {
    this.#registerPending();
    super.removeRoute(path, method);
  }
}
