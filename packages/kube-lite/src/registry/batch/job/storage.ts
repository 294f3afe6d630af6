/**
 * Job storage (pkg/registry/batch/job/storage): `jobs` (category `all`, field selector `status.successful`)
 * and `jobs/status` of batch/v1; deletes that leave the propagation to batch/v1's default (orphaning the pods) warn.
 * @module
 */
import {
  type ApiList,
  type ApiObject,
  type DeleteResult,
  type InternalListOptions,
  type RequestContext,
  StatusREST,
  type Storage,
  Store,
  type StoreOptions,
  type ValidateObjectFunc,
} from '@apiserver/registry';
import type { DeleteOptions } from '@apiserver/runtime';
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

/** The warning of a job delete that leaves the propagation to batch/v1's default, which orphans the pods. */
export const JOB_DELETE_OPTION_WARNING =
  'child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning';

function warnOnDefaultPropagation(ctx: RequestContext, options: DeleteOptions | undefined): void {
  if (options?.propagationPolicy === undefined && options?.orphanDependents === undefined) ctx.addWarning?.(JOB_DELETE_OPTION_WARNING);
}

/** The `jobs` Store: DELETE and DELETECOLLECTION without a propagation policy warn (`REST.Delete` upstream). */
class JobREST extends Store {
  override delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    warnOnDefaultPropagation(ctx, options);
    return super.delete(ctx, name, deleteValidation, options);
  }

  override deleteCollection(
    ctx: RequestContext,
    deleteValidation: ValidateObjectFunc | undefined,
    options: DeleteOptions | undefined,
    listOptions: InternalListOptions | undefined,
  ): Promise<ApiList> {
    warnOnDefaultPropagation(ctx, options);
    return super.deleteCollection(ctx, deleteValidation, options, listOptions);
  }
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
  return { jobs: new JobREST(storeOptions), 'jobs/status': new StatusREST(storeOptions, newJobStatusStrategy(strategy)) };
}
