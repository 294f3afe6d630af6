/**
 * CronJob validation (pkg/apis/batch/validation `ValidateCronJobCreate`, `ValidateCronJobUpdate`,
 * `validateCronJobSpec`, `ValidateJobTemplateSpec`): schedule syntax and TZ rules, time zone, concurrency policy,
 * non-negative deadline and history limits, the job template (no selector, no manual selector), and on create a
 * name short enough for the jobs it names.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, fieldRequired, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';
import { validateJobSpecFields } from '../job/spec-validation.js';
import { cronScheduleError } from './schedule.js';
import { validateTimeZone } from './time-zone.js';

const SPEC = newPath('spec');
const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'];
// A job is named `<cronjob>-<11-character timestamp>` and must stay a 63-character DNS label.
const MAX_NAME_LENGTH = 63 - 11;

function validateSchedule(spec: JSONRecord, old: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const schedule = stringAt(spec, 'schedule');
  if (schedule === '') return [fieldRequired(path, '')];
  const errs: FieldError[] = [];
  const parseError = cronScheduleError(schedule);
  if (parseError !== undefined) errs.push(fieldInvalid(path, schedule, parseError));
  const allowTZ = stringAt(old, 'schedule').includes('TZ');
  const hasTZ = schedule.includes('TZ');
  if (allowTZ && hasTZ && typeof spec.timeZone === 'string') {
    errs.push(fieldInvalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZ && hasTZ) {
    errs.push(fieldInvalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errs;
}

function validateConcurrencyPolicy(value: unknown, path: FieldPath): FieldError[] {
  if (value === undefined || value === null || value === '') return [fieldRequired(path, '')];
  return CONCURRENCY_POLICIES.includes(value as string) ? [] : [fieldNotSupported(path, value, CONCURRENCY_POLICIES)];
}

/** `ValidateJobTemplateSpec`: the JobSpec checks, and no selector of the user's. */
function validateJobTemplate(template: JSONRecord, path: FieldPath): FieldError[] {
  const spec = recordAt(template, 'spec') ?? {};
  const specPath = path.child('spec');
  const errs = validateJobSpecFields(spec, specPath);
  if (spec.selector !== undefined && spec.selector !== null) errs.push(fieldInvalid(specPath.child('selector'), spec.selector, '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errs.push(fieldNotSupported(specPath.child('manualSelector'), true, ['nil', 'false']));
  return errs;
}

function validateCronJobSpec(spec: JSONRecord, old: JSONRecord | undefined): FieldError[] {
  const errs = [
    ...validateSchedule(spec, old, SPEC.child('schedule')),
    ...validateNonnegativeField(spec.startingDeadlineSeconds, SPEC.child('startingDeadlineSeconds')),
  ];
  if (old === undefined || (old.timeZone ?? null) !== (spec.timeZone ?? null)) errs.push(...validateTimeZone(spec.timeZone, SPEC.child('timeZone')));
  errs.push(
    ...validateConcurrencyPolicy(spec.concurrencyPolicy, SPEC.child('concurrencyPolicy')),
    ...validateJobTemplate(recordAt(spec, 'jobTemplate') ?? {}, SPEC.child('jobTemplate')),
    ...validateNonnegativeField(spec.successfulJobsHistoryLimit, SPEC.child('successfulJobsHistoryLimit')),
    ...validateNonnegativeField(spec.failedJobsHistoryLimit, SPEC.child('failedJobsHistoryLimit')),
  );
  return errs;
}

/** Validates a new cronjob, its name included. */
export function validateCronJobCreate(cronJob: ApiObject): FieldError[] {
  const errs = validateCronJobSpec(recordAt(cronJob, 'spec') ?? {}, undefined);
  const name = cronJob.metadata.name ?? '';
  if (name.length > MAX_NAME_LENGTH) errs.push(fieldInvalid(newPath('metadata', 'name'), name, `must be no more than ${MAX_NAME_LENGTH} characters`));
  return errs;
}

/** Validates an updated cronjob (older names longer than 52 characters stay updatable). */
export function validateCronJobUpdate(cronJob: ApiObject, old: ApiObject): FieldError[] {
  return validateCronJobSpec(recordAt(cronJob, 'spec') ?? {}, recordAt(old, 'spec') ?? {});
}
