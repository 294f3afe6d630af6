/**
 * kube-lite's rbac.authorization.k8s.io/v1: storage, escalation prevention, the RBAC authorizer's rule source
 * and the bootstrap policy.
 * @module
 */
export { bootstrapClusterRoleBindings, bootstrapClusterRoles, ensureBootstrapObjects } from './bootstrap-policy.js';
export { bootstrapNamespaceRoleBindings, bootstrapNamespaceRoles, ensureNamespacedBootstrapObjects, type NamespacedBootstrapStorages } from './namespace-policy.js';
export { checkBindingEscalation, checkRoleEscalation, type EscalationPolicy, isOnlyMutatingGCFields } from './escalation-check.js';
export { newBindingTableConvertor, newRoleTableConvertor, printBinding, printRole, subjectsStrings } from './printer.js';
export {
  ensureBootstrapPolicy,
  type RBACMode,
  rbacModeFor,
  rbacRESTStorageProvider,
  rbacRuleSourceFor,
  type RBACProviderOptions,
} from './provider.js';
export { InformerRuleSource } from './informer-rule-source.js';
export { RBACStorageError, type RBACStorages, StoreRuleSource, toBindingObject, toClusterRoleObject, toRoleObject } from './rule-source.js';
export { newRBACStores, PolicyBasedStore, type RBACStorageOptions, type RBACStores } from './storage.js';
export { defaultBinding, newBindingStrategy, newClusterRoleStrategy, newRoleStrategy } from './strategy.js';
export { RBAC_GROUP_NAME, validateBinding, validateBindingUpdate, validateClusterRole, validatePolicyRule, validateRole, validateSubject } from './validation.js';
