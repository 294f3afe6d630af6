/**
 * The `admissionregistration.k8s.io/v1` group (pkg/registry/admissionregistration/rest/storage_apiserver.go):
 * validatingwebhookconfigurations, mutatingwebhookconfigurations, validatingadmissionpolicies (+status) and
 * validatingadmissionpolicybindings, stored and validated; kube-lite does not call the webhooks or evaluate the
 * policies.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { newValidatingAdmissionPolicyStorage } from './validatingadmissionpolicy/storage.js';
import { newValidatingAdmissionPolicyBindingStorage } from './validatingadmissionpolicybinding/storage.js';
import { newMutatingWebhookConfigurationStorage, newValidatingWebhookConfigurationStorage } from './webhook-configuration-storage.js';

/** The name of the admissionregistration API group. */
export const ADMISSIONREGISTRATION_GROUP_NAME = 'admissionregistration.k8s.io';

/** The `admissionregistration.k8s.io` provider: the v1 resources that are enabled. */
export function admissionregistrationRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => ADMISSIONREGISTRATION_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: ADMISSIONREGISTRATION_GROUP_NAME, version: 'v1' };
      const storage = enabledResourceStorage(source, v1, {
        validatingwebhookconfigurations: () => newValidatingWebhookConfigurationStorage(getter),
        mutatingwebhookconfigurations: () => newMutatingWebhookConfigurationStorage(getter),
        validatingadmissionpolicies: () => newValidatingAdmissionPolicyStorage(getter),
        validatingadmissionpolicybindings: () => newValidatingAdmissionPolicyBindingStorage(getter),
      });
      return groupInfoOf([{ gv: v1, storage }], { scheme });
    },
  };
}
