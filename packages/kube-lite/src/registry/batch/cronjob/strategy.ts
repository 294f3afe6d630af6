/**
 * The cronjob strategy (pkg/registry/batch/cronjob/strategy.go): defaults, empty status and generation 1 on
 * create, generation bumped on spec changes, validation, a warning for names that are not DNS labels; and the
 * status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import { newPath } from '@apiserver/runtime';
import { batchV1 } from '@apiserver/runtime/apis';
import { podNameWarnings } from '../name-warnings.js';
import { defaultCronJob } from './defaults.js';
import { validateCronJobCreate, validateCronJobUpdate } from './validation.js';
import { generationChanged } from '../../core/pod/template-warnings.js';
import { jobSpecWarnings } from '../job/warnings.js';
import { recordAt, stringAt } from '../../../object-fields.js';
import { dropDisabledTemplateFields } from '../../core/pod/drop-disabled-fields.js';

/** The warnings of a CronJob's job template spec, at `spec.jobTemplate.spec`. */
function jobTemplateSpecWarnings(obj: ApiObject): string[] {
  return jobSpecWarnings(newPath('spec', 'jobTemplate', 'spec'), recordAt(recordAt(obj.spec, 'jobTemplate'), 'spec'));
}

/** The pod template of a CronJob's job template, at `spec.jobTemplate.spec.template`. */
const podTemplateOf = (obj: ApiObject): unknown => recordAt(recordAt(recordAt(obj.spec, 'jobTemplate'), 'spec'), 'template');

/** Create and update behaviour of cronjobs. */
export class CronJobStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking and cronjob validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: batchV1.CronJobSchema,
      validate: (_ctx, obj) => validateCronJobCreate(obj),
      validateUpdate: (_ctx, obj, old) => validateCronJobUpdate(obj, old),
    });
  }

  /** Defaults, then status `{}` and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultCronJob(obj);
    dropDisabledTemplateFields(podTemplateOf(obj));
    super.prepareForCreate(ctx, obj);
    obj.status = {};
  }

  /** Defaults, keeps status, bumps generation when the spec changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultCronJob(obj);
    dropDisabledTemplateFields(podTemplateOf(obj), podTemplateOf(old));
    super.prepareForUpdate(ctx, obj, old);
  }

  /** A name that is not a DNS label makes odd pod names and hostnames; then the job template's warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return [...podNameWarnings(obj), ...jobTemplateSpecWarnings(obj)];
  }

  /**
   * The job template's warnings when the update changed the generation, and a schedule still using TZ or CRON_TZ
   * (refused on create since 1.27, kept by updates of older objects).
   */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    const warnings = generationChanged(obj, old) ? jobTemplateSpecWarnings(obj) : [];
    if (stringAt(obj.spec, 'schedule').includes('TZ')) {
      // Upstream's path, `spec.spec.schedule`, as it prints it.
      warnings.push(
        `cannot use TZ or CRON_TZ in ${newPath('spec', 'spec', 'schedule')}, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`,
      );
    }
    return warnings;
  }
}

/** The `cronjobs/status` update strategy: the spec stays, metadata is the request's (upstream validates nothing more). */
export function newCronJobStatusStrategy(base: CronJobStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: resetFieldsByVersion(['batch/v1', 'batch/v1beta1'], ['spec']) });
}
