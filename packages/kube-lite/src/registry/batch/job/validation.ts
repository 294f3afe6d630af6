/**
 * Job validation (pkg/apis/batch/validation `ValidateJob`, `ValidateJobUpdate`, `validateGeneratedSelector`) with
 * the options the job strategy derives from the old object (pkg/registry/batch/job `validationOptionsForJob`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, isDNS1123Label, labelSelectorAsSelector, newPath, semanticEqual } from '@apiserver/runtime';
import { batchV1, coreV1 } from '@apiserver/runtime/apis';
import { isInteger, type JSONRecord, recordAt, stringMapAt } from '../../../object-fields.js';
import { toSelectorSpec } from '../../apps/replicaset/workload-validation.js';
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL } from './labels.js';
import { validateJobSpec } from './spec-validation.js';

/** What changes validation for one request (upstream's `JobValidationOptions`, the parts kube-lite uses). */
export interface JobValidationOptions {
  /** Require the `batch.kubernetes.io/` labels on the template (new jobs, and jobs that had them). */
  readonly requirePrefixedLabels: boolean;
  /** Node affinity, node selector, tolerations, scheduling gates, labels and annotations of the template may change. */
  readonly allowMutableSchedulingDirectives: boolean;
}

const SPEC = newPath('spec');
const TEMPLATE_META = SPEC.child('template', 'metadata');

/** The options for a create (`old` absent) or an update of a job. */
export function jobValidationOptions(old?: ApiObject): JobValidationOptions {
  if (old === undefined) return { requirePrefixedLabels: true, allowMutableSchedulingDirectives: false };
  const spec = recordAt(old, 'spec');
  const labels = stringMapAt(recordAt(recordAt(spec, 'template'), 'metadata'), 'labels') ?? {};
  return {
    requirePrefixedLabels: JOB_NAME_LABEL in labels && CONTROLLER_UID_LABEL in labels,
    allowMutableSchedulingDirectives: spec?.suspend === true && (recordAt(old, 'status')?.startTime ?? null) === null,
  };
}

/** `ValidateHasLabel`: the template label `key` is present with `expected`. */
function validateHasLabel(labels: Record<string, string>, key: string, expected: string): FieldError[] {
  const path = TEMPLATE_META.child('labels').key(key);
  if (!(key in labels)) return [fieldRequired(path, `must be '${expected}'`)];
  return labels[key] === expected ? [] : [fieldInvalid(path, labels, `must be '${expected}'`)];
}

function validateGeneratedSelector(job: ApiObject, opts: JobValidationOptions): FieldError[] {
  const spec = recordAt(job, 'spec');
  const selector = recordAt(spec, 'selector');
  if (spec?.manualSelector === true || selector === undefined) return [];
  const uid = job.metadata.uid ?? '';
  const name = job.metadata.name ?? '';
  const errs: FieldError[] = uid === '' ? [fieldRequired(newPath('metadata', 'uid'), '')] : [];
  const labels = stringMapAt(recordAt(recordAt(spec, 'template'), 'metadata'), 'labels') ?? {};
  const expected: Record<string, string> = {};
  const pairs: [string, string][] = [
    [LEGACY_CONTROLLER_UID_LABEL, uid],
    [LEGACY_JOB_NAME_LABEL, name],
  ];
  if (opts.requirePrefixedLabels) pairs.push([CONTROLLER_UID_LABEL, uid], [JOB_NAME_LABEL, name]);
  for (const [key, value] of pairs) {
    errs.push(...validateHasLabel(labels, key, value));
    expected[key] = value;
  }
  try {
    if (!labelSelectorAsSelector(toSelectorSpec(selector)).matches(expected)) {
      errs.push(fieldInvalid(SPEC.child('selector'), selector, '`selector` not auto-generated'));
    }
  } catch {
    // An invalid selector is reported by the spec checks.
  }
  return errs;
}

