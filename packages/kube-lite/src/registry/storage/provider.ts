/**
 * The `storage.k8s.io/v1` group (pkg/registry/storage/rest/storage_storage.go): storageclasses,
 * volumeattachments (+status), csinodes, csidrivers and csistoragecapacities.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { newCSIDriverStorage } from './csidriver/storage.js';
import { newCSINodeStorage } from './csinode/storage.js';
import { newCSIStorageCapacityStorage } from './csistoragecapacity/storage.js';
import { newStorageClassStorage } from './storageclass/storage.js';
import { newVolumeAttachmentStorage } from './volumeattachment/storage.js';

/** The name of the storage API group. */
export const STORAGE_GROUP_NAME = 'storage.k8s.io';

/** The `storage.k8s.io` provider: the v1 resources that are enabled. */
export function storageRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => STORAGE_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: STORAGE_GROUP_NAME, version: 'v1' };
      const storage = enabledResourceStorage(source, v1, {
        storageclasses: () => newStorageClassStorage(getter),
        volumeattachments: () => newVolumeAttachmentStorage(getter),
        csinodes: () => newCSINodeStorage(getter),
        csidrivers: () => newCSIDriverStorage(getter),
        csistoragecapacities: () => newCSIStorageCapacityStorage(getter),
      });
      return groupInfoOf([{ gv: v1, storage }], { scheme });
    },
  };
}
