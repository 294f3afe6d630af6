/**
 * The `services/status` update strategy (pkg/registry/core/service `serviceStatusStrategy`): the spec is kept from the
 * stored service, the rest of the request stays, and `ValidateServiceStatusUpdate` checks the load balancer status.
 * The ingress points get 1.32's `SetDefaults_Service` default (LoadBalancerIPMode on): an `ip` without `ipMode` on a
 * LoadBalancer service becomes `VIP`. Upstream defaults while decoding, so a PUT is defaulted by the type in its body
 * (a patch by the stored one, which it is applied to); kube-lite defaults by the kept, stored type, which differs only
 * for a PUT whose body gives the service another type than it has.
 * @module
 */
import { type ApiObject, type RequestContext, type RESTUpdateStrategy, StatusStrategy } from '@apiserver/registry';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validateServiceStatusUpdate } from './load-balancer-status-validation.js';

/** Sets `ipMode: VIP` on the ingress points with an `ip` and no `ipMode` of a LoadBalancer service. */
export function defaultLoadBalancerIPMode(service: ApiObject): void {
  if (stringAt(recordAt(service, 'spec'), 'type') !== 'LoadBalancer') return;
  for (const ingress of recordsAt(recordAt(recordAt(service, 'status'), 'loadBalancer'), 'ingress')) {
    if (stringAt(ingress, 'ip') !== '' && (ingress.ipMode === undefined || ingress.ipMode === null)) ingress.ipMode = 'VIP';
  }
}

/** Status updates of services. */
export class ServiceStatusStrategy extends StatusStrategy {
  /** Wraps the service strategy (for scope and unconditional updates). */
  constructor(base: RESTUpdateStrategy) {
    super(base, { keep: ['spec'], resetFields: { v1: ['spec'] }, validate: (_ctx, obj) => validateServiceStatusUpdate(obj) });
  }

  /** Keeps the stored spec, then defaults the ingress points by its type. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    defaultLoadBalancerIPMode(obj);
  }
}
