/**
 * A quota's usage computed from the objects of its namespace (k8s.io/apiserver/pkg/quota/v1 `CalculateUsage`): for
 * each evaluator that counts a resource the quota limits, the usage of the objects its scopes select; `count/…`
 * names of resources without an evaluator get an object count evaluator.
 * @module
 */
import {
  type ApiObject,
  addLists,
  calculateUsageStats,
  maskList,
  objectCountQuotaResourceNameFor,
  type QuotaEvaluator,
  type QuotaRegistry,
  parseResourceList,
  scopeSelectorsOf,
} from '@apiserver/registry';
import type { ParsedQuantity } from '@apiserver/runtime';

/** Lists the objects of one group-resource in a namespace; undefined when the resource is not served. */
export type NamespaceLister = (group: string, resource: string, namespace: string) => Promise<readonly ApiObject[]> | undefined;

/** `count/<resource>[.<group>]` split into group and resource (`{group: 'apps', resource: 'deployments'}`). */
export function parseObjectCountName(name: string): { group: string; resource: string } | undefined {
  if (!name.startsWith('count/')) return undefined;
  const rest = name.slice('count/'.length);
  const dot = rest.indexOf('.');
  const gr = dot < 0 ? { group: '', resource: rest } : { group: rest.slice(dot + 1), resource: rest.slice(0, dot) };
  return gr.resource === '' || objectCountQuotaResourceNameFor(gr.group, gr.resource) !== name ? undefined : gr;
}

/** The evaluators a quota limiting `hard` needs: the registered ones and one per other `count/…` name. */
function evaluatorsFor(registry: QuotaRegistry, hard: readonly string[]): QuotaEvaluator[] {
  for (const name of hard) {
    const gr = parseObjectCountName(name);
    if (gr !== undefined) registry.getOrCount(gr.group, gr.resource);
  }
  return registry.list();
}

/**
 * The usage of every resource `quota` limits that some evaluator counts (spec.hard names); resources that are not
 * served are left out.
 */
export async function calculateQuotaUsage(quota: ApiObject, registry: QuotaRegistry, list: NamespaceLister): Promise<Map<string, ParsedQuantity>> {
  const namespace = quota.metadata.namespace ?? '';
  const hard = [...specHard(quota).keys()];
  const scopes = scopeSelectorsOf(quota);
  let usage = new Map<string, ParsedQuantity>();
  const matched: string[] = [];
  for (const evaluator of evaluatorsFor(registry, hard)) {
    const names = evaluator.matchingResources(hard);
    if (names.length === 0) continue;
    const items = list(evaluator.group, evaluator.resource, namespace);
    if (items === undefined) continue;
    matched.push(...names);
    usage = addLists(usage, calculateUsageStats(evaluator, await items, names, scopes));
  }
  return maskList(usage, matched);
}

/** A quota's `spec.hard`. */
export function specHard(quota: ApiObject): Map<string, ParsedQuantity> {
  const spec = quota['spec'];
  return parseResourceList(typeof spec === 'object' && spec !== null ? (spec as Record<string, unknown>)['hard'] : undefined);
}
