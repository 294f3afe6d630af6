/**
 * The Endpoints strategy (pkg/registry/core/endpoint/strategy.go): namespaced, PUT may create (the
 * endpoints controller and the apiserver reconciler write them that way), defaulted (ports without a protocol
 * get TCP, as the v1 defaulter does on decode) and validated on create and update.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { defaultEndpoints } from '@apiserver/runtime/apis';
import { validateEndpoints } from './validation.js';

/** Endpoints: the generic behaviour plus the v1 defaults. */
class EndpointsStrategy extends GenericStrategy {
  /** Defaults, then the generic preparation. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultEndpoints(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults, then the generic preparation. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultEndpoints(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}

/** A new Endpoints strategy. */
export function newEndpointsStrategy(): GenericStrategy {
  return new EndpointsStrategy({
    namespaceScoped: true,
    allowCreateOnUpdate: true,
    validate: (_ctx, obj) => validateEndpoints(obj),
    validateUpdate: (_ctx, obj) => validateEndpoints(obj),
  });
}
