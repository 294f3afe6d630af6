/**
 * `authorization.k8s.io/v1` (pkg/registry/authorization/rest/storage_authorization.go): selfsubjectaccessreviews,
 * selfsubjectrulesreviews, subjectaccessreviews and localsubjectaccessreviews, answered by the authorizer a late-bound reference holds.
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTStorageProvider } from '../rest-options.js';
import { type AccessReviewOptions, LocalSubjectAccessReviewREST, SelfSubjectAccessReviewREST, SubjectAccessReviewREST } from './access-review-rest.js';
import type { AuthorizerReference } from './authorizer-reference.js';
import { SelfSubjectRulesReviewREST } from './rules-review-rest.js';

/**
 * The authorization.k8s.io provider; the server fills `ref` with `ref.bind(authorizer)` when it builds its authorizer.
 * `options` say whether the access reviews honour their selectors (`AuthorizeWithSelectors`).
 */
export function authorizationRESTStorageProvider(ref: AuthorizerReference, scheme: Scheme = newBuiltinScheme(), options: AccessReviewOptions = {}): RESTStorageProvider {
  return {
    groupName: () => 'authorization.k8s.io',
    newRESTStorage: (config: APIResourceConfigSource): APIGroupInfo => {
      const v1 = { group: 'authorization.k8s.io', version: 'v1' };
      const storage = enabledResourceStorage(config, v1, {
        selfsubjectaccessreviews: () => ({ selfsubjectaccessreviews: new SelfSubjectAccessReviewREST(ref, options) }),
        selfsubjectrulesreviews: () => ({ selfsubjectrulesreviews: new SelfSubjectRulesReviewREST(ref) }),
        subjectaccessreviews: () => ({ subjectaccessreviews: new SubjectAccessReviewREST(ref, options) }),
        localsubjectaccessreviews: () => ({ localsubjectaccessreviews: new LocalSubjectAccessReviewREST(ref, options) }),
      });
      return groupInfoOf([{ gv: v1, storage }], { scheme });
    },
  };
}
