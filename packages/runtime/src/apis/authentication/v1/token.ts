/**
 * authentication.k8s.io/v1: SelfSubjectReview (who am I), TokenRequest (the body of `serviceaccounts/token`)
 * and TokenReview, with UserInfo and BoundObjectReference.
 * Generated from k8s.io/api (see `apis/generated`).
 */
import type { Static } from 'typebox';
import { UserInfoSchema as AuthenticationUserInfoSchema, BoundObjectReferenceSchema, SelfSubjectReviewSchema, TokenRequestSchema, TokenRequestSpecSchema, TokenRequestStatusSchema, TokenReviewSchema } from '../../generated/authentication/v1/types.js';

export { AuthenticationUserInfoSchema, BoundObjectReferenceSchema, SelfSubjectReviewSchema, TokenRequestSchema, TokenRequestSpecSchema, TokenRequestStatusSchema, TokenReviewSchema };

/** authentication.k8s.io/v1 UserInfo. */
export type AuthenticationUserInfo = Static<typeof AuthenticationUserInfoSchema>;

/** authentication.k8s.io/v1 SelfSubjectReview. */
export type SelfSubjectReview = Static<typeof SelfSubjectReviewSchema>;

/** authentication.k8s.io/v1 TokenRequest. */
export type TokenRequest = Static<typeof TokenRequestSchema>;

/** authentication.k8s.io/v1 TokenReview. */
export type TokenReview = Static<typeof TokenReviewSchema>;
