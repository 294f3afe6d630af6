/**
 * The service quota evaluator (pkg/quota/v1/evaluator/core `serviceEvaluator`): `count/services`, `services`,
 * `services.loadbalancers` (1 for a LoadBalancer) and `services.nodeports` (each port of a NodePort or LoadBalancer
 * service; only ports that have one when load balancer node ports are not allocated); charged on CREATE and UPDATE.
 * @module
 */
import type { ParsedQuantity } from '@apiserver/runtime';
import type { Attributes } from '../../admission/interfaces.js';
import type { ApiObject } from '../../rest/types.js';
import { type QuotaEvaluator, objectCountQuotaResourceNameFor } from '../evaluator.js';
import { isRecord, recordAt } from '../json-record.js';

const SERVICE_COUNT = objectCountQuotaResourceNameFor('', 'services');
const SERVICE_RESOURCES = [SERVICE_COUNT, 'services', 'services.nodeports', 'services.loadbalancers'];

function count(n: number): ParsedQuantity {
  return { digits: BigInt(n), exp10: 0, format: 'DecimalSI' };
}

/** Quota's view of services. */
export class ServiceEvaluator implements QuotaEvaluator {
  /** The core group. */
  readonly group = '';
  /** services. */
  readonly resource = 'services';

  /** CREATE and UPDATE (the type, hence the usage, can change). */
  handles(a: Attributes): boolean {
    return a.operation === 'CREATE' || a.operation === 'UPDATE';
  }

  /** The service resources among `names`. */
  matchingResources(names: readonly string[]): string[] {
    return names.filter((n) => SERVICE_RESOURCES.includes(n));
  }

  /** No scope selects a service. */
  matchesScope(): boolean {
    return false;
  }

  /** The object counts, node ports and load balancers of one service. */
  usage(svc: ApiObject): Map<string, ParsedQuantity> {
    const spec = recordAt(svc, 'spec');
    const ports = Array.isArray(spec['ports']) ? spec['ports'].filter(isRecord) : [];
    let nodePorts = 0;
    let loadBalancers = 0;
    if (spec['type'] === 'NodePort') nodePorts = ports.length;
    if (spec['type'] === 'LoadBalancer') {
      loadBalancers = 1;
      nodePorts = spec['allocateLoadBalancerNodePorts'] === false ? ports.filter((p) => typeof p['nodePort'] === 'number' && p['nodePort'] !== 0).length : ports.length;
    }
    return new Map([
      [SERVICE_COUNT, count(1)],
      ['services', count(1)],
      ['services.loadbalancers', count(loadBalancers)],
      ['services.nodeports', count(nodePorts)],
    ]);
  }

  /** `must specify <names>` for limited names the service does not use (it always uses all of them). */
  constraints(required: readonly string[], svc: ApiObject): string | undefined {
    const used = this.usage(svc);
    const missing = required.filter((r) => !used.has(r)).sort();
    return missing.length === 0 ? undefined : `must specify ${missing.join(',')}`;
  }
}
