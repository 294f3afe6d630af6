/**
 * The resource quota controller (pkg/controller/resourcequota `Controller`): keeps every quota's `status.hard` equal
 * to `spec.hard` and its `status.used` equal to what the namespace's objects use. A quota is synced when it appears,
 * when its `spec.hard` differs from `status.hard`, when an object it may count is deleted (or a pod finishes, or a
 * service or claim changes), and on every full resync; upstream runs it in kube-controller-manager.
 * @module
 */
import {
  type ApiObject,
  defaultUpdatedObjectInfo,
  formatResourceList,
  type Getter,
  type Lister,
  listsEqual,
  maskList,
  QuotaRegistry,
  quotaStatusList,
  type RequestContext,
  type Updater,
  type Watcher,
} from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import { ControllerRun, RunController } from '../controller-run.js';
import { type ListWatchEventType, ListWatcher } from '../list-watch.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';
import { calculateQuotaUsage, type NamespaceLister, specHard } from './calculate-usage.js';

/** A resource whose changes give quota back (replenishment). */
export interface ReplenishedResource {
  /** The group. */
  readonly group: string;
  /** The resource. */
  readonly resource: string;
  /** Its storage. */
  readonly storage: Lister & Watcher;
}

/** Options of the ResourceQuotaController. */
export interface ResourceQuotaControllerOptions {
  /** The `resourcequotas` resource. */
  readonly quotas: Getter & Lister & Watcher;
  /** The `resourcequotas/status` subresource. */
  readonly status: Updater;
  /** Lists any served resource's objects in a namespace. */
  readonly list: NamespaceLister;
  /** Resources whose deletes (and relevant updates) resync the quotas of their namespace. */
  readonly replenished: readonly ReplenishedResource[];
  /** Every quota is recomputed this often, in ms (`--resource-quota-sync-period`; default 300 000). */
  readonly resyncIntervalMs?: number;
  /** The evaluators (default: the core ones). */
  readonly registry?: QuotaRegistry;
  /** Backoff of failed syncs and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure (the controller keeps running); `key` is `namespace/name`. */
  readonly onError?: (err: unknown, key: string | undefined) => void;
}

function keyOf(obj: ApiObject): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

/** Whether a changed object can free quota: a pod that finished, any service or claim (type or size may change). */
function replenishes(group: string, resource: string, type: ListWatchEventType, obj: ApiObject): boolean {
  if (type === 'DELETED') return true;
  if (type !== 'MODIFIED' || group !== '') return false;
  if (resource === 'services' || resource === 'persistentvolumeclaims') return true;
  if (resource !== 'pods') return false;
  const phase = (obj['status'] as { phase?: unknown } | undefined)?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || obj.metadata.deletionTimestamp !== undefined;
}

/** Syncs ResourceQuota status; `start()` / `stop()`. */
export class ResourceQuotaController extends RunController {
  readonly #o: ResourceQuotaControllerOptions;
  readonly #registry: QuotaRegistry;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;
  /** The quotas last seen, by `namespace/name`. */
  readonly #known = new Map<string, ApiObject>();

  /** Creates a stopped controller. */
  constructor(options: ResourceQuotaControllerOptions) {
    super();
    this.#o = options;
    this.#registry = options.registry ?? new QuotaRegistry();
    this.#queue = new RetryQueue((key) => this.syncQuota(key), (key, err) => options.onError?.(err, key), options.retry);
    const common = {
      ...(options.retry !== undefined && { retry: options.retry }),
      onError: (err: unknown) => options.onError?.(err, undefined),
    };
    const quotaWatcher = new ListWatcher(options.quotas, (type, q) => this.#onQuota(type, q), {
      ...common,
      resyncIntervalMs: options.resyncIntervalMs ?? 300_000,
      onList: (items) => {
        this.#known.clear();
        for (const q of items) this.#known.set(keyOf(q), q);
      },
    });
    const replenishers = options.replenished.map(
      ({ group, resource, storage }) =>
        new ListWatcher(
          storage,
          (type, obj) => {
            if (replenishes(group, resource, type, obj)) this.#replenish(group, resource, obj.metadata.namespace ?? '');
          },
          common,
        ),
    );
    this.run = new ControllerRun([quotaWatcher, ...replenishers], [this.#queue]);
  }

  /** Resolves when no sync is queued or running. */
  drained(): Promise<void> {
    return this.#queue.drained();
  }

  #onQuota(type: ListWatchEventType, quota: ApiObject): void {
    const key = keyOf(quota);
    if (type === 'DELETED') {
      this.#known.delete(key);
      return;
    }
    this.#known.set(key, quota);
    // Status writes (ours and quota admission's) come back as MODIFIED: only a changed spec.hard needs a sync.
    if (type === 'MODIFIED' && listsEqual(specHard(quota), quotaStatusList(quota, 'hard'))) return;
    this.#queue.add(key);
  }

  /** Queues the quotas of `namespace` that count something of `group`/`resource`. */
  #replenish(group: string, resource: string, namespace: string): void {
    const evaluator = this.#registry.getOrCount(group, resource);
    for (const [key, quota] of this.#known) {
      if (quota.metadata.namespace !== namespace) continue;
      if (evaluator.matchingResources([...specHard(quota).keys()]).length > 0) this.#queue.add(key);
    }
  }

  /** Recomputes the quota `namespace/name` and writes its status when it changed (`syncResourceQuota`). */
  async syncQuota(key: string): Promise<void> {
    const slash = key.indexOf('/');
    const ctx: RequestContext = { namespace: key.slice(0, slash) };
    let quota: ApiObject;
    try {
      quota = await this.#o.quotas.get(ctx, key.slice(slash + 1));
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    const status = (quota['status'] ?? {}) as { hard?: unknown; used?: unknown };
    const hard = specHard(quota);
    const previous = quotaStatusList(quota, 'used');
    const used = new Map(previous);
    for (const [name, q] of await calculateQuotaUsage(quota, this.#registry, this.#o.list)) used.set(name, q);
    const newUsed = maskList(used, hard.keys());
    const dirty = status.hard === undefined || status.used === undefined || !listsEqual(hard, quotaStatusList(quota, 'hard')) || !listsEqual(newUsed, previous);
    if (!dirty) return;
    const updated = { ...quota, status: { hard: formatResourceList(hard), used: formatResourceList(newUsed) } };
    await this.#o.status.update(ctx, quota.metadata.name ?? '', defaultUpdatedObjectInfo(updated), undefined, undefined, false);
  }
}
