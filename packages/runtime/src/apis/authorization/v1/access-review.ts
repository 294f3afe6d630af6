/**
 * authorization.k8s.io/v1 access reviews: SubjectAccessReview, SelfSubjectAccessReview and
 * SelfSubjectRulesReview (create-only kinds that are answered, never stored).
 */
import { type Static, Type } from 'typebox';
import { X_K8S_CODEC } from '../../../schema/extensions.js';
import { field, kindStruct, stringList, struct, requiredField } from '../../../schema/define.js';
import { LabelSelectorRequirementSchema } from '../../meta/v1/label-selector.js';
import { FieldSelectorRequirementSchema } from '../../meta/v1/field-selector.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

export { FieldSelectorRequirementSchema };

const AUTHZ = 'io.k8s.api.authorization.v1';
const V1 = { group: 'authorization.k8s.io', version: 'v1' };
const metadata = () => field(1, ObjectMetaSchema, 'Standard object metadata.');

/** Schema of authorization.k8s.io/v1 FieldSelectorAttributes. */
export const FieldSelectorAttributesSchema = struct(`${AUTHZ}.FieldSelectorAttributes`, 'A field selector of a resource request.', {
  rawSelector: field(1, Type.String(), 'The serialized field selector.'),
  requirements: field(2, Type.Array(FieldSelectorRequirementSchema), 'The parsed requirements.', { listType: 'atomic' }),
});

/** Schema of authorization.k8s.io/v1 LabelSelectorAttributes. */
export const LabelSelectorAttributesSchema = struct(`${AUTHZ}.LabelSelectorAttributes`, 'A label selector of a resource request.', {
  rawSelector: field(1, Type.String(), 'The serialized label selector.'),
  requirements: field(2, Type.Array(LabelSelectorRequirementSchema), 'The parsed requirements.', { listType: 'atomic' }),
});

/** Schema of authorization.k8s.io/v1 ResourceAttributes. */
export const ResourceAttributesSchema = struct(`${AUTHZ}.ResourceAttributes`, 'The attributes of a resource request.', {
  namespace: field(1, Type.String(), 'Namespace of the action ("" = all namespaces or cluster-scoped).'),
  verb: field(2, Type.String(), 'Kubernetes verb (get, list, watch, create, update, delete, proxy, * …).'),
  group: field(3, Type.String(), 'API group of the resource ("*" = all).'),
  version: field(4, Type.String(), 'API version of the resource ("*" = all).'),
  resource: field(5, Type.String(), 'One of the existing resource types ("*" = all).'),
  subresource: field(6, Type.String(), 'One of the existing subresources ("" = none).'),
  name: field(7, Type.String(), 'Name of the resource ("" = all).'),
  fieldSelector: field(8, FieldSelectorAttributesSchema, 'Field selector of a list or watch.', { omit: 'nil' }),
  labelSelector: field(9, LabelSelectorAttributesSchema, 'Label selector of a list or watch.', { omit: 'nil' }),
});
/** authorization.k8s.io/v1 ResourceAttributes. */
export type ResourceAttributes = Static<typeof ResourceAttributesSchema>;

/** Schema of authorization.k8s.io/v1 NonResourceAttributes. */
export const NonResourceAttributesSchema = struct(`${AUTHZ}.NonResourceAttributes`, 'The attributes of a non-resource request.', {
  path: field(1, Type.String(), 'URL path of the request.'),
  verb: field(2, Type.String(), 'The standard HTTP verb.'),
});
/** authorization.k8s.io/v1 NonResourceAttributes. */
export type NonResourceAttributes = Static<typeof NonResourceAttributesSchema>;

/** A `map[string]ExtraValue` schema (ExtraValue is a `[]string` wrapped in a message on the wire). */
export function extraValuesSchema(): ReturnType<typeof Type.Record<ReturnType<typeof Type.String>, ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>>> {
  return Type.Record(Type.String(), Type.Array(Type.String(), { [X_K8S_CODEC]: 'wrapped-list' }));
}

/** Schema of authorization.k8s.io/v1 SubjectAccessReviewSpec. */
export const SubjectAccessReviewSpecSchema = struct(`${AUTHZ}.SubjectAccessReviewSpec`, 'The user and the action to check.', {
  resourceAttributes: field(1, ResourceAttributesSchema, 'Set for a resource request.', { omit: 'nil' }),
  nonResourceAttributes: field(2, NonResourceAttributesSchema, 'Set for a non-resource request.', { omit: 'nil' }),
  user: field(3, Type.String(), 'The user to test for.'),
  groups: field(4, stringList(), 'The groups to test for.', { listType: 'atomic' }),
  extra: field(5, extraValuesSchema(), 'Extra attributes of the user.'),
  uid: field(6, Type.String(), 'UID of the user.'),
});

/** Schema of authorization.k8s.io/v1 SubjectAccessReviewStatus. */
export const SubjectAccessReviewStatusSchema = struct(`${AUTHZ}.SubjectAccessReviewStatus`, 'Whether the action is allowed.', {
  allowed: requiredField(1, Type.Boolean(), 'True when the action would be allowed.'),
  denied: field(4, Type.Boolean(), 'True when the action would be denied, whatever other authorizers say.'),
  reason: field(2, Type.String(), 'Why the action is allowed or denied.'),
  evaluationError: field(3, Type.String(), 'An error met while checking; the answer may still be usable.'),
});
/** authorization.k8s.io/v1 SubjectAccessReviewStatus. */
export type SubjectAccessReviewStatus = Static<typeof SubjectAccessReviewStatusSchema>;

