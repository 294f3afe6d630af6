/**
 * The quota strategy (pkg/registry/core/resourcequota/strategy.go): namespaced, status reset on create and kept
 * on spec updates, validation; the status strategy keeps the spec.
 * @module
 */
import { GenericStrategy, StatusStrategy } from '@apiserver/registry';
import { coreV1 } from '@apiserver/runtime/apis';
import { validateResourceQuota, validateResourceQuotaStatus, validateResourceQuotaUpdate } from './validation.js';

/** A new quota strategy. */
export function newResourceQuotaStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: true,
    statusField: 'status',
    schema: coreV1.ResourceQuotaSchema,
    validate: (_ctx, obj) => validateResourceQuota(obj),
    validateUpdate: (_ctx, obj, old) => validateResourceQuotaUpdate(obj, old),
  });
}

/** The `resourcequotas/status` strategy: the spec stays, metadata is the request's, the status is validated. */
export function newResourceQuotaStatusStrategy(base: GenericStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { v1: ['spec'] }, validate: (_ctx, obj) => validateResourceQuotaStatus(obj) });
}
