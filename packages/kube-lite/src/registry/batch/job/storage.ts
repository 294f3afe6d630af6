/**
 * Job storage (pkg/registry/batch/job/storage): `jobs` (category `all`, field selector `status.successful`)
 * and `jobs/status` of batch/v1.
 * @module
 */
import { type ApiObject, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { ObjectAttrs } from '@apiserver/storage';
import { count } from '../../apps/replicaset/printer.js';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newJobTableConvertor } from './printer.js';
import { JobStrategy, newJobStatusStrategy } from './strategy.js';

/** Field selector labels of Jobs beyond the metadata ones (`fieldLabels: { Job: … }`). */
export const JOB_FIELD_LABELS: readonly string[] = ['status.successful'];

/** Labels and selectable fields of a Job: metadata.name, metadata.namespace and status.successful. */
export function jobAttrs(obj: ApiObject): ObjectAttrs {
  return {
    labels: obj.metadata.labels ?? {},
    fields: { 'metadata.name': obj.metadata.name ?? '', 'metadata.namespace': obj.metadata.namespace ?? '', 'status.successful': String(count(obj, 'status', 'succeeded')) },
  };
}

/** Options of the job storage. */
export interface JobStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `jobs` and `jobs/status` storage of batch/v1. */
export function newJobStorage(getter: RESTOptionsGetter, options: JobStorageOptions = {}): Record<string, Storage> {
  const strategy = new JobStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'batch', version: 'v1', kind: 'Job', resource: 'jobs', singular: 'job' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newJobTableConvertor(options.printer),
    categories: ['all'],
    attrFunc: jobAttrs,
  };
  return { jobs: new Store(storeOptions), 'jobs/status': new StatusREST(storeOptions, newJobStatusStrategy(strategy)) };
}
