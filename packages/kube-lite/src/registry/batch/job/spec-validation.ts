/**
 * JobSpec validation (pkg/apis/batch/validation `validateJobSpec`, `ValidateJobSpec`): counters, completion mode
 * and its Indexed limits, the failure, success and replacement policies, managedBy, the pod template with a
 * restartPolicy of OnFailure or Never, and for a Job (not a CronJob's template) a selector matching the template.
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  labelSelectorAsSelector,
  validateNonnegativeField,
} from '@apiserver/runtime';
import { isInteger, type JSONRecord, recordAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { toSelectorSpec } from '../../apps/replicaset/workload-validation.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { validatePodTemplateSpec } from '../../core/pod/pod-spec-validation.js';
import { validateManagedBy } from './managed-by.js';
import { validatePodFailurePolicy } from './pod-failure-policy-validation.js';
import { validateSuccessPolicy } from './success-policy-validation.js';

const MAX_PARALLELISM_INDEXED = 100_000;
const MAX_FAILED_INDEXES = 100_000;
/** Above this many completions, Indexed jobs have stricter limits (and a warning, see warnings.ts). */
export const COMPLETIONS_SOFT_LIMIT = 100_000;
/** The parallelism limit of Indexed jobs above {@link COMPLETIONS_SOFT_LIMIT} completions. */
export const PARALLELISM_LIMIT_HIGH_COMPLETIONS = 10_000;
const MAX_FAILED_INDEXES_HIGH_COMPLETIONS = 10_000;
const COMPLETION_MODES = ['NonIndexed', 'Indexed'];
const REPLACEMENT_POLICIES = ['Failed', 'TerminatingOrFailed'];

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

function validateCounters(spec: JSONRecord, path: FieldPath): FieldError[] {
  const fields = ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex', 'maxFailedIndexes'];
  const errs = fields.flatMap((f) => validateNonnegativeField(spec[f], path.child(f)));
  if (isSet(spec.maxFailedIndexes) && !isSet(spec.backoffLimitPerIndex)) {
    errs.push(fieldRequired(path.child('backoffLimitPerIndex'), 'when maxFailedIndexes is specified'));
  }
  return errs;
}

function validateIndexedLimits(spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const { completions, parallelism, maxFailedIndexes: maxFailed } = spec;
  if (!isSet(completions)) errs.push(fieldRequired(path.child('completions'), 'when completion mode is Indexed'));
  if (isInteger(parallelism) && parallelism > MAX_PARALLELISM_INDEXED) {
    errs.push(fieldInvalid(path.child('parallelism'), parallelism, `must be less than or equal to ${MAX_PARALLELISM_INDEXED} when completion mode is Indexed`));
  }
  if (isInteger(completions) && isInteger(maxFailed) && maxFailed > completions) {
    errs.push(fieldInvalid(path.child('maxFailedIndexes'), maxFailed, 'must be less than or equal to completions'));
  }
  if (isInteger(maxFailed) && maxFailed > MAX_FAILED_INDEXES) {
    errs.push(fieldInvalid(path.child('maxFailedIndexes'), maxFailed, `must be less than or equal to ${MAX_FAILED_INDEXES}`));
  }
  if (isInteger(completions) && completions > COMPLETIONS_SOFT_LIMIT && isSet(spec.backoffLimitPerIndex)) {
    const tail = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;
    if (!isSet(maxFailed)) errs.push(fieldRequired(path.child('maxFailedIndexes'), `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`));
    if (isInteger(parallelism) && parallelism > PARALLELISM_LIMIT_HIGH_COMPLETIONS) {
      errs.push(fieldInvalid(path.child('parallelism'), parallelism, `must be less than or equal to ${PARALLELISM_LIMIT_HIGH_COMPLETIONS} ${tail}`));
    }
    if (isInteger(maxFailed) && maxFailed > MAX_FAILED_INDEXES_HIGH_COMPLETIONS) {
      errs.push(fieldInvalid(path.child('maxFailedIndexes'), maxFailed, `must be less than or equal to ${MAX_FAILED_INDEXES_HIGH_COMPLETIONS} ${tail}`));
    }
  }
  return errs;
}

