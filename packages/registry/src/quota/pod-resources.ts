/**
 * A pod's effective requests and limits (k8s.io/component-helpers/resource `PodRequests`, `PodLimits`): the sum of
 * its containers, raised to the largest init container's, where restartable (sidecar) init containers add up with
 * the app containers and with every init container started after them; optionally plus the pod overhead.
 * @module
 */
import { compareQuantities, type ParsedQuantity } from '@apiserver/runtime';
import type { ApiObject } from '../rest/types.js';
import { addLists, parseResourceList, type ResourceList } from './resource-list.js';
import { isRecord, type JSONRecord } from './json-record.js';

/** The records of `spec[key]` (containers, initContainers). */
export function containersOf(pod: ApiObject | undefined, key: 'containers' | 'initContainers'): JSONRecord[] {
  const spec = pod?.['spec'];
  const list = isRecord(spec) ? spec[key] : undefined;
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** A container's `resources.requests` or `resources.limits`. */
export function containerResources(container: JSONRecord, which: 'requests' | 'limits'): Map<string, ParsedQuantity> {
  const resources = container['resources'];
  return parseResourceList(isRecord(resources) ? resources[which] : undefined);
}

/** Raises every entry of `into` to `list`'s where larger (`maxResourceList`). */
function raiseTo(into: Map<string, ParsedQuantity>, list: ResourceList): void {
  for (const [name, q] of list) {
    const mine = into.get(name);
    if (mine === undefined || compareQuantities(q, mine) > 0) into.set(name, q);
  }
}

/** Options of {@link podRequests} and {@link podLimits}. */
export interface PodResourcesOptions {
  /** Add `spec.overhead` (quota does; LimitRanger does not). */
  readonly overhead?: boolean;
}

function aggregate(pod: ApiObject | undefined, which: 'requests' | 'limits'): Map<string, ParsedQuantity> {
  let total = new Map<string, ParsedQuantity>();
  for (const c of containersOf(pod, 'containers')) total = addLists(total, containerResources(c, which));
  let sidecars = new Map<string, ParsedQuantity>();
  const initMax = new Map<string, ParsedQuantity>();
  for (const c of containersOf(pod, 'initContainers')) {
    const own = containerResources(c, which);
    if (c['restartPolicy'] === 'Always') {
      total = addLists(total, own);
      sidecars = addLists(sidecars, own);
      raiseTo(initMax, sidecars);
    } else {
      raiseTo(initMax, addLists(own, sidecars));
    }
  }
  raiseTo(total, initMax);
  return total;
}

function overheadOf(pod: ApiObject | undefined): Map<string, ParsedQuantity> {
  const spec = pod?.['spec'];
  return parseResourceList(isRecord(spec) ? spec['overhead'] : undefined);
}

/** The pod's effective requests. */
export function podRequests(pod: ApiObject | undefined, options: PodResourcesOptions = {}): Map<string, ParsedQuantity> {
  const reqs = aggregate(pod, 'requests');
  return options.overhead === true ? addLists(reqs, overheadOf(pod)) : reqs;
}

/** The pod's effective limits; the overhead is added only to resources that have a limit. */
export function podLimits(pod: ApiObject | undefined, options: PodResourcesOptions = {}): Map<string, ParsedQuantity> {
  const limits = aggregate(pod, 'limits');
  if (options.overhead !== true) return limits;
  const overhead = overheadOf(pod);
  return addLists(limits, new Map([...overhead].filter(([name]) => limits.has(name))));
}
