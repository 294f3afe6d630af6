/**
 * The `networking.k8s.io/v1` group (pkg/registry/networking/rest/storage_settings.go): networkpolicies,
 * ingresses (+status) and ingressclasses.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { newIngressStorage } from './ingress/storage.js';
import { newIngressClassStorage } from './ingressclass/storage.js';
import { newNetworkPolicyStorage } from './networkpolicy/storage.js';

/** The name of the networking API group. */
export const NETWORKING_GROUP_NAME = 'networking.k8s.io';

/** The `networking.k8s.io` provider: v1 networkpolicies, ingresses and ingressclasses when enabled. */
export function networkingRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => NETWORKING_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: NETWORKING_GROUP_NAME, version: 'v1' };
      const storage = enabledResourceStorage(source, v1, {
        networkpolicies: () => newNetworkPolicyStorage(getter),
        ingresses: () => newIngressStorage(getter),
        ingressclasses: () => newIngressClassStorage(getter),
      });
      return groupInfoOf([{ gv: v1, storage }], { scheme });
    },
  };
}
