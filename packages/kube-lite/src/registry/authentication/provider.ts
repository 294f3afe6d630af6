/**
 * `authentication.k8s.io/v1` (pkg/registry/authentication/rest/storage_authentication.go): selfsubjectreviews,
 * and tokenreviews when a token checker is given.
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf, type ResourceStorageBuilder } from '../enabled-storage.js';
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
    newRESTStorage: (config: APIResourceConfigSource): APIGroupInfo => {
      const v1 = { group: 'authentication.k8s.io', version: 'v1' };
      const { tokenReview } = options;
      const builders: Record<string, ResourceStorageBuilder> = {
        selfsubjectreviews: () => ({ selfsubjectreviews: new SelfSubjectReviewREST() }),
        ...(tokenReview !== undefined && { tokenreviews: () => ({ tokenreviews: new TokenReviewREST(tokenReview.checker, tokenReview.apiAudiences) }) }),
      };
      return groupInfoOf([{ gv: v1, storage: enabledResourceStorage(config, v1, builders) }], { scheme });
    },
  };
}
