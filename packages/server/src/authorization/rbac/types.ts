/**
 * The shapes of rbac.authorization.k8s.io/v1 objects the RBAC authorizer reads, and `RBACRuleSource`, the small
 * read interface it evaluates through (upstream's `RoleGetter`, `RoleBindingLister`, `ClusterRoleGetter` and
 * `ClusterRoleBindingLister`), so the authorizer does not depend on any storage.
 * @module
 */

/** The API group of RBAC objects. */
export const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** rbac/v1 PolicyRule (every list optional as on the wire). */
export interface PolicyRule {
  /** Verbs; `*` means all. */
  readonly verbs?: readonly string[] | null;
  /** API groups; `''` is core, `*` means all. */
  readonly apiGroups?: readonly string[] | null;
  /** Resources; `*`, `resource/subresource` and `*\/subresource` forms. */
  readonly resources?: readonly string[] | null;
  /** Object names; empty means any. */
  readonly resourceNames?: readonly string[] | null;
  /** Non-resource paths; a trailing `*` is a prefix match. */
  readonly nonResourceURLs?: readonly string[] | null;
}

/** rbac/v1 Subject. */
export interface Subject {
  /** `User`, `Group` or `ServiceAccount`. */
  readonly kind: string;
  /** API group of the subject. */
  readonly apiGroup?: string;
  /** Name of the subject. */
  readonly name: string;
  /** Namespace of a ServiceAccount subject. */
  readonly namespace?: string;
}

/** rbac/v1 RoleRef. */
export interface RoleRef {
  /** API group of the role. */
  readonly apiGroup?: string;
  /** `Role` or `ClusterRole`. */
  readonly kind: string;
  /** Name of the role. */
  readonly name: string;
}

/** The metadata fields RBAC evaluation reads. */
export interface RBACObjectMeta {
  /** Object name. */
  readonly name?: string;
  /** Namespace (bindings and roles). */
  readonly namespace?: string;
  /** Labels (ClusterRole aggregation selects on them). */
  readonly labels?: Readonly<Record<string, string>>;
}

/** A Role or ClusterRole. */
export interface RoleObject {
  /** Metadata. */
  readonly metadata: RBACObjectMeta;
  /** The rules. */
  readonly rules?: readonly PolicyRule[] | null;
}

/** A label selector as in `aggregationRule.clusterRoleSelectors`. */
export interface ClusterRoleSelector {
  /** Exact label matches. */
  readonly matchLabels?: Readonly<Record<string, string>> | null;
  /** Set-based requirements. */
  readonly matchExpressions?: readonly { readonly key: string; readonly operator: string; readonly values?: readonly string[] | null }[] | null;
}

/**
 * A ClusterRole. The authorizer reads its `rules` only; an `aggregationRule` says which ClusterRoles' rules the
 * aggregation controller writes into them.
 */
export interface ClusterRoleObject extends RoleObject {
  /** Which ClusterRoles' rules this one gathers (read by the aggregation controller, not by the authorizer). */
  readonly aggregationRule?: { readonly clusterRoleSelectors?: readonly ClusterRoleSelector[] | null } | null;
}

/** A RoleBinding or ClusterRoleBinding. */
export interface BindingObject {
  /** Metadata. */
  readonly metadata: RBACObjectMeta;
  /** Who the binding applies to. */
  readonly subjects?: readonly Subject[] | null;
  /** The role granted. */
  readonly roleRef: RoleRef;
}

/**
 * Where the RBAC authorizer reads roles and bindings. Getters answer `undefined` for a missing object; a thrown
 * error is a resolution error (reported in the denial reason, as upstream).
 */
export interface RBACRuleSource {
  /** The Role `name` in `namespace`. */
  getRole(namespace: string, name: string): Promise<RoleObject | undefined>;
  /** The ClusterRole `name`. */
  getClusterRole(name: string): Promise<ClusterRoleObject | undefined>;
  /** The RoleBindings of `namespace`. */
  listRoleBindings(namespace: string): Promise<readonly BindingObject[]>;
  /** Every ClusterRoleBinding. */
  listClusterRoleBindings(): Promise<readonly BindingObject[]>;
}
