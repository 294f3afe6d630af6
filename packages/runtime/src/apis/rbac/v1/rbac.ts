/**
 * rbac.authorization.k8s.io/v1: Role, ClusterRole (with its aggregationRule), RoleBinding, ClusterRoleBinding
 * and their lists, with the field numbers and JSON names of k8s.io/api/rbac/v1 `generated.proto`/`types.go`.
 * @module
 */
import { type Static, Type } from 'typebox';
import { field, kindStruct, requiredField, stringList, struct } from '../../../schema/define.js';
import { listSchemaOf } from '../../core/v1/config.js';
import { LabelSelectorSchema } from '../../meta/v1/label-selector.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const RBAC = 'io.k8s.api.rbac.v1';
const V1 = { group: 'rbac.authorization.k8s.io', version: 'v1' };
const metadata = () => field(1, ObjectMetaSchema, 'Standard object metadata.');
const atomicList = (n: number, description: string) => field(n, stringList(), description, { listType: 'atomic' });

/** Schema of rbac/v1 PolicyRule: the verbs allowed on resources (or non-resource URLs). */
export const PolicyRuleSchema = struct(`${RBAC}.PolicyRule`, 'Actions allowed on resources or non-resource URLs.', {
  verbs: requiredField(1, stringList(), "Verbs that apply to every resource in the rule; '*' means all verbs.", {
    listType: 'atomic',
  }),
  apiGroups: atomicList(2, "API groups of the resources; '' is the core group, '*' means all groups."),
  resources: atomicList(3, "Resources the rule applies to; '*' means all, '*/subresource' a subresource of all."),
  resourceNames: atomicList(4, 'Optional allow list of object names; empty means every name.'),
  nonResourceURLs: atomicList(5, "Non-resource URL paths (a trailing '*' is a prefix match); only in ClusterRoles."),
});
/** rbac/v1 PolicyRule. */
export type PolicyRule = Static<typeof PolicyRuleSchema>;

/** Schema of rbac/v1 AggregationRule: which ClusterRoles' rules a ClusterRole gathers. */
export const AggregationRuleSchema = struct(`${RBAC}.AggregationRule`, 'How to build the rules of an aggregated ClusterRole.', {
  clusterRoleSelectors: field(1, Type.Array(LabelSelectorSchema), "Selectors of the ClusterRoles whose rules are gathered.", {
    listType: 'atomic',
  }),
});
/** rbac/v1 AggregationRule. */
export type AggregationRule = Static<typeof AggregationRuleSchema>;

/** Schema of rbac/v1 Subject: a user, group or service account a binding applies to. */
export const SubjectSchema = struct(`${RBAC}.Subject`, 'A user, group or service account a binding applies to.', {
  kind: requiredField(1, Type.String(), 'User, Group or ServiceAccount.'),
  apiGroup: field(2, Type.String(), "API group of the subject: '' for ServiceAccount, rbac.authorization.k8s.io otherwise."),
  name: requiredField(3, Type.String(), 'Name of the subject.'),
  namespace: field(4, Type.String(), "Namespace of a ServiceAccount subject (defaults to the binding's)."),
}, { structType: 'atomic' });
/** rbac/v1 Subject. */
export type Subject = Static<typeof SubjectSchema>;

/** Schema of rbac/v1 RoleRef: the role a binding grants. */
export const RoleRefSchema = struct(`${RBAC}.RoleRef`, 'The role a binding grants.', {
  apiGroup: requiredField(1, Type.String(), 'API group of the role (rbac.authorization.k8s.io).'),
  kind: requiredField(2, Type.String(), 'Role or ClusterRole.'),
  name: requiredField(3, Type.String(), 'Name of the role.'),
}, { structType: 'atomic' });
/** rbac/v1 RoleRef. */
export type RoleRef = Static<typeof RoleRefSchema>;

