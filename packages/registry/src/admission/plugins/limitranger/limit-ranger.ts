/**
 * The `LimitRanger` admission plugin (plugin/pkg/admission/limitranger): on pod CREATE the Container defaults of
 * every LimitRange of the namespace fill missing requests and limits (noted in the `kubernetes.io/limit-ranger`
 * annotation); validation then checks containers, init containers and whole pods against min, max and
 * maxLimitRequestRatio, and claims' storage requests against min and max, with upstream's messages (403).
 * Pods are left alone on UPDATE (their containers' resources cannot change), as are subresources and objects
 * being deleted.
 * @module
 */
import type { ParsedQuantity } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../../rest/types.js';
import { containerResources, containersOf, podLimits, podRequests } from '../../../quota/pod-resources.js';
import { formatResourceList, parseResourceList, type ResourceList } from '../../../quota/resource-list.js';
import { newAdmissionForbidden } from '../../forbidden.js';
import type { Attributes, MutationInterface, Operation, ValidationInterface } from '../../interfaces.js';
import { limitRequestRatioConstraint, maxConstraint, maxRequestConstraint, minConstraint } from './constraints.js';
import { isRecord, recordAt, type JSONRecord } from '../../../quota/json-record.js';

/** The annotation naming what defaults were applied. */
export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

/** Lists the LimitRanges of a namespace. */
export type LimitRangeLister = (namespace: string) => Promise<readonly ApiObject[]>;

function limitItems(lr: ApiObject): JSONRecord[] {
  const spec = lr['spec'];
  const limits = isRecord(spec) ? spec['limits'] : undefined;
  return Array.isArray(limits) ? limits.filter(isRecord) : [];
}

/** The Container item defaults of a LimitRange: requests from `defaultRequest`, limits from `default`. */
function containerDefaults(lr: ApiObject): { requests: Map<string, ParsedQuantity>; limits: Map<string, ParsedQuantity> } {
  const requests = new Map<string, ParsedQuantity>();
  const limits = new Map<string, ParsedQuantity>();
  for (const item of limitItems(lr)) {
    if (item['type'] !== 'Container') continue;
    for (const [k, q] of parseResourceList(item['defaultRequest'])) requests.set(k, q);
    for (const [k, q] of parseResourceList(item['default'])) limits.set(k, q);
  }
  return { requests, limits };
}

/** Sets the missing entries of `container.resources[which]` from `defaults`; returns the names set, sorted. */
function fillMissing(container: JSONRecord, which: 'requests' | 'limits', defaults: ResourceList): string[] {
  const own = containerResources(container, which);
  const missing = new Map([...defaults].filter(([k]) => !own.has(k)));
  if (missing.size === 0) return [];
  const resources = recordAt(container, 'resources');
  const current = isRecord(resources[which]) ? resources[which] : {};
  container['resources'] = { ...resources, [which]: { ...current, ...formatResourceList(missing) } };
  return [...missing.keys()].sort();
}

/** Applies a LimitRange's container defaults to a pod and records them in the annotation (`mergePodResourceRequirements`). */
export function applyPodDefaults(lr: ApiObject, pod: ApiObject): void {
  const defaults = containerDefaults(lr);
  const notes: string[] = [];
  const visit = (containers: JSONRecord[], prefix: string): void => {
    for (const c of containers) {
      const name = String(c['name'] ?? '');
      const limits = fillMissing(c, 'limits', defaults.limits);
      const requests = fillMissing(c, 'requests', defaults.requests);
      if (requests.length > 0) notes.push(`${requests.join(', ')} request for ${prefix} ${name}`);
      if (limits.length > 0) notes.push(`${limits.join(', ')} limit for ${prefix} ${name}`);
    }
  };
  visit(containersOf(pod, 'containers'), 'container');
  visit(containersOf(pod, 'initContainers'), 'init container');
  if (notes.length === 0) return;
  pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
}

type Check = (type: string, name: string, enforced: ParsedQuantity) => string | undefined;

/** Runs `check` over the sorted entries of an item's bound. */
function checkBound(item: JSONRecord, bound: string, check: Check): string[] {
  const type = String(item['type'] ?? '');
  const list = parseResourceList(item[bound]);
  return [...list.keys()].sort().flatMap((name) => check(type, name, list.get(name) as ParsedQuantity) ?? []);
}

