/**
 * The ConfigMap strategy (pkg/registry/core/configmap/strategy.go): namespaced, DNS-subdomain names, no
 * create-on-update, data validation and the `immutable` rules on update.
 * @module
 */
import { GenericStrategy } from '@apiserver/registry';
import { validateConfigMap, validateConfigMapUpdate } from './validation.js';

/** A new ConfigMap strategy. */
export function newConfigMapStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: true,
    validate: (_ctx, obj) => validateConfigMap(obj),
    validateUpdate: (_ctx, obj, old) => validateConfigMapUpdate(obj, old),
  });
}
