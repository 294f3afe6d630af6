/**
 * The escalation checks of upstream's policy-based RBAC storage (pkg/registry/rbac/*\/policybased, and
 * `EscalationAllowed`, `RoleEscalationAuthorized`, `BindingAuthorized` of pkg/registry/rbac): a Role or
 * ClusterRole may only be written with rules its writer holds, a binding only to a role its writer holds,
 * unless the writer is in `system:masters` or is authorized for the `escalate` (roles) or `bind` (bindings) verb.
 * @module
 */
import type { ApiObject, RequestContext } from '@apiserver/registry';
import { newBadRequest, newForbidden, type QualifiedResource } from '@apiserver/runtime';
import {
  type Attributes,
  type Authorizer,
  confirmNoEscalation,
  escalationAllowed,
  FULL_AUTHORITY,
  type PolicyRule,
  type RBACUser,
  type RoleRef,
  type RuleResolver,
} from '@apiserver/server';
import { canonicalJSON } from '@apiserver/storage';
import { isRecord } from '../../object-fields.js';
import { RBAC_GROUP_NAME } from './validation.js';

/**
 * What the checks ask: who is writing, the server's authorizer (for `escalate`/`bind`) and a rule resolver for the
 * writer's rules.
 */
export interface EscalationPolicy {
  /** The requesting user (upstream `UserFrom(ctx)`); undefined fails every check closed. */
  userOf(ctx: RequestContext): RBACUser | undefined;
  /** The authorizer of the server (all modes), asked about the `escalate` and `bind` verbs. */
  authorizer(): Authorizer;
  /** A fresh rule resolver over the RBAC objects. */
  resolver(): RuleResolver;
}

function resourceAttributes(user: RBACUser | undefined, verb: string, resource: string, name: string, namespace: string): Attributes | undefined {
  if (user === undefined) return undefined;
  return {
    user: { name: user.name, uid: '', groups: user.groups ?? [] },
    verb,
    isResourceRequest: true,
    path: '',
    namespace,
    apiGroup: RBAC_GROUP_NAME,
    apiVersion: '*',
    resource,
    subresource: '',
    name,
  };
}

async function authorized(policy: EscalationPolicy, attributes: Attributes | undefined): Promise<boolean> {
  if (attributes === undefined) return false;
  try {
    return (await policy.authorizer().authorize(attributes)).decision === 'Allow';
  } catch {
    return false;
  }
}

/** Upstream `RoleEscalationAuthorized`: the writer may `escalate` the role being written. */
function roleEscalationAuthorized(policy: EscalationPolicy, ctx: RequestContext, resource: string, name: string): Promise<boolean> {
  return authorized(policy, resourceAttributes(policy.userOf(ctx), 'escalate', resource, name, ctx.namespace ?? ''));
}

function rulesOf(obj: ApiObject): PolicyRule[] {
  return Array.isArray(obj.rules) ? obj.rules.filter(isRecord) : [];
}

function hasAggregationRule(obj: ApiObject | undefined): boolean {
  return obj !== undefined && isRecord(obj.aggregationRule);
}

/** Upstream `IsOnlyMutatingGCFields`: the update changes nothing but ownerReferences and finalizers. */
export function isOnlyMutatingGCFields(obj: ApiObject, old: ApiObject): boolean {
  const { ownerReferences, finalizers } = obj.metadata;
  const copy: ApiObject = { ...old, metadata: { ...old.metadata } };
  if (ownerReferences === undefined) delete copy.metadata.ownerReferences;
  else copy.metadata.ownerReferences = ownerReferences;
  if (finalizers === undefined) delete copy.metadata.finalizers;
  else copy.metadata.finalizers = finalizers;
  return canonicalJSON(copy) === canonicalJSON(obj);
}

/**
 * Rejects (403) a Role (`roles`) or ClusterRole (`clusterroles`) whose rules the writer does not hold; setting
 * or keeping an aggregationRule needs every permission.
 */
export async function checkRoleEscalation(
  policy: EscalationPolicy,
  ctx: RequestContext,
  gr: QualifiedResource,
  obj: ApiObject,
  old?: ApiObject,
): Promise<void> {
  const user = policy.userOf(ctx);
  if (escalationAllowed(user)) return;
  const name = obj.metadata.name ?? '';
  if (old !== undefined && isOnlyMutatingGCFields(obj, old)) return;
  if (await roleEscalationAuthorized(policy, ctx, gr.resource, name)) return;
  const resolver = policy.resolver();
  const namespace = ctx.namespace ?? '';
  const msg = await confirmNoEscalation(resolver, user, namespace, rulesOf(obj));
  if (msg !== undefined) throw newForbidden(gr, name, msg);
  if (gr.resource !== 'clusterroles' || !(hasAggregationRule(obj) || hasAggregationRule(old))) return;
  if ((await confirmNoEscalation(resolver, user, namespace, FULL_AUTHORITY)) !== undefined) {
    throw newForbidden(gr, name, 'must have cluster-admin privileges to use the aggregationRule');
  }
}

function roleRefOf(obj: ApiObject): RoleRef {
  const ref = isRecord(obj.roleRef) ? obj.roleRef : {};
  return {
    apiGroup: typeof ref.apiGroup === 'string' ? ref.apiGroup : '',
    kind: typeof ref.kind === 'string' ? ref.kind : '',
    name: typeof ref.name === 'string' ? ref.name : '',
  };
}

/** Upstream `BindingAuthorized`: the writer may `bind` the referenced role in the binding's namespace. */
function bindingAuthorized(policy: EscalationPolicy, ctx: RequestContext, ref: RoleRef, namespace: string): Promise<boolean> {
  const resource = ref.kind === 'ClusterRole' ? 'clusterroles' : 'roles';
  const attributes = resourceAttributes(policy.userOf(ctx), 'bind', resource, ref.name, namespace);
  return authorized(policy, attributes === undefined ? undefined : { ...attributes, apiGroup: ref.apiGroup ?? '', apiVersion: '' });
}

/**
 * Rejects (403) a RoleBinding or ClusterRoleBinding granting a role whose rules the writer does not hold, unless
 * they may `bind` it; a roleRef that does not resolve is a 404 NotFound, as upstream's lister error.
 */
export async function checkBindingEscalation(
  policy: EscalationPolicy,
  ctx: RequestContext,
  gr: QualifiedResource,
  obj: ApiObject,
  old?: ApiObject,
): Promise<void> {
  const user = policy.userOf(ctx);
  if (escalationAllowed(user)) return;
  if (old !== undefined && isOnlyMutatingGCFields(obj, old)) return;
  const namespace = ctx.namespace ?? '';
  if (gr.resource === 'rolebindings' && namespace === '') throw newBadRequest('namespace is required');
  const ref = roleRefOf(obj);
  // Upstream resolves any kind here and fails with a 500; an unsupported kind is left to validation (422).
  if (ref.kind !== 'Role' && ref.kind !== 'ClusterRole') return;
  if (await bindingAuthorized(policy, ctx, ref, namespace)) return;
  const resolver = policy.resolver();
  const rules = await resolver.getRoleReferenceRules(ref, namespace);
  const msg = await confirmNoEscalation(resolver, user, namespace, rules);
  if (msg !== undefined) throw newForbidden(gr, obj.metadata.name ?? '', msg);
}
