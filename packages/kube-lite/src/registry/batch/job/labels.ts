/**
 * The labels a Job's pods carry to be told apart (pkg/apis/batch `JobNameLabel`, `ControllerUidLabel` and their
 * legacy unprefixed forms), and the selector generated from them when `manualSelector` is not true
 * (pkg/registry/batch/job `generateSelector`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord } from '../../../object-fields.js';

/** The label naming the job (`batch.kubernetes.io/job-name`). */
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
/** The label holding the job's uid (`batch.kubernetes.io/controller-uid`). */
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
/** The unprefixed job name label still set for older clients. */
export const LEGACY_JOB_NAME_LABEL = 'job-name';
/** The unprefixed controller uid label still set for older clients. */
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';

/**
 * Adds the job-name and controller-uid labels (both forms) to the pod template where absent, and selects
 * `batch.kubernetes.io/controller-uid=<uid>` unless the selector already names that key. Labels a user set to
 * other values stay: validation then rejects them.
 */
export function generateJobSelector(job: ApiObject): void {
  const spec = ensureRecord(job, 'spec');
  const labels = ensureRecord(ensureRecord(ensureRecord(spec, 'template'), 'metadata'), 'labels');
  const name = job.metadata.name ?? '';
  const uid = job.metadata.uid ?? '';
  for (const key of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) if (!(key in labels)) labels[key] = name;
  for (const key of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) if (!(key in labels)) labels[key] = uid;
  const matchLabels = ensureRecord(ensureRecord(spec, 'selector'), 'matchLabels');
  if (!(CONTROLLER_UID_LABEL in matchLabels)) matchLabels[CONTROLLER_UID_LABEL] = uid;
}
