/**
 * Job status validation (pkg/apis/batch/validation `validateJobStatus`, the checks that hold whatever the
 * options): non-negative counters and distinct, non-empty uncounted pod uids.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { recordAt } from '../../../object-fields.js';

function validateUids(values: unknown, path: FieldPath, seen: Set<unknown>): FieldError[] {
  if (!Array.isArray(values)) return [];
  const errs: FieldError[] = [];
  values.forEach((uid, i) => {
    if (uid === '') errs.push(fieldInvalid(path.index(i), uid, 'must not be empty'));
    else if (seen.has(uid)) errs.push(fieldDuplicate(path.index(i), uid));
    else seen.add(uid);
  });
  return errs;
}

/** Validates a job's status on a `jobs/status` update. */
export function validateJobStatus(job: ApiObject): FieldError[] {
  const status = recordAt(job, 'status') ?? {};
  const path = newPath('status');
  const errs = ['active', 'succeeded', 'failed', 'ready', 'terminating'].flatMap((f) => validateNonnegativeField(status[f], path.child(f)));
  const uncounted = recordAt(status, 'uncountedTerminatedPods');
  if (uncounted !== undefined) {
    const p = path.child('uncountedTerminatedPods');
    const seen = new Set<unknown>();
    errs.push(...validateUids(uncounted.succeeded, p.child('succeeded'), seen), ...validateUids(uncounted.failed, p.child('failed'), seen));
  }
  return errs;
}
