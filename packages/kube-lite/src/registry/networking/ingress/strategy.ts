/**
 * The ingress strategy (pkg/registry/networking/ingress/strategy.go): empty status and generation 1 on create,
 * generation bumped on spec changes, validation; and the status strategy (the spec stays, load-balancer addresses
 * validated).
 * @module
 */
import { GenericStrategy, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import { networkingV1 } from '@apiserver/runtime/apis';
import { validateIngressCreate, validateIngressStatus, validateIngressUpdate } from './validation.js';

/** A namespaced strategy with status reset, generation tracking and ingress validation. */
export function newIngressStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: true,
    statusField: 'status',
    trackGeneration: true,
    schema: networkingV1.IngressSchema,
    validate: (_ctx, obj) => validateIngressCreate(obj),
    validateUpdate: (_ctx, obj, old) => validateIngressUpdate(obj, old),
  });
}

/** The `ingresses/status` update strategy. */
export function newIngressStatusStrategy(base: GenericStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    resetFields: resetFieldsByVersion(['extensions/v1beta1', 'networking.k8s.io/v1beta1', 'networking.k8s.io/v1'], ['spec']),
    validate: (_ctx, obj) => validateIngressStatus(obj),
  });
}