/** Validates a job (`ValidateJob`): generated selector, spec, and an Indexed job's longest pod hostname. */
export function validateJob(job: ApiObject, opts: JobValidationOptions): FieldError[] {
  const spec = recordAt(job, 'spec') ?? {};
  const errs = [...validateGeneratedSelector(job, opts), ...validateJobSpec(spec, SPEC)];
  const completions = spec.completions;
  if (spec.completionMode === 'Indexed' && isInteger(completions) && completions > 0) {
    const name = job.metadata.name ?? '';
    const hostname = `${name}-${completions - 1}`;
    if (isDNS1123Label(hostname).length > 0) {
      errs.push(fieldInvalid(newPath('metadata', 'name'), name, `will not able to create pod with invalid DNS label: ${hostname}`));
    }
  }
  return errs;
}

/** Invalid `field is immutable` when `field` of the spec differs as a Go value. */
function immutable(spec: JSONRecord, old: JSONRecord, field: string, path: FieldPath): FieldError[] {
  if (semanticEqual(batchV1.JobSpecSchema, { [field]: spec[field] }, { [field]: old[field] })) return [];
  return [fieldInvalid(path.child(field), spec[field] ?? null, 'field is immutable')];
}

/** `validateCompletions` with elastic Indexed jobs (GA): Indexed jobs may change completions together with parallelism. */
function validateCompletions(spec: JSONRecord, old: JSONRecord): FieldError[] {
  if (spec.completionMode !== 'Indexed') return immutable(spec, old, 'completions', SPEC);
  if (spec.completions === old.completions || !isInteger(spec.completions)) return [];
  if (spec.completions === spec.parallelism) return [];
  return [fieldInvalid(SPEC.child('completions'), spec.completions, 'can only be modified in tandem with spec.parallelism')];
}

/** The old template with what a suspended, never-started job may change taken from the new one. */
function comparableOldTemplate(template: JSONRecord, old: JSONRecord): JSONRecord {
  const spec = recordAt(template, 'spec') ?? {};
  const meta = recordAt(template, 'metadata') ?? {};
  const oldSpec: JSONRecord = { ...(recordAt(old, 'spec') ?? {}) };
  const affinity = recordAt(spec, 'affinity');
  const oldAffinity = recordAt(oldSpec, 'affinity');
  if (oldAffinity !== undefined || affinity !== undefined) {
    const merged: JSONRecord = { ...(oldAffinity ?? {}), nodeAffinity: affinity?.nodeAffinity };
    if (merged.nodeAffinity === undefined) delete merged.nodeAffinity;
    // Clearing the affinity is allowed when only nodeAffinity was set.
    if (affinity === undefined && Object.keys(merged).length === 0) delete oldSpec.affinity;
    else oldSpec.affinity = merged;
  }
  for (const f of ['nodeSelector', 'tolerations', 'schedulingGates']) oldSpec[f] = spec[f];
  const oldMeta = { ...(recordAt(old, 'metadata') ?? {}), annotations: meta.annotations, labels: meta.labels };
  return { ...old, metadata: oldMeta, spec: oldSpec };
}

/** Validates a job update (`ValidateJobSpecUpdate`): the immutable parts of the spec. */
export function validateJobUpdate(job: ApiObject, old: ApiObject, opts: JobValidationOptions): FieldError[] {
  const spec = recordAt(job, 'spec') ?? {};
  const oldSpec = recordAt(old, 'spec') ?? {};
  const errs = [...validateCompletions(spec, oldSpec), ...immutable(spec, oldSpec, 'selector', SPEC)];
  const template = recordAt(spec, 'template') ?? {};
  const oldTemplate = recordAt(oldSpec, 'template') ?? {};
  const before = opts.allowMutableSchedulingDirectives ? comparableOldTemplate(template, oldTemplate) : oldTemplate;
  if (!semanticEqual(coreV1.PodTemplateSpecSchema, template, before)) errs.push(fieldInvalid(SPEC.child('template'), template, 'field is immutable'));
  for (const f of ['completionMode', 'podFailurePolicy', 'backoffLimitPerIndex', 'managedBy', 'successPolicy']) errs.push(...immutable(spec, oldSpec, f, SPEC));
  return errs;
}
