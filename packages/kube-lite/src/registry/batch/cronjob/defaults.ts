/**
 * batch/v1 CronJob defaulting (pkg/apis/batch/v1 `SetDefaults_CronJob` and the generated object defaulter):
 * concurrencyPolicy Allow, suspend false, history limits 3 and 1, and the job template's JobSpec template defaults.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord } from '../../../object-fields.js';
import { defaultJobSpecTemplate } from '../job/defaults.js';

/** Applies `SetDefaults_CronJob` and the job template defaults to a CronJob in place. */
export function defaultCronJob(cronJob: ApiObject): void {
  const spec = ensureRecord(cronJob, 'spec');
  if (spec.concurrencyPolicy === undefined || spec.concurrencyPolicy === null || spec.concurrencyPolicy === '') spec.concurrencyPolicy = 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  defaultJobSpecTemplate(ensureRecord(ensureRecord(spec, 'jobTemplate'), 'spec'));
}
