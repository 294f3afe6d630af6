/**
 * The `autoscaling` group (pkg/registry/autoscaling/rest/storage_autoscaling.go): horizontalpodautoscalers
 * (+status) in v2 (preferred, the storage version) and v1, one stored object for both.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { type HPAStorage, newHPAStorage } from './hpa/storage.js';

/** The name of the autoscaling API group. */
export const AUTOSCALING_GROUP_NAME = 'autoscaling';

/** The `autoscaling` provider: v2 and v1 horizontalpodautoscalers when enabled. */
export function autoscalingRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => AUTOSCALING_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v2 = { group: AUTOSCALING_GROUP_NAME, version: 'v2' };
      const v1 = { group: AUTOSCALING_GROUP_NAME, version: 'v1' };
      let hpa: HPAStorage | undefined;
      const shared = (): HPAStorage => {
        hpa ??= newHPAStorage(getter);
        return hpa;
      };
      const v2Storage = enabledResourceStorage(source, v2, { horizontalpodautoscalers: () => shared().v2 });
      const v1Storage = enabledResourceStorage(source, v1, { horizontalpodautoscalers: () => shared().v1 });
      return groupInfoOf(
        [
          { gv: v2, storage: v2Storage },
          { gv: v1, storage: v1Storage },
        ],
        { scheme },
      );
    },
  };
}
