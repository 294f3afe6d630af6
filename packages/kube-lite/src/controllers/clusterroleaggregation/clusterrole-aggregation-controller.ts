/**
 * The clusterrole-aggregation controller (pkg/controller/clusterroleaggregation, run by kube-controller-manager): a
 * ClusterRole with an `aggregationRule` gets as its `rules` those of every ClusterRole its selectors pick (itself left
 * out), in name order, each rule once. Any ClusterRole change queues every aggregated role, so roles that aggregate
 * aggregated roles (`admin` ← `edit` ← `view`) settle in a few rounds.
 * @module
 */
import type { RequestContext, Updater } from '@apiserver/registry';
import { aggregatedRules, isAggregated, rulesOf, sameRules } from '../../registry/rbac/aggregated-rules.js';
import { ControllerRun, RunController } from '../controller-run.js';
import { ListWatcher, type ListWatchSource, listWatchOptionsOf } from '../list-watch.js';
import { ObjectStore } from '../object-store.js';
import { ignoreNotFound, mutatedObjectInfo } from '../object-updates.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';

/** Options of the ClusterRoleAggregationController. */
export interface ClusterRoleAggregationControllerOptions {
  /** The `clusterroles` resource (listed and watched once, written to on each sync). */
  readonly clusterRoles: ListWatchSource & Pick<Updater, 'update'>;
  /**
   * Who the controller writes as. Setting rules a writer does not hold is an escalation, so it must be allowed to
   * (upstream's controller role grants `escalate`; kube-lite has no controller roles and passes a `system:masters` member).
   */
  readonly context: RequestContext;
  /** Re-list every this many ms (default 300 000). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure, with the role's name (the controller keeps running). */
  readonly onError?: (err: unknown, name: string | undefined) => void;
}

/** Keeps aggregated ClusterRoles' rules the union of the roles they select; `start()` / `stop()`. */
export class ClusterRoleAggregationController extends RunController {
  readonly #o: ClusterRoleAggregationControllerOptions;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;
  readonly #aggregated = new Set<string>();
  /** The ClusterRoles as the list-watch shows them (upstream's controller reads its informer's lister). */
  readonly #roles = new ObjectStore();

  /** Creates a stopped controller. */
  constructor(options: ClusterRoleAggregationControllerOptions) {
    super();
    this.#o = options;
    this.#queue = new RetryQueue((name) => this.syncClusterRole(name), (name, err) => options.onError?.(err, name), options.retry);
    const informer = new ListWatcher(
      options.clusterRoles,
      (type, role) => {
        this.#roles.apply(type, role);
        const name = role.metadata.name ?? '';
        if (type !== 'DELETED' && isAggregated(role)) this.#aggregated.add(name);
        else this.#aggregated.delete(name);
        for (const aggregated of this.#aggregated) this.#queue.add(aggregated);
      },
      { ...listWatchOptionsOf(options), onList: (items) => this.#roles.replace(items) },
    );
    this.run = new ControllerRun([informer], [this.#queue]);
  }

  /**
   * Sets the rules of the aggregated role `name` to the union of those its selectors pick, when they differ. The
   * roles are read from the list-watch's store (listing storage on every change made creating n roles cost n² copies).
   */
  async syncClusterRole(name: string): Promise<void> {
    const role = this.#roles.get(name);
    if (role === undefined) return;
    const rules = aggregatedRules(role, this.#roles.objects());
    if (rules === undefined || sameRules(rules, rulesOf(role))) return;
    const update = mutatedObjectInfo((live) => {
      live.rules = rules;
    });
    await ignoreNotFound(this.#o.clusterRoles.update(this.#o.context, name, update, undefined, undefined, false, {}));
  }
}