const rules = () => field(2, Type.Array(PolicyRuleSchema), 'The rules of the role.', { omit: 'never', listType: 'atomic' });
const subjects = () => field(2, Type.Array(SubjectSchema), 'Who the binding applies to.', { listType: 'atomic' });
const roleRef = () => requiredField(3, RoleRefSchema, 'The role granted; cannot be changed after creation.');

/** Schema of rbac/v1 Role: namespaced rules. */
export const RoleSchema = kindStruct(`${RBAC}.Role`, { ...V1, kind: 'Role' }, 'A namespaced set of policy rules.', {
  metadata: metadata(),
  rules: rules(),
});
/** rbac/v1 Role. */
export type Role = Static<typeof RoleSchema>;

/** Schema of rbac/v1 ClusterRole: cluster-wide rules, optionally aggregated from other ClusterRoles. */
export const ClusterRoleSchema = kindStruct(
  `${RBAC}.ClusterRole`,
  { ...V1, kind: 'ClusterRole' },
  'A cluster-wide set of policy rules, usable by RoleBindings and ClusterRoleBindings.',
  {
    metadata: metadata(),
    rules: rules(),
    aggregationRule: field(3, AggregationRuleSchema, 'When set, the rules are gathered from the selected ClusterRoles.', {
      omit: 'nil',
    }),
  },
);
/** rbac/v1 ClusterRole. */
export type ClusterRole = Static<typeof ClusterRoleSchema>;

/** Schema of rbac/v1 RoleBinding: grants a Role or ClusterRole within one namespace. */
export const RoleBindingSchema = kindStruct(
  `${RBAC}.RoleBinding`,
  { ...V1, kind: 'RoleBinding' },
  'Grants the rules of a Role or ClusterRole to subjects within a namespace.',
  { metadata: metadata(), subjects: subjects(), roleRef: roleRef() },
);
/** rbac/v1 RoleBinding. */
export type RoleBinding = Static<typeof RoleBindingSchema>;

/** Schema of rbac/v1 ClusterRoleBinding: grants a ClusterRole cluster-wide. */
export const ClusterRoleBindingSchema = kindStruct(
  `${RBAC}.ClusterRoleBinding`,
  { ...V1, kind: 'ClusterRoleBinding' },
  'Grants the rules of a ClusterRole to subjects in every namespace and at the cluster scope.',
  { metadata: metadata(), subjects: subjects(), roleRef: roleRef() },
);
/** rbac/v1 ClusterRoleBinding. */
export type ClusterRoleBinding = Static<typeof ClusterRoleBindingSchema>;

/** Schema of rbac/v1 RoleList. */
export const RoleListSchema = listSchemaOf(`${RBAC}.RoleList`, { ...V1, kind: 'RoleList' }, RoleSchema);
/** rbac/v1 RoleList. */
export type RoleList = Static<typeof RoleListSchema>;
/** Schema of rbac/v1 ClusterRoleList. */
export const ClusterRoleListSchema = listSchemaOf(`${RBAC}.ClusterRoleList`, { ...V1, kind: 'ClusterRoleList' }, ClusterRoleSchema);
/** rbac/v1 ClusterRoleList. */
export type ClusterRoleList = Static<typeof ClusterRoleListSchema>;
/** Schema of rbac/v1 RoleBindingList. */
export const RoleBindingListSchema = listSchemaOf(`${RBAC}.RoleBindingList`, { ...V1, kind: 'RoleBindingList' }, RoleBindingSchema);
/** rbac/v1 RoleBindingList. */
export type RoleBindingList = Static<typeof RoleBindingListSchema>;
/** Schema of rbac/v1 ClusterRoleBindingList. */
export const ClusterRoleBindingListSchema = listSchemaOf(
  `${RBAC}.ClusterRoleBindingList`,
  { ...V1, kind: 'ClusterRoleBindingList' },
  ClusterRoleBindingSchema,
);
/** rbac/v1 ClusterRoleBindingList. */
export type ClusterRoleBindingList = Static<typeof ClusterRoleBindingListSchema>;
