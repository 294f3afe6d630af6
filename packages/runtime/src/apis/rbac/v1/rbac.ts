/**
 * rbac.authorization.k8s.io/v1: Role, ClusterRole (with its aggregationRule), RoleBinding, ClusterRoleBinding
 * and their lists, with the field numbers and JSON names of k8s.io/api/rbac/v1 `generated.proto`/`types.go`.
 * Generated from k8s.io/api (see `apis/generated`).
 * @module
 */
import type { Static } from 'typebox';
import { AggregationRuleSchema, ClusterRoleBindingListSchema, ClusterRoleBindingSchema, ClusterRoleListSchema, ClusterRoleSchema, PolicyRuleSchema, RoleBindingListSchema, RoleBindingSchema, RoleListSchema, RoleRefSchema, RoleSchema, SubjectSchema } from '../../generated/rbac/v1/types.js';

export { AggregationRuleSchema, ClusterRoleBindingListSchema, ClusterRoleBindingSchema, ClusterRoleListSchema, ClusterRoleSchema, PolicyRuleSchema, RoleBindingListSchema, RoleBindingSchema, RoleListSchema, RoleRefSchema, RoleSchema, SubjectSchema };

/** rbac/v1 PolicyRule. */
export type PolicyRule = Static<typeof PolicyRuleSchema>;

/** rbac/v1 AggregationRule. */
export type AggregationRule = Static<typeof AggregationRuleSchema>;

/** rbac/v1 Subject. */
export type Subject = Static<typeof SubjectSchema>;

/** rbac/v1 RoleRef. */
export type RoleRef = Static<typeof RoleRefSchema>;

/** rbac/v1 Role. */
export type Role = Static<typeof RoleSchema>;

/** rbac/v1 ClusterRole. */
export type ClusterRole = Static<typeof ClusterRoleSchema>;

/** rbac/v1 RoleBinding. */
export type RoleBinding = Static<typeof RoleBindingSchema>;

/** rbac/v1 ClusterRoleBinding. */
export type ClusterRoleBinding = Static<typeof ClusterRoleBindingSchema>;

/** rbac/v1 RoleList. */
export type RoleList = Static<typeof RoleListSchema>;

/** rbac/v1 ClusterRoleList. */
export type ClusterRoleList = Static<typeof ClusterRoleListSchema>;

/** rbac/v1 RoleBindingList. */
export type RoleBindingList = Static<typeof RoleBindingListSchema>;

/** rbac/v1 ClusterRoleBindingList. */
export type ClusterRoleBindingList = Static<typeof ClusterRoleBindingListSchema>;
