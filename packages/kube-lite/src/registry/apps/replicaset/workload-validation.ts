/**
 * Checks shared by deployments and replicasets (pkg/apis/apps/validation, apimachinery
 * `ValidateLabelSelector`): the label selector, its agreement with the template labels, the pod template
 * as a ReplicaSet runs it, non-negative counters, and status counters.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  LabelSelectorSchema,
  labelSelectorAsSelector,
  type LabelSelectorSpec,
  newPath,
  semanticEqual,
  validateNonnegativeField,
} from '@apiserver/runtime';
import { isInteger, isRecord, type JSONRecord, recordAt, recordsAt, stringAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { validatePodTemplateSpec } from '../../core/pod/pod-spec-validation.js';

/** The selector object as a `LabelSelectorSpec` (non-string values skipped). */
export function toSelectorSpec(selector: JSONRecord): LabelSelectorSpec {
  return {
    matchLabels: stringMapAt(selector, 'matchLabels') ?? null,
    matchExpressions: recordsAt(selector, 'matchExpressions').map((r) => ({
      key: stringAt(r, 'key'),
      operator: stringAt(r, 'operator'),
      values: stringsAt(r, 'values'),
    })),
  };
}

/** The selector's canonical string (`LabelSelectorAsSelector(...).String()`), undefined when invalid. */
export function selectorString(selector: unknown): string | undefined {
  if (!isRecord(selector)) return undefined;
  try {
    return labelSelectorAsSelector(toSelectorSpec(selector)).toString();
  } catch {
    return undefined;
  }
}

/**
 * Validates `spec.selector` (required, non-empty, valid) and `spec.template` as a ReplicaSet runs it: labels
 * matched by the selector, restartPolicy Always, no activeDeadlineSeconds, the pod template itself.
 */
export function validateSelectorAndTemplate(spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const selector = recordAt(spec, 'selector');
  const template = recordAt(spec, 'template');
  let selectorErrs = 0;
  if (selector === undefined) {
    errs.push(fieldRequired(path.child('selector'), ''));
    selectorErrs++;
  } else {
    const e = validateLabelSelector(selector, path.child('selector'));
    errs.push(...e);
    selectorErrs += e.length;
    if (Object.keys(stringMapAt(selector, 'matchLabels') ?? {}).length + recordsAt(selector, 'matchExpressions').length === 0) {
      errs.push(fieldInvalid(path.child('selector'), selector, 'empty selector is invalid for deployment'));
      selectorErrs++;
    }
  }
  if (template === undefined) return [...errs, fieldRequired(path.child('template'), '')];
  const labels = stringMapAt(recordAt(template, 'metadata'), 'labels') ?? {};
  if (selector !== undefined && selectorErrs === 0 && !labelSelectorAsSelector(toSelectorSpec(selector)).matches(labels)) {
    errs.push(fieldInvalid(path.child('template', 'metadata', 'labels'), labels, '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, path.child('template')));
  const podSpec = recordAt(template, 'spec');
  const restartPolicy = stringAt(podSpec, 'restartPolicy');
  if (restartPolicy !== 'Always') errs.push(fieldNotSupported(path.child('template', 'spec', 'restartPolicy'), restartPolicy, ['Always']));
  if (podSpec?.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(fieldForbidden(path.child('template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  }
  return errs;
}

/** Invalid `field is immutable` when `spec.selector` changed (apps/v1). */
export function validateSelectorImmutable(obj: ApiObject, old: ApiObject): FieldError[] {
  const now = recordAt(obj, 'spec')?.selector;
  const before = recordAt(old, 'spec')?.selector;
  // ValidateImmutableField compares Go values: a *LabelSelector, nil only when absent.
  const absent = (v: unknown) => v === undefined || v === null;
  if (absent(now) ? absent(before) : !absent(before) && semanticEqual(LabelSelectorSchema, now, before)) return [];
  return [fieldInvalid(newPath('spec', 'selector'), now ?? null, 'field is immutable')];
}

/** Validates status counters: each non-negative, and none of `bounded` above `status.replicas`. */
export function validateReplicaCounters(status: JSONRecord, fields: readonly string[], bounded: readonly string[]): FieldError[] {
  const path = newPath('status');
  const errs = fields.flatMap((f) => validateNonnegativeField(status[f], path.child(f)));
  const replicas = status.replicas;
  for (const f of bounded) {
    const v = status[f];
    if (isInteger(v) && isInteger(replicas) && v > replicas) errs.push(fieldInvalid(path.child(f), v, 'cannot be greater than status.replicas'));
  }
  return errs;
}
