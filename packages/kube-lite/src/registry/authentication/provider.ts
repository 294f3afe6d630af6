/**
 * `authentication.k8s.io/v1` (pkg/registry/authentication/rest/storage_authentication.go): selfsubjectreviews,
 * and tokenreviews when a token checker is given.
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { RESTStorageProvider } from '../rest-options.js';
import { SelfSubjectReviewREST } from './self-subject-review-rest.js';
import { type TokenChecker, TokenReviewREST } from './token-review-rest.js';

/** Options of {@link authenticationRESTStorageProvider}. */
export interface AuthenticationProviderOptions {
  /** The scheme (default: a new built-in scheme). */
  readonly scheme?: Scheme;
  /** Serves `tokenreviews` with this checker (e.g. the service account token authenticator). */
  readonly tokenReview?: { readonly checker: TokenChecker; readonly apiAudiences: readonly string[] };
}

/** The authentication.k8s.io provider. */
export function authenticationRESTStorageProvider(options: AuthenticationProviderOptions = {}): RESTStorageProvider {
  const scheme = options.scheme ?? newBuiltinScheme();
  return {
    groupName: () => 'authentication.k8s.io',
    newRESTStorage: (): APIGroupInfo => ({
      prioritizedVersions: [{ group: 'authentication.k8s.io', version: 'v1' }],
      versionedResourcesStorageMap: {
        v1: {
          selfsubjectreviews: new SelfSubjectReviewREST(),
          ...(options.tokenReview !== undefined && { tokenreviews: new TokenReviewREST(options.tokenReview.checker, options.tokenReview.apiAudiences) }),
        },
      },
      scheme,
    }),
  };
}