/** min, max and maxLimitRequestRatio of one item against requests and limits. */
function checkRequirements(item: JSONRecord, requests: ResourceList, limits: ResourceList): string[] {
  return [
    ...checkBound(item, 'min', (t, n, e) => minConstraint(t, n, e, requests, limits)),
    ...checkBound(item, 'max', (t, n, e) => maxConstraint(t, n, e, requests, limits)),
    ...checkBound(item, 'maxLimitRequestRatio', (t, n, e) => limitRequestRatioConstraint(t, n, e, requests, limits)),
  ];
}

/** The violations of a pod against one LimitRange (`PodValidateLimitFunc`). */
export function podLimitViolations(lr: ApiObject, pod: ApiObject): string[] {
  const errs: string[] = [];
  for (const item of limitItems(lr)) {
    if (item['type'] === 'Container') {
      for (const c of [...containersOf(pod, 'containers'), ...containersOf(pod, 'initContainers')]) {
        errs.push(...checkRequirements(item, containerResources(c, 'requests'), containerResources(c, 'limits')));
      }
    }
    if (item['type'] === 'Pod') errs.push(...checkRequirements(item, podRequests(pod), podLimits(pod)));
  }
  return errs;
}

/** The violations of a claim's storage requests against one LimitRange (`PersistentVolumeClaimValidateLimitFunc`). */
export function claimLimitViolations(lr: ApiObject, pvc: ApiObject): string[] {
  const spec = recordAt(pvc, 'spec');
  const requests = parseResourceList(isRecord(spec['resources']) ? spec['resources']['requests'] : undefined);
  const errs: string[] = [];
  for (const item of limitItems(lr)) {
    if (item['type'] !== 'PersistentVolumeClaim') continue;
    errs.push(...checkBound(item, 'min', (t, n, e) => minConstraint(t, n, e, requests, new Map())));
    errs.push(...checkBound(item, 'max', (t, n, e) => maxRequestConstraint(t, n, e, requests)));
  }
  return errs;
}

/** One message, or `[a, b]` for several distinct ones (`utilerrors.NewAggregate`). */
function aggregate(messages: readonly string[]): string | undefined {
  const distinct = [...new Set(messages)];
  if (distinct.length === 0) return undefined;
  return distinct.length === 1 ? distinct[0] : `[${distinct.join(', ')}]`;
}

/** Defaults and enforces LimitRanges on pods and persistent volume claims. */
export class LimitRanger implements MutationInterface, ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'LimitRanger';
  readonly #list: LimitRangeLister;

  /** The plugin over the LimitRanges `list` returns. */
  constructor(list: LimitRangeLister) {
    this.#list = list;
  }

  /** CREATE and UPDATE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  /** Applies the container defaults of each LimitRange to a new pod. */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    const obj = a.object;
    if (obj === undefined || !supports(a) || a.kind.kind !== 'Pod') return;
    for (const lr of await this.#list(a.namespace)) applyPodDefaults(lr, obj);
  }

  /** Rejects (403) a pod or claim that violates a LimitRange: the first LimitRange violated, all its messages. */
  async validate(_ctx: RequestContext, a: Attributes): Promise<void> {
    const obj = a.object;
    if (obj === undefined || !supports(a)) return;
    const violations = a.kind.kind === 'Pod' ? podLimitViolations : claimLimitViolations;
    for (const lr of await this.#list(a.namespace)) {
      const message = aggregate(violations(lr, obj));
      if (message !== undefined) throw newAdmissionForbidden(a, message);
    }
  }
}

/** Pods on CREATE and claims, neither subresources nor objects being deleted (`SupportsAttributes`). */
function supports(a: Attributes): boolean {
  if (a.subresource !== '' || a.kind.group !== '' || a.namespace === '') return false;
  const deleting = a.oldObject?.metadata.deletionTimestamp;
  if (deleting !== undefined && deleting !== null) return false;
  if (a.kind.kind === 'Pod') return a.operation === 'CREATE';
  return a.kind.kind === 'PersistentVolumeClaim';
}
