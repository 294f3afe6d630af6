/**
 * The Endpoints strategy (pkg/registry/core/endpoint/strategy.go): namespaced, PUT may create (the
 * endpoints controller and the apiserver reconciler write them that way), validated on create and update.
 * @module
 */
import { GenericStrategy } from '@apiserver/registry';
import { validateEndpoints } from './validation.js';

/** A new Endpoints strategy. */
export function newEndpointsStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: true,
    allowCreateOnUpdate: true,
    validate: (_ctx, obj) => validateEndpoints(obj),
    validateUpdate: (_ctx, obj) => validateEndpoints(obj),
  });
}
