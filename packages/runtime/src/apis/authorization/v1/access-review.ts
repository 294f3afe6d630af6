/**
 * authorization.k8s.io/v1 access reviews: SubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview
 * and LocalSubjectAccessReview (create-only kinds that are answered, never stored).
 * Generated from k8s.io/api (see `apis/generated`).
 */
import type { Static } from 'typebox';
import { FieldSelectorRequirementSchema } from '../../meta/v1/field-selector.js';
import { FieldSelectorAttributesSchema, LabelSelectorAttributesSchema, LocalSubjectAccessReviewSchema, NonResourceAttributesSchema, NonResourceRuleSchema, ResourceAttributesSchema, ResourceRuleSchema, SelfSubjectAccessReviewSchema, SelfSubjectAccessReviewSpecSchema, SelfSubjectRulesReviewSchema, SubjectAccessReviewSchema, SubjectAccessReviewSpecSchema, SubjectAccessReviewStatusSchema, SubjectRulesReviewStatusSchema } from '../../generated/authorization/v1/types.js';

export { extraValuesSchema } from './extra-values.js';
export { FieldSelectorAttributesSchema, FieldSelectorRequirementSchema, LabelSelectorAttributesSchema, LocalSubjectAccessReviewSchema, NonResourceAttributesSchema, NonResourceRuleSchema, ResourceAttributesSchema, ResourceRuleSchema, SelfSubjectAccessReviewSchema, SelfSubjectAccessReviewSpecSchema, SelfSubjectRulesReviewSchema, SubjectAccessReviewSchema, SubjectAccessReviewSpecSchema, SubjectAccessReviewStatusSchema, SubjectRulesReviewStatusSchema };

/** authorization.k8s.io/v1 ResourceAttributes. */
export type ResourceAttributes = Static<typeof ResourceAttributesSchema>;

/** authorization.k8s.io/v1 NonResourceAttributes. */
export type NonResourceAttributes = Static<typeof NonResourceAttributesSchema>;

/** authorization.k8s.io/v1 SubjectAccessReviewStatus. */
export type SubjectAccessReviewStatus = Static<typeof SubjectAccessReviewStatusSchema>;

/** authorization.k8s.io/v1 SubjectAccessReview. */
export type SubjectAccessReview = Static<typeof SubjectAccessReviewSchema>;

/** authorization.k8s.io/v1 LocalSubjectAccessReview (a SubjectAccessReview in one namespace). */
export type LocalSubjectAccessReview = Static<typeof LocalSubjectAccessReviewSchema>;

/** authorization.k8s.io/v1 SelfSubjectAccessReview. */
export type SelfSubjectAccessReview = Static<typeof SelfSubjectAccessReviewSchema>;

/** authorization.k8s.io/v1 ResourceRule. */
export type ResourceRule = Static<typeof ResourceRuleSchema>;

/** authorization.k8s.io/v1 NonResourceRule. */
export type NonResourceRule = Static<typeof NonResourceRuleSchema>;

/** authorization.k8s.io/v1 SubjectRulesReviewStatus. */
export type SubjectRulesReviewStatus = Static<typeof SubjectRulesReviewStatusSchema>;

/** authorization.k8s.io/v1 SelfSubjectRulesReview. */
export type SelfSubjectRulesReview = Static<typeof SelfSubjectRulesReviewSchema>;
