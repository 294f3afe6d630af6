/**
 * The `services/status` update strategy (pkg/registry/core/service `serviceStatusStrategy`): the spec is kept from the
 * stored service, the rest of the request stays, and `ValidateServiceStatusUpdate` checks the load balancer status.
 * The `ipMode: VIP` default of 1.32's `SetDefaults_Service` is applied where upstream applies it, when a request body
 * is decoded (runtime's scheme defaults), so a PUT is defaulted by the service type in its body.
 * @module
 */
import { type RESTUpdateStrategy, StatusStrategy } from '@apiserver/registry';
import { validateServiceStatusUpdate } from './load-balancer-status-validation.js';

/** Status updates of services. */
export class ServiceStatusStrategy extends StatusStrategy {
  /** Wraps the service strategy (for scope and unconditional updates). */
  constructor(base: RESTUpdateStrategy) {
    super(base, { keep: ['spec'], resetFields: { v1: ['spec'] }, validate: (_ctx, obj) => validateServiceStatusUpdate(obj) });
  }
}