function validateCompletionMode(spec: JSONRecord, path: FieldPath): FieldError[] {
  const mode = spec.completionMode;
  const errs: FieldError[] = [];
  if (isSet(mode) && !COMPLETION_MODES.includes(mode as string)) errs.push(fieldNotSupported(path.child('completionMode'), mode, COMPLETION_MODES));
  if (mode === 'Indexed') return [...errs, ...validateIndexedLimits(spec, path)];
  if (!isSet(mode) || mode === 'NonIndexed') {
    for (const f of ['backoffLimitPerIndex', 'maxFailedIndexes']) {
      if (isSet(spec[f])) errs.push(fieldInvalid(path.child(f), spec[f], 'requires indexed completion mode'));
    }
  }
  return errs;
}

function validatePolicies(spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const hasFailurePolicy = isSet(spec.podFailurePolicy);
  if (hasFailurePolicy) errs.push(...validatePodFailurePolicy(spec, path.child('podFailurePolicy')));
  if (isSet(spec.successPolicy)) {
    if (spec.completionMode !== 'Indexed') errs.push(fieldInvalid(path.child('successPolicy'), spec.successPolicy, 'requires indexed completion mode'));
    else errs.push(...validateSuccessPolicy(spec, path.child('successPolicy')));
  }
  const replacement = spec.podReplacementPolicy;
  if (isSet(replacement)) {
    const allowed = hasFailurePolicy ? ['Failed'] : REPLACEMENT_POLICIES;
    if (!allowed.includes(replacement as string)) errs.push(fieldNotSupported(path.child('podReplacementPolicy'), replacement, allowed));
  }
  return errs;
}

function validateJobRestartPolicy(spec: JSONRecord, path: FieldPath): FieldError[] {
  const policy = stringAt(recordAt(recordAt(spec, 'template'), 'spec'), 'restartPolicy');
  const p = path.child('template', 'spec', 'restartPolicy');
  if (policy === 'Always' || policy === '') return [fieldRequired(p, 'valid values: "OnFailure", "Never"')];
  if (policy !== 'OnFailure' && policy !== 'Never') return [fieldNotSupported(p, policy, ['OnFailure', 'Never'])];
  if (isSet(spec.podFailurePolicy) && policy !== 'Never') return [fieldInvalid(p, policy, 'only "Never" is supported when podFailurePolicy is specified')];
  return [];
}

/** The checks every JobSpec gets, a Job's or a CronJob's job template's (`validateJobSpec`). */
export function validateJobSpecFields(spec: JSONRecord, path: FieldPath): FieldError[] {
  return [
    ...validateCounters(spec, path),
    ...validateManagedBy(spec.managedBy, path.child('managedBy')),
    ...validateCompletionMode(spec, path),
    ...validatePolicies(spec, path),
    ...validatePodTemplateSpec(recordAt(spec, 'template') ?? {}, path.child('template')),
    ...validateJobRestartPolicy(spec, path),
  ];
}

/** A Job's spec (`ValidateJobSpec`): the common checks, a valid selector, and template labels it matches. */
export function validateJobSpec(spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateJobSpecFields(spec, path);
  const selector = recordAt(spec, 'selector');
  const selectorErrs = selector === undefined ? [fieldRequired(path.child('selector'), '')] : validateLabelSelector(selector, path.child('selector'));
  errs.push(...selectorErrs);
  let matches = false;
  try {
    // A missing selector selects nothing, as LabelSelectorAsSelector(nil).
    matches = selector !== undefined && labelSelectorAsSelector(toSelectorSpec(selector)).matches(stringMapAt(recordAt(recordAt(spec, 'template'), 'metadata'), 'labels') ?? {});
  } catch {
    return errs;
  }
  if (!matches) {
    const labels = recordAt(recordAt(spec, 'template'), 'metadata')?.labels ?? null;
    errs.push(fieldInvalid(path.child('template', 'metadata', 'labels'), labels, '`selector` does not match template `labels`'));
  }
  return errs;
}
