/**
 * batch/v1 Job defaulting (pkg/apis/batch/v1 `SetDefaults_Job` and the generated object defaulter): completions
 * and parallelism, backoff limits, completion mode, suspend, pod replacement policy, manual selector, the job's
 * labels from its template, and the pod template's PodSpec defaults.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { defaultPodTemplateSpec } from '@apiserver/runtime/apis';
import { ensureRecord, isRecord, type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';

/** Go's math.MaxInt32: the backoffLimit of a job that limits backoff per index. */
const MAX_INT32 = 2147483647;

const isNil = (v: unknown): boolean => v === undefined || v === null;

function setIfNil(obj: JSONRecord, key: string, value: unknown): void {
  if (isNil(obj[key])) obj[key] = value;
}

/**
 * The defaults a JobSpec gets wherever it appears (`SetDefaults_PodFailurePolicyOnPodConditionsPattern` and the
 * pod template's PodSpec defaults): a CronJob's job template gets these, not the Job-only ones.
 */
export function defaultJobSpecTemplate(spec: JSONRecord): void {
  for (const rule of recordsAt(recordAt(spec, 'podFailurePolicy'), 'rules')) {
    for (const pattern of recordsAt(rule, 'onPodConditions')) {
      if (isNil(pattern.status) || pattern.status === '') pattern.status = 'True';
    }
  }
  defaultPodTemplateSpec(ensureRecord(spec, 'template'));
}

/** Applies `SetDefaults_Job` and the template defaults to a Job in place. */
export function defaultJob(job: ApiObject): void {
  const spec = ensureRecord(job, 'spec');
  if (isNil(spec.completions) && isNil(spec.parallelism)) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  setIfNil(spec, 'parallelism', 1);
  setIfNil(spec, 'backoffLimit', isNil(spec.backoffLimitPerIndex) ? 6 : MAX_INT32);
  const templateLabels = recordAt(recordAt(spec, 'template'), 'metadata')?.labels;
  const labels = job.metadata.labels;
  if (isRecord(templateLabels) && Object.keys(templateLabels).length > 0 && (labels === undefined || Object.keys(labels).length === 0)) {
    job.metadata.labels = { ...(templateLabels as Record<string, string>) };
  }
  setIfNil(spec, 'completionMode', 'NonIndexed');
  setIfNil(spec, 'suspend', false);
  // JobPodReplacementPolicy is on by default in 1.32.
  setIfNil(spec, 'podReplacementPolicy', isNil(spec.podFailurePolicy) ? 'TerminatingOrFailed' : 'Failed');
  setIfNil(spec, 'manualSelector', false);
  defaultJobSpecTemplate(spec);
}
