/**
 * `pods/eviction` (pkg/registry/core/pod/storage/eviction.go `EvictionREST`): POST a policy/v1 Eviction (v1beta1
 * bodies are accepted too) named as the pod to delete it with the Eviction's DeleteOptions, unless that would
 * take more disruptions than the pod's PodDisruptionBudget allows (429). Pods that are terminal, pending or
 * already being deleted go without a budget check; an unready pod goes without spending the budget when its
 * `unhealthyPodEvictionPolicy` allows. Before deleting, the pod gets the `DisruptionTarget` condition
 * (`EvictionByEvictionAPI`). The answer is a Success Status.
 * @module
 */
import {
  type ApiObject,
  defaultUpdatedObjectInfo,
  type GroupVersionAcceptor,
  type GroupVersionKindProvider,
  isDryRun,
  type NamedCreater,
  type RequestContext,
  type Storage,
  type Store,
  type ValidateObjectFunc,
} from '@apiserver/registry';
import { type CreateOptions, type DeleteOptions, type GroupVersion, type GroupVersionKind, isConflict, newBadRequest, newConflict, StatusError } from '@apiserver/runtime';
import { deepCopy } from '@apiserver/storage';
import { isRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { type Backoff, retryOnError } from '../../retry.js';
import { metaTime } from '../persistentvolume/strategy.js';
import { budgetNotProcessed, budgetsCovering, spendDisruption, unhealthyPodMayGo } from './eviction-budget.js';

/** Upstream's `EvictionsRetry`: 20 attempts 500 ms apart (10 % jitter). */
export const EVICTIONS_RETRY: Backoff = { steps: 20, durationMs: 500, jitter: 0.1 };

const POD_KIND = { group: '', resource: 'Pod' };

/** Where the eviction reads and writes: the pods (through their status store) and the budgets' status. */
export interface EvictionStores {
  /** The pods' Store whose update strategy is the status strategy (upstream's `statusStore`). */
  readonly pods: Pick<Store, 'get' | 'update' | 'delete'>;
  /** The PodDisruptionBudgets' Store whose update strategy is the status strategy. */
  readonly budgets: Pick<Store, 'get' | 'list' | 'update'>;
  /** Clock in epoch ms (condition and `disruptedPods` times; tests). */
  readonly clock?: () => number;
  /** Retry of conflicting writes (tests shorten it). */
  readonly retry?: Backoff;
}

const SUCCESS: ApiObject = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success', code: 201 };

function goList(values: readonly string[]): string {
  return `[${values.join(' ')}]`;
}

/** The Eviction's DeleteOptions with the request's dryRun pushed in (`propagateDryRun`); 500 when both disagree. */
export function evictionDeleteOptions(eviction: ApiObject, options: CreateOptions | undefined): DeleteOptions {
  const requested = options?.dryRun ?? [];
  const body = eviction.deleteOptions;
  if (!isRecord(body)) return { dryRun: [...requested] };
  const own = Array.isArray(body.dryRun) ? body.dryRun.filter((v): v is string => typeof v === 'string') : [];
  if (own.length === 0) return { ...(body as DeleteOptions), dryRun: [...requested] };
  if (requested.length === 0 || (own.length === requested.length && own.every((v, i) => v === requested[i]))) return body as DeleteOptions;
  // A plain Go error upstream: the endpoints answer it as a 500 Status without a reason.
  throw new StatusError({ code: 500, message: `Non-matching dry-run options in request and content: ${goList(requested)} and ${goList(own)}` });
}

function resourceVersionIsUnset(options: DeleteOptions): boolean {
  return options.preconditions?.resourceVersion === undefined;
}

function withResourceVersion(options: DeleteOptions, resourceVersion: string): DeleteOptions {
  return { ...options, preconditions: { ...options.preconditions, resourceVersion } };
}

function phaseOf(pod: ApiObject): string {
  return stringAt(recordAt(pod, 'status'), 'phase');
}

/** Terminal, pending and terminating pods need no budget check (`canIgnorePDB`). */
function canIgnoreBudget(pod: ApiObject): boolean {
  return ['Succeeded', 'Failed', 'Pending'].includes(phaseOf(pod)) || pod.metadata.deletionTimestamp !== undefined;
}

/** Only a pod that might still count as healthy is deleted at the resourceVersion checked (`shouldEnforceResourceVersion`). */
function shouldEnforceResourceVersion(pod: ApiObject): boolean {
  return !['Succeeded', 'Failed'].includes(phaseOf(pod)) && pod.metadata.deletionTimestamp === undefined;
}

/** `podutil.IsPodReady`: the Ready condition is True. */
function isPodReady(pod: ApiObject): boolean {
  return recordsAt(recordAt(pod, 'status'), 'conditions').some((c) => stringAt(c, 'type') === 'Ready' && stringAt(c, 'status') === 'True');
}

/** Sets `DisruptionTarget=True` (`podutil.UpdatePodCondition`: the transition time kept while the status stays). */
function markDisruptionTarget(pod: ApiObject, now: number): void {
  const status = recordAt(pod, 'status') ?? {};
  pod.status = status;
  const conditions = recordsAt(status, 'conditions');
  const condition = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: metaTime(now), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' };
  const i = conditions.findIndex((c) => stringAt(c, 'type') === 'DisruptionTarget');
  if (i < 0) {
    status.conditions = [...conditions, condition];
    return;
  }
  const old = conditions[i];
  if (old !== undefined && stringAt(old, 'status') === 'True') condition.lastTransitionTime = stringAt(old, 'lastTransitionTime');
  conditions[i] = condition;
  status.conditions = conditions;
}

/** The pod as stored, after the Eviction's preconditions held against it (`getLatestPod`). */
function checkPreconditions(pod: ApiObject, options: DeleteOptions): ApiObject {
  const name = pod.metadata.name ?? '';
  const uid = options.preconditions?.uid ?? '';
  if (uid !== '' && uid !== pod.metadata.uid) {
    throw newConflict(POD_KIND, name, new Error(`the UID in the precondition (${uid}) does not match the UID in record (${pod.metadata.uid ?? ''}). The object might have been deleted and then recreated`));
  }
  const rv = options.preconditions?.resourceVersion ?? '';
  if (rv !== '' && rv !== pod.metadata.resourceVersion) {
    throw newConflict(POD_KIND, name, new Error(`the ResourceVersion in the precondition (${rv}) does not match the ResourceVersion in record (${pod.metadata.resourceVersion ?? ''}). The object might have been modified`));
  }
  return deepCopy(pod);
}

/** The `pods/eviction` subresource. */
export class EvictionREST implements Storage, NamedCreater, GroupVersionKindProvider, GroupVersionAcceptor {
  readonly #pods: EvictionStores['pods'];
  readonly #budgets: EvictionStores['budgets'];
  readonly #now: () => number;
  readonly #retry: Backoff;

  /** Evicts from `stores.pods`, spending `stores.budgets`. */
  constructor(stores: EvictionStores) {
    this.#pods = stores.pods;
    this.#budgets = stores.budgets;
    this.#now = stores.clock ?? Date.now;
    this.#retry = stores.retry ?? EVICTIONS_RETRY;
  }

  /** A new policy/v1 Eviction. */
  newObject(): ApiObject {
    return { apiVersion: 'policy/v1', kind: 'Eviction', metadata: {} };
  }

  /** Nothing to release: the pod and budget storage own theirs. */
  destroy(): void {}

  /** Evictions are namespaced, as pods. */
  namespaceScoped(): boolean {
    return true;
  }

  /** policy/v1 Eviction, whatever group serves the pods. */
  groupVersionKind(_containingGV?: GroupVersion): GroupVersionKind {
    return { group: 'policy', version: 'v1', kind: 'Eviction' };
  }

  /** policy/v1 and policy/v1beta1 bodies. */
  acceptsGroupVersion(gv: GroupVersion): boolean {
    return gv.group === 'policy' && (gv.version === 'v1' || gv.version === 'v1beta1');
  }

  /** Evicts the pod `name`. */
  async createNamed(ctx: RequestContext, name: string, eviction: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    if ((eviction.metadata.name ?? '') !== name) throw newBadRequest('name in URL does not match name in Eviction object');
    const original = evictionDeleteOptions(eviction, options);
    if (createValidation !== undefined) await createValidation(ctx, deepCopy(eviction));
    const pod = await this.#deleteIfBudgetIgnored(ctx, name, original);
    if (pod === undefined) return SUCCESS;
    const budgets = budgetsCovering((await this.#budgets.list({ namespace: pod.metadata.namespace ?? '' })).items, pod);
    if (budgets.length > 1) {
      return { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500 };
    }
    const budget = budgets[0];
    let atVersion = false;
    if (budget !== undefined) {
      if (!isPodReady(pod) && unhealthyPodMayGo(budget)) atVersion = true;
      else await this.#spend(budget, pod.metadata.name ?? '', isDryRun(original.dryRun));
    }
    // An unready pod went without spending the budget: delete it only if it has not become ready since.
    const deleteOptions = atVersion ? withResourceVersion(original, pod.metadata.resourceVersion ?? '') : original;
    try {
      await this.#addConditionAndDelete(ctx, name, deleteOptions);
    } catch (err) {
      if (isConflict(err) && atVersion && resourceVersionIsUnset(original)) throw budgetNotProcessed(budget?.metadata.name ?? '');
      throw err;
    }
    return SUCCESS;
  }

  /** Reads the pod; deletes it when no budget applies to its state and answers undefined, else answers the pod. */
  async #deleteIfBudgetIgnored(ctx: RequestContext, name: string, original: DeleteOptions): Promise<ApiObject | undefined> {
    // A precondition from the client is final: only versions the eviction chose itself are retried.
    const retriable = resourceVersionIsUnset(original) ? isConflict : () => false;
    return retryOnError(this.#retry, retriable, async () => {
      const pod = await this.#pods.get(ctx, name);
      if (!canIgnoreBudget(pod)) return pod;
      const options = shouldEnforceResourceVersion(pod) && resourceVersionIsUnset(original) ? withResourceVersion(original, pod.metadata.resourceVersion ?? '') : original;
      await this.#addConditionAndDelete(ctx, name, options);
      return undefined;
    });
  }

  /** Takes one disruption from the budget, re-reading it after a conflicting write (`RetryOnConflict`). */
  async #spend(budget: ApiObject, podName: string, dryRun: boolean): Promise<void> {
    const ctx: RequestContext = { namespace: budget.metadata.namespace ?? '' };
    let current = budget;
    let refresh = false;
    await retryOnError(this.#retry, isConflict, async () => {
      if (refresh) current = await this.#budgets.get(ctx, current.metadata.name ?? '');
      refresh = true;
      const next = spendDisruption(current, podName, dryRun, this.#now());
      if (next !== undefined) await this.#budgets.update(ctx, next.metadata.name ?? '', defaultUpdatedObjectInfo(next), undefined, undefined, false, {});
    });
  }

  /** Marks the pod `DisruptionTarget` (not on a dry run), then deletes it (`addConditionAndDeletePod`). */
  async #addConditionAndDelete(ctx: RequestContext, name: string, options: DeleteOptions): Promise<void> {
    let deleteOptions = options;
    if (!isDryRun(options.dryRun) && ctx.dryRun !== true) {
      const info = defaultUpdatedObjectInfo(undefined, (_ctx, _obj, old) => {
        if (old === undefined) return undefined;
        const pod = checkPreconditions(old, options);
        markDisruptionTarget(pod, this.#now());
        return pod;
      });
      const { object } = await this.#pods.update(ctx, name, info, undefined, undefined, false, {});
      // The condition write moved the pod on: a resourceVersion precondition follows it.
      if (!resourceVersionIsUnset(options)) deleteOptions = withResourceVersion(options, object.metadata.resourceVersion ?? '');
    }
    await this.#pods.delete(ctx, name, undefined, deleteOptions);
  }
}