/** Schema of authorization.k8s.io/v1 SubjectAccessReview. */
export const SubjectAccessReviewSchema = kindStruct(`${AUTHZ}.SubjectAccessReview`, { ...V1, kind: 'SubjectAccessReview' }, 'Checks whether a user or group can perform an action.', {
  metadata: metadata(),
  spec: requiredField(2, SubjectAccessReviewSpecSchema, 'The request being evaluated.'),
  status: field(3, SubjectAccessReviewStatusSchema, 'Filled in by the server.'),
});
/** authorization.k8s.io/v1 SubjectAccessReview. */
export type SubjectAccessReview = Static<typeof SubjectAccessReviewSchema>;

/** Schema of authorization.k8s.io/v1 SelfSubjectAccessReviewSpec. */
export const SelfSubjectAccessReviewSpecSchema = struct(`${AUTHZ}.SelfSubjectAccessReviewSpec`, 'The action to check for the current user.', {
  resourceAttributes: field(1, ResourceAttributesSchema, 'Set for a resource request.', { omit: 'nil' }),
  nonResourceAttributes: field(2, NonResourceAttributesSchema, 'Set for a non-resource request.', { omit: 'nil' }),
});

/** Schema of authorization.k8s.io/v1 SelfSubjectAccessReview. */
export const SelfSubjectAccessReviewSchema = kindStruct(
  `${AUTHZ}.SelfSubjectAccessReview`,
  { ...V1, kind: 'SelfSubjectAccessReview' },
  'Checks whether the current user can perform an action.',
  {
    metadata: metadata(),
    spec: requiredField(2, SelfSubjectAccessReviewSpecSchema, 'The request being evaluated.'),
    status: field(3, SubjectAccessReviewStatusSchema, 'Filled in by the server.'),
  },
);
/** authorization.k8s.io/v1 SelfSubjectAccessReview. */
export type SelfSubjectAccessReview = Static<typeof SelfSubjectAccessReviewSchema>;

/** Schema of authorization.k8s.io/v1 ResourceRule. */
export const ResourceRuleSchema = struct(`${AUTHZ}.ResourceRule`, 'Actions the subject may take on resources.', {
  verbs: requiredField(1, stringList(), 'Allowed verbs ("*" = all).', { listType: 'atomic' }),
  apiGroups: field(2, stringList(), 'API groups of the resources ("*" = all).', { listType: 'atomic' }),
  resources: field(3, stringList(), 'Resources ("*" = all, "*/sub" = a subresource of all).', { listType: 'atomic' }),
  resourceNames: field(4, stringList(), 'Names the rule applies to (empty = all).', { listType: 'atomic' }),
});
/** authorization.k8s.io/v1 ResourceRule. */
export type ResourceRule = Static<typeof ResourceRuleSchema>;

/** Schema of authorization.k8s.io/v1 NonResourceRule. */
export const NonResourceRuleSchema = struct(`${AUTHZ}.NonResourceRule`, 'Actions the subject may take on non-resource URLs.', {
  verbs: requiredField(1, stringList(), 'Allowed verbs ("*" = all).', { listType: 'atomic' }),
  nonResourceURLs: field(2, stringList(), 'URL paths ("*" as the last segment = any suffix).', { listType: 'atomic' }),
});
/** authorization.k8s.io/v1 NonResourceRule. */
export type NonResourceRule = Static<typeof NonResourceRuleSchema>;

/** Schema of authorization.k8s.io/v1 SubjectRulesReviewStatus. */
export const SubjectRulesReviewStatusSchema = struct(`${AUTHZ}.SubjectRulesReviewStatus`, 'The rules of a subject in a namespace.', {
  resourceRules: requiredField(1, Type.Array(ResourceRuleSchema), 'Allowed actions on resources.', { listType: 'atomic' }),
  nonResourceRules: requiredField(2, Type.Array(NonResourceRuleSchema), 'Allowed actions on non-resource URLs.', { listType: 'atomic' }),
  incomplete: requiredField(3, Type.Boolean(), 'True when the authorizer cannot list every rule (e.g. a non-RBAC mode).'),
  evaluationError: field(4, Type.String(), 'An error met while listing the rules.'),
});
/** authorization.k8s.io/v1 SubjectRulesReviewStatus. */
export type SubjectRulesReviewStatus = Static<typeof SubjectRulesReviewStatusSchema>;

/** Schema of authorization.k8s.io/v1 SelfSubjectRulesReview. */
export const SelfSubjectRulesReviewSchema = kindStruct(
  `${AUTHZ}.SelfSubjectRulesReview`,
  { ...V1, kind: 'SelfSubjectRulesReview' },
  'Lists the actions the current user may perform in a namespace.',
  {
    metadata: metadata(),
    spec: requiredField(
      2,
      struct(`${AUTHZ}.SelfSubjectRulesReviewSpec`, 'Which namespace to list the rules of.', {
        namespace: field(1, Type.String(), 'The namespace to evaluate the rules in.'),
      }),
      'The namespace to evaluate.',
    ),
    status: field(3, SubjectRulesReviewStatusSchema, 'Filled in by the server.'),
  },
);
/** authorization.k8s.io/v1 SelfSubjectRulesReview. */
export type SelfSubjectRulesReview = Static<typeof SelfSubjectRulesReviewSchema>;
