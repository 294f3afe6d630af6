/**
 * The pod quota evaluator (pkg/quota/v1/evaluator/core `podEvaluator`): `count/pods` always, and while the pod is
 * not terminal `pods`, cpu / memory / ephemeral-storage requests and limits, hugepages and extended resource
 * requests; charged on CREATE; a quota on cpu or memory requires every container to state them.
 * @module
 */
import type { ParsedQuantity } from '@apiserver/runtime';
import type { Attributes } from '../../admission/interfaces.js';
import type { ApiObject } from '../../rest/types.js';
import { objectCountQuotaResourceNameFor, type QuotaEvaluator, type ScopeSelectorRequirement } from '../evaluator.js';
import { containerResources, containersOf, podLimits, podRequests } from '../pod-resources.js';
import { addLists, type ResourceList } from '../resource-list.js';
import { podMatchesScope } from './pod-scopes.js';
import { recordAt } from '../json-record.js';

const POD_COUNT = objectCountQuotaResourceNameFor('', 'pods');
const POD_RESOURCES = [
  POD_COUNT,
  'cpu',
  'memory',
  'ephemeral-storage',
  'pods',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
];
const POD_RESOURCE_PREFIXES = ['hugepages-', 'requests.hugepages-'];
/** Resources a quota can only limit when every container states them (`validationSet`). */
const MUST_SPECIFY = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];
const ONE: ParsedQuantity = { digits: 1n, exp10: 0, format: 'DecimalSI' };
const COMPUTE = ['cpu', 'memory', 'ephemeral-storage'];

/** A resource name outside `kubernetes.io` with a domain, not itself a `requests.` name (`IsExtendedResourceName`). */
function isExtendedResourceName(name: string): boolean {
  return name.includes('/') && !name.includes('kubernetes.io/') && !name.startsWith('requests.');
}

/** The usage that requests and limits add up to (`podComputeUsageHelper`). */
function computeUsage(requests: ResourceList, limits: ResourceList): Map<string, ParsedQuantity> {
  const out = new Map<string, ParsedQuantity>([['pods', ONE]]);
  for (const name of COMPUTE) {
    const request = requests.get(name);
    if (request !== undefined) {
      out.set(name, request);
      out.set(`requests.${name}`, request);
    }
    const limit = limits.get(name);
    if (limit !== undefined) out.set(`limits.${name}`, limit);
  }
  for (const [name, request] of requests) {
    if (name.startsWith('hugepages-')) {
      out.set(name, request);
      out.set(`requests.${name}`, request);
    }
    if (isExtendedResourceName(name)) out.set(`requests.${name}`, request);
  }
  return out;
}

/** Terminal pods, and pods past their deletion grace period, no longer use compute resources (`QuotaV1Pod`). */
export function podUsesComputeResources(pod: ApiObject, now: number = Date.now()): boolean {
  const status = recordAt(pod, 'status');
  if (status['phase'] === 'Failed' || status['phase'] === 'Succeeded') return false;
  const { deletionTimestamp, deletionGracePeriodSeconds } = pod.metadata;
  if (deletionTimestamp !== undefined && deletionTimestamp !== null && typeof deletionGracePeriodSeconds === 'number') {
    if (now > Date.parse(String(deletionTimestamp)) + deletionGracePeriodSeconds * 1000) return false;
  }
  return true;
}

/** Quota's view of pods. */
export class PodEvaluator implements QuotaEvaluator {
  /** The core group. */
  readonly group = '';
  /** pods. */
  readonly resource = 'pods';

  /** CREATE (resizing pods in place, which upstream also charges on UPDATE, is an alpha feature in 1.32). */
  handles(a: Attributes): boolean {
    return a.operation === 'CREATE';
  }

  /** The pod resources, hugepages and extended resource requests among `names`. */
  matchingResources(names: readonly string[]): string[] {
    return names.filter(
      (n) => POD_RESOURCES.includes(n) || POD_RESOURCE_PREFIXES.some((p) => n.startsWith(p)) || (n.startsWith('requests.') && isExtendedResourceName(n.slice('requests.'.length))),
    );
  }

  /** The pod scopes. */
  matchesScope(selector: ScopeSelectorRequirement, pod: ApiObject): boolean {
    return podMatchesScope(selector, pod);
  }

  /** `count/pods`, plus the compute usage while the pod is not terminal. */
  usage(pod: ApiObject): Map<string, ParsedQuantity> {
    const count = new Map([[POD_COUNT, ONE]]);
    if (!podUsesComputeResources(pod)) return count;
    return addLists(count, computeUsage(podRequests(pod, { overhead: true }), podLimits(pod, { overhead: true })));
  }

  /** `must specify limits.cpu for: a,b; requests.memory for: a` when a container leaves out a limited cpu or memory value. */
  constraints(required: readonly string[], pod: ApiObject): string | undefined {
    const requiredSet = required.filter((r) => MUST_SPECIFY.includes(r));
    if (requiredSet.length === 0) return undefined;
    const missing = new Map<string, Set<string>>();
    for (const c of [...containersOf(pod, 'containers'), ...containersOf(pod, 'initContainers')]) {
      const has = computeUsage(containerResources(c, 'requests'), containerResources(c, 'limits'));
      for (const r of requiredSet) {
        if (has.has(r)) continue;
        const names = missing.get(r) ?? new Set<string>();
        names.add(String(c['name'] ?? ''));
        missing.set(r, names);
      }
    }
    if (missing.size === 0) return undefined;
    const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...(missing.get(r) ?? [])].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  }
}
