/**
 * The `ResourceQuota` admission plugin (plugin/pkg/admission/resourcequota): a namespaced CREATE or UPDATE that
 * changes usage is checked against every quota of its namespace that selects it, and the quotas' `status.used` are
 * written (optimistic concurrency, re-read and re-checked on conflict up to 3 times) before it is admitted.
 * @module
 */
import type { ApiObject, RequestContext } from '../../../rest/types.js';
import { quotaStatusList } from '../../../quota/evaluator.js';
import { QuotaRegistry } from '../../../quota/evaluator/registry.js';
import { listsEqual } from '../../../quota/resource-list.js';
import type { Attributes, Operation, ValidationInterface } from '../../interfaces.js';
import { checkRequest } from './check-request.js';
import { KeyedLock } from './keyed-lock.js';

/** Reads and writes the quotas of a namespace (`QuotaAccessor`). */
export interface QuotaAccessor {
  /** The quotas of `namespace` as stored now. */
  getQuotas(namespace: string): Promise<readonly ApiObject[]>;
  /** Writes `quota`'s status, failing with a 409 Conflict when its resourceVersion is stale. */
  updateQuotaStatus(quota: ApiObject): Promise<void>;
}

/** Options of {@link ResourceQuotaAdmission}. */
export interface ResourceQuotaAdmissionOptions {
  /** The evaluators (default: the core ones, object counts made on demand). */
  readonly registry?: QuotaRegistry;
  /** Group-resources never charged, as `group/resource` (default: `/events` and `events.k8s.io/events`). */
  readonly ignoredResources?: readonly string[];
}

/** Attempts after the first when a status update conflicts. */
const RETRIES = 3;

/** Enforces ResourceQuotas and keeps their usage current. */
export class ResourceQuotaAdmission implements ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'ResourceQuota';
  readonly #accessor: QuotaAccessor;
  readonly #registry: QuotaRegistry;
  readonly #ignored: ReadonlySet<string>;
  readonly #locks = new KeyedLock();

  /** The plugin over `accessor`'s quotas. */
  constructor(accessor: QuotaAccessor, options: ResourceQuotaAdmissionOptions = {}) {
    this.#accessor = accessor;
    this.#registry = options.registry ?? new QuotaRegistry();
    this.#ignored = new Set(options.ignoredResources ?? ['/events', 'events.k8s.io/events']);
  }

  /** CREATE and UPDATE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  /** Checks and charges the request; subresources, cluster-scoped objects and ignored resources pass. */
  async validate(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.subresource !== '' || a.namespace === '') return;
    if (a.kind.group === '' && a.kind.kind === 'Namespace') return;
    const { group, resource } = a.resource;
    if (this.#ignored.has(`${group}/${resource}`)) return;
    const evaluator = this.#registry.getOrCount(group, resource);
    if (!evaluator.handles(a)) return;
    await this.#locks.run(a.namespace, async () => {
      let quotas = await this.#accessor.getQuotas(a.namespace);
      for (let remaining = RETRIES; quotas.length > 0; remaining--) {
        const failed = await this.#charge(quotas, checkRequest(quotas, a, evaluator), a.dryRun);
        if (failed === undefined) return;
        if (remaining <= 0) throw failed.err;
        const names = new Set(failed.quotas.map((q) => q.metadata.name));
        quotas = (await this.#accessor.getQuotas(a.namespace)).filter((q) => names.has(q.metadata.name));
      }
    });
  }

  /** Writes the quotas whose usage changed; returns those that failed and the last error. */
  async #charge(before: readonly ApiObject[], after: readonly ApiObject[], dryRun: boolean): Promise<{ quotas: ApiObject[]; err: unknown } | undefined> {
    if (dryRun || before === after) return undefined;
    const failed: ApiObject[] = [];
    let lastErr: unknown;
    for (const [i, quota] of after.entries()) {
      const original = before[i];
      if (original !== undefined && listsEqual(quotaStatusList(original, 'used'), quotaStatusList(quota, 'used'))) continue;
      try {
        await this.#accessor.updateQuotaStatus(quota);
      } catch (err) {
        // Any failed write (a conflict above all) is retried against the quota as stored now.
        failed.push(quota);
        lastErr = err;
      }
    }
    return failed.length === 0 ? undefined : { quotas: failed, err: lastErr };
  }
}
