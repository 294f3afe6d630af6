/**
 * The ingressclass strategy (pkg/registry/networking/ingressclass/strategy.go): cluster-scoped, generation 1 on
 * create and bumped on spec changes, `SetDefaults_IngressClass` (parameters scope Cluster), validation.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { networkingV1 } from '@apiserver/runtime/apis';
import { recordAt } from '../../../object-fields.js';
import { validateIngressClass, validateIngressClassUpdate } from './validation.js';

/** `SetDefaults_IngressClass`: parameters without a scope are cluster-scoped. */
export function defaultIngressClass(obj: ApiObject): void {
  const params = recordAt(recordAt(obj, 'spec'), 'parameters');
  if (params !== undefined && (params.scope === undefined || params.scope === null)) params.scope = 'Cluster';
}

/** Create and update behaviour of ingressclasses. */
export class IngressClassStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with generation tracking and ingressclass validation. */
  constructor() {
    super({
      namespaceScoped: false,
      trackGeneration: true,
      schema: networkingV1.IngressClassSchema,
      validate: (_ctx, obj) => validateIngressClass(obj),
      validateUpdate: (_ctx, obj, old) => validateIngressClassUpdate(obj, old),
    });
  }

  /** Defaults, then generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultIngressClass(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults, then bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultIngressClass(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
