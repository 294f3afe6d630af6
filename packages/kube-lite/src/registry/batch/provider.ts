/**
 * The `batch/v1` group (pkg/registry/batch/rest/storage_batch.go): jobs (+status) and cronjobs (+status).
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { newCronJobStorage } from './cronjob/storage.js';
import { JOB_FIELD_LABELS, newJobStorage } from './job/storage.js';

/** The name of the batch API group. */
export const BATCH_GROUP_NAME = 'batch';

/** The `batch` provider: v1 jobs and cronjobs when enabled. */
export function batchRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => BATCH_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: BATCH_GROUP_NAME, version: 'v1' };
      const storage = enabledResourceStorage(source, v1, { jobs: () => newJobStorage(getter), cronjobs: () => newCronJobStorage(getter) });
      return groupInfoOf([{ gv: v1, storage }], { scheme, fieldLabels: { Job: JOB_FIELD_LABELS } });
    },
  };
}
