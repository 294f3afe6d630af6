/**
 * The `discovery.k8s.io/v1` group (pkg/registry/discovery/rest/storage_discovery.go): endpointslices.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { newEndpointSliceStorage } from './endpointslice/storage.js';

/** The name of the discovery API group. */
export const DISCOVERY_GROUP_NAME = 'discovery.k8s.io';

/** The `discovery.k8s.io` provider: v1 endpointslices when enabled. */
export function discoveryRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => DISCOVERY_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: DISCOVERY_GROUP_NAME, version: 'v1' };
      const storage = enabledResourceStorage(source, v1, { endpointslices: () => newEndpointSliceStorage(getter) });
      return groupInfoOf([{ gv: v1, storage }], { scheme });
    },
  };
}
