/**
 * authentication.k8s.io/v1: SelfSubjectReview (who am I), TokenRequest (the body of `serviceaccounts/token`)
 * and TokenReview, with UserInfo and BoundObjectReference.
 */
import { type Static, Type } from 'typebox';
import { field, int64, kindStruct, stringList, struct, requiredField } from '../../../schema/define.js';
import { TimeSchema } from '../../../schema/special-types.js';
import { extraValuesSchema } from '../../authorization/v1/access-review.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const AUTHN = 'io.k8s.api.authentication.v1';
const V1 = { group: 'authentication.k8s.io', version: 'v1' };
const metadata = () => field(1, ObjectMetaSchema, 'Standard object metadata.');

/** Schema of authentication.k8s.io/v1 UserInfo. */
export const AuthenticationUserInfoSchema = struct(`${AUTHN}.UserInfo`, 'The identity of an authenticated user.', {
  username: field(1, Type.String(), 'The name that uniquely identifies the user.'),
  uid: field(2, Type.String(), 'A unique value that identifies the user across time.'),
  groups: field(3, stringList(), 'The groups the user belongs to.', { listType: 'atomic' }),
  extra: field(4, extraValuesSchema(), 'Any additional information from the authenticator.'),
});
/** authentication.k8s.io/v1 UserInfo. */
export type AuthenticationUserInfo = Static<typeof AuthenticationUserInfoSchema>;

/** Schema of authentication.k8s.io/v1 SelfSubjectReview. */
export const SelfSubjectReviewSchema = kindStruct(`${AUTHN}.SelfSubjectReview`, { ...V1, kind: 'SelfSubjectReview' }, 'The user information of the requester.', {
  metadata: metadata(),
  status: field(
    2,
    struct(`${AUTHN}.SelfSubjectReviewStatus`, 'What the server knows about the requester.', {
      userInfo: field(1, AuthenticationUserInfoSchema, 'The user information of the requester.'),
    }),
    'Filled in by the server.',
  ),
});
/** authentication.k8s.io/v1 SelfSubjectReview. */
export type SelfSubjectReview = Static<typeof SelfSubjectReviewSchema>;

/** Schema of authentication.k8s.io/v1 BoundObjectReference. */
export const BoundObjectReferenceSchema = struct(`${AUTHN}.BoundObjectReference`, 'The object a token is bound to.', {
  kind: field(1, Type.String(), 'Kind of the referent: Pod, Secret or Node.'),
  apiVersion: field(2, Type.String(), 'API version of the referent.'),
  name: field(3, Type.String(), 'Name of the referent.'),
  uid: field(4, Type.String(), 'UID of the referent.'),
});

/** Schema of authentication.k8s.io/v1 TokenRequestSpec. */
export const TokenRequestSpecSchema = struct(`${AUTHN}.TokenRequestSpec`, 'What the requested token is for.', {
  audiences: requiredField(1, stringList(), 'Intended audiences of the token (default: the API server audiences).', { listType: 'atomic' }),
  expirationSeconds: field(4, int64(), 'Requested lifetime of the token (at least 600, default 3600).', { omit: 'null' }),
  boundObjectRef: field(3, BoundObjectReferenceSchema, 'An object the token is bound to.', { omit: 'null' }),
});

/** Schema of authentication.k8s.io/v1 TokenRequestStatus. */
export const TokenRequestStatusSchema = struct(`${AUTHN}.TokenRequestStatus`, 'The issued token.', {
  token: requiredField(1, Type.String(), 'The opaque bearer token.'),
  expirationTimestamp: requiredField(2, TimeSchema, 'When the token expires.'),
});

/** Schema of authentication.k8s.io/v1 TokenRequest. */
export const TokenRequestSchema = kindStruct(`${AUTHN}.TokenRequest`, { ...V1, kind: 'TokenRequest' }, 'Requests a token for a service account.', {
  metadata: metadata(),
  spec: requiredField(2, TokenRequestSpecSchema, 'The token request.'),
  status: field(3, TokenRequestStatusSchema, 'Filled in by the server.'),
});
/** authentication.k8s.io/v1 TokenRequest. */
export type TokenRequest = Static<typeof TokenRequestSchema>;

/** Schema of authentication.k8s.io/v1 TokenReview. */
export const TokenReviewSchema = kindStruct(`${AUTHN}.TokenReview`, { ...V1, kind: 'TokenReview' }, 'Checks a token and tells whom it authenticates.', {
  metadata: metadata(),
  spec: requiredField(
    2,
    struct(`${AUTHN}.TokenReviewSpec`, 'The token to check.', {
      token: field(1, Type.String(), 'The opaque bearer token.'),
      audiences: field(2, stringList(), 'Audiences the token must be valid for.', { listType: 'atomic' }),
    }),
    'The token to check.',
  ),
  status: field(
    3,
    struct(`${AUTHN}.TokenReviewStatus`, 'The result of the check.', {
      authenticated: field(1, Type.Boolean(), 'True when the token is valid.'),
      user: field(2, AuthenticationUserInfoSchema, 'The user the token authenticates.'),
      audiences: field(4, stringList(), 'Audiences the token is valid for among those asked.', { listType: 'atomic' }),
      error: field(3, Type.String(), 'Why the token is not valid.'),
    }),
    'Filled in by the server.',
  ),
});
/** authentication.k8s.io/v1 TokenReview. */
export type TokenReview = Static<typeof TokenReviewSchema>;
