/**
 * StatefulSet validation (pkg/apis/apps/validation `ValidateStatefulSetSpec`, `ValidateStatefulSetUpdate`,
 * `ValidateStatefulSetStatusUpdate`): pod management and update strategy, claim retention, counters, a non-empty
 * selector matching the template labels (the template's pod spec is not validated, as upstream), restartPolicy
 * Always; on update only replicas, ordinals, template, updateStrategy, claim retention and minReadySeconds change.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  labelSelectorAsSelector,
  newPath,
  semanticEqual,
  validateLabels,
  validateNonnegativeField,
} from '@apiserver/runtime';
import { appsV1 } from '@apiserver/runtime/apis';
import { isInteger, type JSONRecord, recordAt, recordsAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { intOrPercent, validateIntOrPercent } from '../deployment/validation.js';
import { toSelectorSpec, validateReplicaCounters } from '../replicaset/workload-validation.js';
import { validateLabelSelector } from '../../label-selector-validation.js';

const SPEC = newPath('spec');
const RETENTION_POLICIES = ['Retain', 'Delete'];

function validateUpdateStrategy(spec: JSONRecord): FieldError[] {
  const strategy = recordAt(spec, 'updateStrategy') ?? {};
  const path = SPEC.child('updateStrategy');
  const rollingUpdate = recordAt(strategy, 'rollingUpdate');
  switch (stringAt(strategy, 'type')) {
    case '':
      return [fieldRequired(path, '')];
    case 'OnDelete':
      return rollingUpdate === undefined ? [] : [fieldInvalid(path.child('rollingUpdate'), rollingUpdate, "only allowed for updateStrategy 'RollingUpdate'")];
    case 'RollingUpdate': {
      if (rollingUpdate === undefined) return [];
      const p = path.child('rollingUpdate');
      const errs = validateNonnegativeField(rollingUpdate.partition ?? 0, p.child('partition'));
      const max = rollingUpdate.maxUnavailable;
      if (max === undefined || max === null) return errs;
      errs.push(...validateIntOrPercent(max, p.child('maxUnavailable')));
      const parsed = intOrPercent(max);
      if ((parsed?.value ?? 0) === 0) errs.push(fieldInvalid(p.child('maxUnavailable'), max, 'cannot be 0'));
      if (parsed?.percent === true && parsed.value > 100) errs.push(fieldInvalid(p.child('maxUnavailable'), max, 'must not be greater than 100%'));
      return errs;
    }
    default:
      return [fieldInvalid(path, strategy, "must be 'RollingUpdate' or 'OnDelete'")];
  }
}

function validateRetention(spec: JSONRecord): FieldError[] {
  const policy = recordAt(spec, 'persistentVolumeClaimRetentionPolicy');
  if (policy === undefined) return [];
  const path = SPEC.child('persistentVolumeClaimRetentionPolicy');
  return ['whenDeleted', 'whenScaled'].flatMap((f) => (RETENTION_POLICIES.includes(stringAt(policy, f)) ? [] : [fieldNotSupported(path.child(f), stringAt(policy, f), RETENTION_POLICIES)]));
}

/** The selector checks and `ValidatePodTemplateSpecForStatefulSet` (labels and annotations, no pod spec). */
function validateSelectorAndTemplate(spec: JSONRecord): FieldError[] {
  const selector = recordAt(spec, 'selector');
  const template = recordAt(spec, 'template') ?? {};
  const labels = stringMapAt(recordAt(template, 'metadata'), 'labels') ?? {};
  const errs: FieldError[] = [];
  if (selector === undefined) errs.push(fieldRequired(SPEC.child('selector'), ''));
  else {
    errs.push(...validateLabelSelector(selector, SPEC.child('selector')));
    if (Object.keys(recordAt(selector, 'matchLabels') ?? {}).length + recordsAt(selector, 'matchExpressions').length === 0) {
      errs.push(fieldInvalid(SPEC.child('selector'), selector, 'empty selector is invalid for statefulset'));
    }
  }
  let matches = true;
  try {
    const parsed = labelSelectorAsSelector(selector === undefined ? undefined : toSelectorSpec(selector));
    matches = parsed.isEmpty() || parsed.matches(labels);
  } catch {
    return [...errs, fieldInvalid(SPEC.child('selector'), selector ?? null, '')];
  }
  const templatePath = SPEC.child('template');
  if (!matches) errs.push(fieldInvalid(templatePath.child('metadata', 'labels'), recordAt(template, 'metadata')?.labels ?? null, '`selector` does not match template `labels`'));
  // Upstream's path here is template.labels (not template.metadata.labels).
  errs.push(...validateLabels(labels, templatePath.child('labels')));
  return errs;
}

