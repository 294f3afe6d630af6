/**
 * The job strategy (pkg/registry/batch/job/strategy.go): defaults, the generated selector and labels, empty status
 * and generation 1 on create, generation bumped on spec changes, validation with options from the old job, warnings
 * for names that are not DNS labels; dependents orphaned by default in batch/v1; and the status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { newPath } from '@apiserver/runtime';
import { batchV1 } from '@apiserver/runtime/apis';
import { podNameWarnings } from '../name-warnings.js';
import { recordAt } from '../../../object-fields.js';
import { defaultJob } from './defaults.js';
import { generateJobSelector } from './labels.js';
import { validateJobStatus } from './status-validation.js';
import { jobValidationOptions, validateJob, validateJobUpdate } from './validation.js';
import { generationChanged, specTemplateOf } from '../../core/pod/template-warnings.js';
import { jobSpecWarnings } from './warnings.js';
import { dropDisabledTemplateFields } from '../../core/pod/drop-disabled-fields.js';

/** Create and update behaviour of jobs. */
export class JobStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking, job validation and orphaning deletes. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: batchV1.JobSchema,
      garbageCollectionPolicy: 'OrphanDependents',
      validate: (_ctx, obj) => validateJob(obj, jobValidationOptions()),
      validateUpdate: (_ctx, obj, old) => {
        const opts = jobValidationOptions(old);
        return [...validateJob(obj, opts), ...validateJobUpdate(obj, old, opts)];
      },
    });
  }

  /** Defaults, the generated selector unless `manualSelector`, then status `{}` and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultJob(obj);
    dropDisabledTemplateFields(specTemplateOf(obj));
    if (recordAt(obj, 'spec')?.manualSelector !== true) generateJobSelector(obj);
    super.prepareForCreate(ctx, obj);
    obj.status = {};
  }

  /** Defaults, keeps status, bumps generation when the spec changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultJob(obj);
    dropDisabledTemplateFields(specTemplateOf(obj), specTemplateOf(old));
    super.prepareForUpdate(ctx, obj, old);
  }

  /** A name that is not a DNS label makes odd pod names and hostnames; then the job spec's warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return [...podNameWarnings(obj), ...jobSpecWarnings(newPath('spec'), obj.spec)];
  }

  /** The job spec's warnings, when the update changed the generation. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return generationChanged(obj, old) ? jobSpecWarnings(newPath('spec'), obj.spec) : [];
  }
}

/** The `jobs/status` update strategy: the spec stays, metadata is the request's, the status is validated. */
export function newJobStatusStrategy(base: JobStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { 'batch/v1': ['spec'] }, validate: (_ctx, obj) => validateJobStatus(obj) });
}
