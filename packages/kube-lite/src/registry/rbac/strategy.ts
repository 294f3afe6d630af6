/**
 * The strategies of roles, clusterroles, rolebindings and clusterrolebindings (pkg/registry/rbac/*\/strategy.go):
 * RBAC names are path segments, updates are unconditional, and the v1 defaults of subjects and roleRef
 * (`SetDefaults_Subject`, `SetDefaults_RoleBinding`) are applied on create and update.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { validatePathSegmentName } from '@apiserver/runtime';
import { isRecord } from '../../object-fields.js';
import { RBAC_GROUP_NAME, validateBinding, validateBindingUpdate, validateClusterRole, validateRole } from './validation.js';

/** Sets the apiGroup of User/Group subjects and of a roleRef without one, as the v1 defaulters do. */
export function defaultBinding(obj: ApiObject): void {
  const ref = obj.roleRef;
  if (isRecord(ref) && (ref.apiGroup ?? '') === '') ref.apiGroup = RBAC_GROUP_NAME;
  if (!Array.isArray(obj.subjects)) return;
  for (const s of obj.subjects) {
    if (isRecord(s) && (s.apiGroup ?? '') === '' && (s.kind === 'User' || s.kind === 'Group')) s.apiGroup = RBAC_GROUP_NAME;
  }
}

/** A binding strategy: defaults the subjects and roleRef before validation. */
class BindingStrategy extends GenericStrategy {
  /** Defaults, then the generic preparation. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    super.prepareForCreate(ctx, obj);
    defaultBinding(obj);
  }

  /** Defaults, then the generic preparation. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    defaultBinding(obj);
  }
}

/** The Role strategy: namespaced, rules validated. */
export function newRoleStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: true,
    nameFn: validatePathSegmentName,
    validate: (_ctx, obj) => validateRole(obj),
    validateUpdate: (_ctx, obj) => validateRole(obj),
  });
}

/** The ClusterRole strategy: cluster-scoped, rules and aggregationRule validated. */
export function newClusterRoleStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: false,
    nameFn: validatePathSegmentName,
    validate: (_ctx, obj) => validateClusterRole(obj),
    validateUpdate: (_ctx, obj) => validateClusterRole(obj),
  });
}

/** The RoleBinding (namespaced) or ClusterRoleBinding strategy: roleRef and subjects validated, roleRef immutable. */
export function newBindingStrategy(namespaced: boolean): GenericStrategy {
  return new BindingStrategy({
    namespaceScoped: namespaced,
    nameFn: validatePathSegmentName,
    validate: (_ctx, obj) => validateBinding(obj, namespaced),
    validateUpdate: (_ctx, obj, old) => validateBindingUpdate(obj, old, namespaced),
  });
}
