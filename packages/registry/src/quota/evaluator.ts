/**
 * How quota measures one resource (k8s.io/apiserver/pkg/quota/v1 `Evaluator`, and `generic.Matches`,
 * `CalculateUsageStats`): which operations change usage, which quota resource names it can count, whether a quota's
 * scopes select an object, the usage of one object and the namespace's total.
 * @module
 */
import { zeroQuantity, type ParsedQuantity } from '@apiserver/runtime';
import type { Attributes } from '../admission/interfaces.js';
import type { ApiObject } from '../rest/types.js';
import { addLists, parseResourceList, type ResourceList } from './resource-list.js';
import { isRecord, recordAt } from './json-record.js';

/** One scope requirement of a quota (`corev1.ScopedResourceSelectorRequirement`); `spec.scopes` entries use `Exists`. */
export interface ScopeSelectorRequirement {
  /** The scope (Terminating, NotTerminating, BestEffort, NotBestEffort, PriorityClass, CrossNamespacePodAffinity…). */
  readonly scopeName: string;
  /** In, NotIn, Exists or DoesNotExist. */
  readonly operator: string;
  /** The values of In and NotIn. */
  readonly values?: readonly string[];
}

/** Measures quota usage of one group-resource. */
export interface QuotaEvaluator {
  /** The group-resource measured. */
  readonly group: string;
  /** The resource measured. */
  readonly resource: string;
  /** Whether the request can change usage (upstream charges pods on CREATE, services and PVCs on UPDATE too). */
  handles(a: Attributes): boolean;
  /** The names among `names` this evaluator counts. */
  matchingResources(names: readonly string[]): string[];
  /** Whether `obj` is selected by one scope requirement (an error when the requirement cannot be read). */
  matchesScope(selector: ScopeSelectorRequirement, obj: ApiObject): boolean;
  /** The usage of one object. */
  usage(obj: ApiObject): Map<string, ParsedQuantity>;
  /** Why `obj` cannot be admitted under a quota limiting `required` (undefined: it can). */
  constraints(required: readonly string[], obj: ApiObject): string | undefined;
}

/** `count/<resource>` for the core group, `count/<resource>.<group>` otherwise (`ObjectCountQuotaResourceNameFor`). */
export function objectCountQuotaResourceNameFor(group: string, resource: string): string {
  return group === '' ? `count/${resource}` : `count/${resource}.${group}`;
}

/** A quota's `spec.scopes` (as `Exists`) followed by its `spec.scopeSelector.matchExpressions` (`GetScopeSelectorsFromQuota`). */
export function scopeSelectorsOf(quota: ApiObject): ScopeSelectorRequirement[] {
  const spec = recordAt(quota, 'spec');
  const scopes = Array.isArray(spec['scopes']) ? spec['scopes'].filter((s): s is string => typeof s === 'string') : [];
  const out: ScopeSelectorRequirement[] = scopes.map((scopeName) => ({ scopeName, operator: 'Exists' }));
  const selector = spec['scopeSelector'];
  const expressions = isRecord(selector) && Array.isArray(selector['matchExpressions']) ? selector['matchExpressions'] : [];
  for (const e of expressions) {
    if (!isRecord(e)) continue;
    const values = Array.isArray(e['values']) ? e['values'].filter((v): v is string => typeof v === 'string') : undefined;
    out.push({ scopeName: String(e['scopeName'] ?? ''), operator: String(e['operator'] ?? ''), ...(values !== undefined && { values }) });
  }
  return out;
}

/** A quota's `status.<field>` (`hard` or `used`) as a resource list. */
export function quotaStatusList(quota: ApiObject, field: 'hard' | 'used'): Map<string, ParsedQuantity> {
  const status = quota['status'];
  return parseResourceList(isRecord(status) ? status[field] : undefined);
}

/** Whether `quota` applies to `obj`: it limits a resource the evaluator counts and every scope selects `obj` (`generic.Matches`). */
export function quotaMatches(evaluator: QuotaEvaluator, quota: ApiObject, obj: ApiObject): boolean {
  if (evaluator.matchingResources([...quotaStatusList(quota, 'hard').keys()]).length === 0) return false;
  return scopeSelectorsOf(quota).every((s) => evaluator.matchesScope(s, obj));
}

/**
 * The usage of the objects of one namespace that every scope selects, with every name of `resources` present (zero
 * when nothing counts) (`CalculateUsageStats`).
 */
export function calculateUsageStats(evaluator: QuotaEvaluator, items: readonly ApiObject[], resources: readonly string[], scopes: readonly ScopeSelectorRequirement[]): Map<string, ParsedQuantity> {
  let used: ResourceList = new Map(resources.map((name) => [name, zeroQuantity()]));
  for (const item of items) {
    if (scopes.every((s) => evaluator.matchesScope(s, item))) used = addLists(used, evaluator.usage(item));
  }
  return new Map(used);
}

/**
 * Counts objects of any resource (`generic.NewObjectCountEvaluator`): `count/<resource>[.<group>]`, and the legacy
 * name given (`configmaps`, `secrets`…), charged on CREATE; quotas with scopes never select them.
 */
export class ObjectCountEvaluator implements QuotaEvaluator {
  /** The group. */
  readonly group: string;
  /** The resource. */
  readonly resource: string;
  readonly #names: readonly string[];

  /** An evaluator counting objects of `group`/`resource`, also under `alias` when given. */
  constructor(group: string, resource: string, alias?: string) {
    this.group = group;
    this.resource = resource;
    const countName = objectCountQuotaResourceNameFor(group, resource);
    this.#names = alias === undefined ? [countName] : [countName, alias];
  }

  /** CREATE only. */
  handles(a: Attributes): boolean {
    return a.operation === 'CREATE';
  }

  /** `count/…` and the alias. */
  matchingResources(names: readonly string[]): string[] {
    return names.filter((n) => this.#names.includes(n));
  }

  /** No scope selects a counted object. */
  matchesScope(): boolean {
    return false;
  }

  /** One of each counted name. */
  usage(): Map<string, ParsedQuantity> {
    return new Map(this.#names.map((n) => [n, { digits: 1n, exp10: 0, format: 'DecimalSI' }]));
  }

  /** No constraints. */
  constraints(): undefined {
    return undefined;
  }
}
