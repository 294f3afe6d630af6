/**
 * The service accounts controller (pkg/controller/serviceaccount `ServiceAccountsController`): every Active
 * namespace gets a `default` ServiceAccount, created when the namespace appears and again when it is
 * deleted; upstream runs it in kube-controller-manager.
 * @module
 */
import type { Creater, Getter, Lister, RequestContext, Watcher } from '@apiserver/registry';
import { isAlreadyExists } from '@apiserver/runtime';
import { activeNamespace, exists } from '../object-updates.js';
import { ControllerRun, RunController } from '../controller-run.js';
import { ListWatcher, listWatchOptionsOf } from '../list-watch.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';

/** Options of the ServiceAccountsController. */
export interface ServiceAccountsControllerOptions {
  /** The `namespaces` resource. */
  readonly namespaces: Getter & Lister & Watcher;
  /** The `serviceaccounts` resource. */
  readonly serviceAccounts: Getter & Creater & Lister & Watcher;
  /** Accounts every namespace gets (default `["default"]`). */
  readonly names?: readonly string[];
  /** Re-list every this many ms (default 300 000). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure (the controller keeps running). */
  readonly onError?: (err: unknown, namespace: string | undefined) => void;
}

/** Ensures the default service accounts of every Active namespace; `start()` / `stop()`. */
export class ServiceAccountsController extends RunController {
  readonly #o: ServiceAccountsControllerOptions;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;

  /** Creates a stopped controller. */
  constructor(options: ServiceAccountsControllerOptions) {
    super();
    this.#o = options;
    this.#queue = new RetryQueue((ns) => this.syncNamespace(ns), (ns, err) => options.onError?.(err, ns), options.retry);
    const loop = listWatchOptionsOf(options);
    const names = options.names ?? ['default'];
    const informers = [
      new ListWatcher(
        options.namespaces,
        (type, ns) => {
          if (type !== 'DELETED') this.#queue.add(ns.metadata.name ?? '');
        },
        loop,
      ),
      new ListWatcher(
        options.serviceAccounts,
        (type, sa) => {
          if (type === 'DELETED' && names.includes(sa.metadata.name ?? '')) this.#queue.add(sa.metadata.namespace ?? '');
        },
        loop,
      ),
    ];
    this.run = new ControllerRun(informers, [this.#queue]);
  }

  /** Creates the missing accounts of namespace `name` when it is Active. */
  async syncNamespace(name: string): Promise<void> {
    if ((await activeNamespace(this.#o.namespaces, name)) === undefined) return;
    const ctx: RequestContext = { namespace: name };
    for (const account of this.#o.names ?? ['default']) {
      if (await exists(() => this.#o.serviceAccounts.get(ctx, account))) continue;
      try {
        await this.#o.serviceAccounts.create(ctx, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: account, namespace: name } });
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
      }
    }
  }
}
