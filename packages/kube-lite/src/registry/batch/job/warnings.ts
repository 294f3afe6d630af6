/**
 * Warnings for a job spec (pkg/api/job `WarningsForJobSpec`), of a Job at `spec` and of a CronJob's job template at
 * `spec.jobTemplate.spec`: an Indexed job too large to track its failed indexes, and the pod template's warnings.
 * @module
 */
import type { FieldPath } from '@apiserver/runtime';
import { numberAt, recordAt, stringAt } from '../../../object-fields.js';
import { podTemplateWarnings } from '../../core/pod/warnings.js';
import { COMPLETIONS_SOFT_LIMIT, PARALLELISM_LIMIT_HIGH_COMPLETIONS } from './spec-validation.js';

/** The warnings of the job spec at `path`. */
export function jobSpecWarnings(path: FieldPath, spec: unknown): string[] {
  const warnings: string[] = [];
  if (stringAt(spec, 'completionMode') === 'Indexed') {
    const completions = numberAt(spec, 'completions') ?? 0;
    const parallelism = numberAt(spec, 'parallelism') ?? 0;
    if (completions > COMPLETIONS_SOFT_LIMIT && parallelism > PARALLELISM_LIMIT_HIGH_COMPLETIONS) {
      warnings.push(
        `${path}: In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail`,
      );
    }
  }
  return [...warnings, ...podTemplateWarnings(path.child('template'), recordAt(spec, 'template'))];
}