/** Validates a statefulset's spec (`ValidateStatefulSetSpec`). */
export function validateStatefulSetSpec(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const policy = stringAt(spec, 'podManagementPolicy');
  const errs: FieldError[] = [];
  if (policy === '') errs.push(fieldRequired(SPEC.child('podManagementPolicy'), ''));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') errs.push(fieldInvalid(SPEC.child('podManagementPolicy'), policy, "must be 'OrderedReady' or 'Parallel'"));
  errs.push(...validateUpdateStrategy(spec), ...validateRetention(spec));
  errs.push(...validateNonnegativeField(spec.replicas ?? 0, SPEC.child('replicas')), ...validateNonnegativeField(spec.minReadySeconds ?? 0, SPEC.child('minReadySeconds')));
  const ordinals = recordAt(spec, 'ordinals');
  if (ordinals !== undefined) errs.push(...validateNonnegativeField(ordinals.start ?? 0, SPEC.child('ordinals.start')));
  errs.push(...validateSelectorAndTemplate(spec));
  const podSpec = recordAt(recordAt(spec, 'template'), 'spec');
  const restartPolicy = stringAt(podSpec, 'restartPolicy');
  if (restartPolicy !== 'Always') errs.push(fieldNotSupported(SPEC.child('template', 'spec', 'restartPolicy'), restartPolicy, ['Always']));
  if (podSpec?.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(fieldForbidden(SPEC.child('template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  return errs;
}

const MUTABLE_SPEC_FIELDS = ['replicas', 'template', 'updateStrategy', 'minReadySeconds', 'ordinals', 'persistentVolumeClaimRetentionPolicy'];

/** Validates an update: the new spec, and no change outside the mutable fields. */
export function validateStatefulSetUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateStatefulSetSpec(obj);
  const rest = (o: ApiObject): JSONRecord => {
    const spec = { ...(recordAt(o, 'spec') ?? {}) };
    for (const f of MUTABLE_SPEC_FIELDS) delete spec[f];
    return spec;
  };
  if (!semanticEqual(appsV1.StatefulSetSpecSchema, rest(obj), rest(old))) {
    errs.push(
      fieldForbidden(
        SPEC,
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  }
  return errs;
}

/** Invalid `cannot be decremented` when `status.collisionCount` went down or away (`IsDecremented`). */
export function validateCollisionCount(obj: ApiObject, old: ApiObject): FieldError[] {
  const now = recordAt(obj, 'status')?.collisionCount;
  const before = recordAt(old, 'status')?.collisionCount;
  if (!isInteger(before)) return [];
  if (isInteger(now) && now >= before) return [];
  return [fieldInvalid(newPath('status', 'collisionCount'), isInteger(now) ? now : 0, 'cannot be decremented')];
}

/** Validates a status update (`ValidateStatefulSetStatusUpdate`). */
export function validateStatefulSetStatus(obj: ApiObject, old: ApiObject): FieldError[] {
  const status = recordAt(obj, 'status') ?? {};
  const errs = validateReplicaCounters(
    status,
    ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas', 'observedGeneration', 'collisionCount'],
    ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'],
  );
  const { availableReplicas: available, readyReplicas: ready } = status;
  if (isInteger(available) && available > (isInteger(ready) ? ready : 0)) {
    errs.push(fieldInvalid(newPath('status', 'availableReplicas'), available, 'cannot be greater than status.readyReplicas'));
  }
  return [...errs, ...validateCollisionCount(obj, old)];
}
