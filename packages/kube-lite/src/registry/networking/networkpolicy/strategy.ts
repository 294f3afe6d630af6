/**
 * The networkpolicy strategy (pkg/registry/networking/networkpolicy/strategy.go): defaults, generation 1 on create
 * and bumped on spec changes, validation on create and update.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { networkingV1 } from '@apiserver/runtime/apis';
import { defaultNetworkPolicy } from './defaults.js';
import { validateNetworkPolicy } from './validation.js';

/** Create and update behaviour of networkpolicies. */
export class NetworkPolicyStrategy extends GenericStrategy {
  /** A namespaced strategy with generation tracking and networkpolicy validation. */
  constructor() {
    super({
      namespaceScoped: true,
      trackGeneration: true,
      schema: networkingV1.NetworkPolicySchema,
      validate: (_ctx, obj) => validateNetworkPolicy(obj),
      validateUpdate: (_ctx, obj) => validateNetworkPolicy(obj),
    });
  }

  /** Defaults, then generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultNetworkPolicy(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults, then bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultNetworkPolicy(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
