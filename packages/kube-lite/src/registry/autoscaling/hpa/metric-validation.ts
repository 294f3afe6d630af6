/**
 * HPA metric validation (pkg/apis/autoscaling/validation `validateMetrics`, `validateMetricSpec` and the source,
 * target and identifier checks): one source of the declared type, described objects and metric names that are
 * path segments, positive targets, the target fields each source needs.
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, isDNS1123Label, isValidPathSegmentName } from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { quantityValue } from '../../core/pod/qos.js';

const SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const FIELD_OF_TYPE: Readonly<Record<string, string>> = { Object: 'object', Pods: 'pods', Resource: 'resource', ContainerResource: 'containerResource', External: 'external' };
const TARGET_TYPES = ['Utilization', 'Value', 'AverageValue'];

/** `ValidateCrossVersionObjectReference`: kind and name required path segments. */
export function validateCrossVersionObjectReference(ref: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['kind', 'name']) {
    const value = stringAt(ref, key);
    if (value === '') errs.push(fieldRequired(path.child(key), ''));
    else for (const msg of isValidPathSegmentName(value)) errs.push(fieldInvalid(path.child(key), value, msg));
  }
  return errs;
}

function validateMetricIdentifier(id: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const name = stringAt(id, 'name');
  if (name === '') return [fieldRequired(path.child('name'), 'must specify a metric name')];
  return isValidPathSegmentName(name).map((msg) => fieldInvalid(path.child('name'), name, msg));
}

const isPositive = (q: unknown): boolean => (quantityValue(q) ?? 0) > 0;
const has = (target: JSONRecord | undefined, key: string): boolean => target?.[key] !== undefined && target?.[key] !== null;

function validateMetricTarget(target: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = stringAt(target, 'type');
  if (type === '') errs.push(fieldRequired(path.child('type'), 'must specify a metric target type'));
  if (!TARGET_TYPES.includes(type)) errs.push(fieldInvalid(path.child('type'), type, 'must be either Utilization, Value, or AverageValue'));
  if (has(target, 'value') && !isPositive(target?.value)) errs.push(fieldInvalid(path.child('value'), target?.value, 'must be positive'));
  if (has(target, 'averageValue') && !isPositive(target?.averageValue)) errs.push(fieldInvalid(path.child('averageValue'), target?.averageValue, 'must be positive'));
  const utilization = target?.averageUtilization;
  if (typeof utilization === 'number' && utilization < 1) errs.push(fieldInvalid(path.child('averageUtilization'), utilization, 'must be greater than 0'));
  return errs;
}

function validateObjectOrExternal(src: JSONRecord, path: FieldPath, external: boolean): FieldError[] {
  const errs = external ? [] : validateCrossVersionObjectReference(recordAt(src, 'describedObject'), path.child('describedObject'));
  const target = recordAt(src, 'target');
  errs.push(...validateMetricIdentifier(recordAt(src, 'metric'), path.child('metric')), ...validateMetricTarget(target, path.child('target')));
  if (!has(target, 'value') && !has(target, 'averageValue')) {
    const msg = external ? 'must set either a target value for metric or a per-pod target' : 'must set either a target value or averageValue';
    errs.push(fieldRequired(path.child('target', 'averageValue'), msg));
  }
  if (external && has(target, 'value') && has(target, 'averageValue')) errs.push(fieldForbidden(path.child('target', 'value'), 'may not set both a target value for metric and a per-pod target'));
  return errs;
}

function validatePodsSource(src: JSONRecord, path: FieldPath): FieldError[] {
  const target = recordAt(src, 'target');
  const errs = [...validateMetricIdentifier(recordAt(src, 'metric'), path.child('metric')), ...validateMetricTarget(target, path.child('target'))];
  if (!has(target, 'averageValue')) errs.push(fieldRequired(path.child('target', 'averageValue'), 'must specify a positive target averageValue'));
  return errs;
}

function validateResourceSource(src: JSONRecord, path: FieldPath, container: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const name = stringAt(src, 'name');
  if (name === '') errs.push(fieldRequired(path.child('name'), 'must specify a resource name'));
  if (container) {
    const c = stringAt(src, 'container');
    if (c === '') errs.push(fieldRequired(path.child('container'), 'must specify a container'));
    else errs.push(...isDNS1123Label(c).map((msg) => fieldInvalid(path.child('container'), c, msg)));
  }
  const target = recordAt(src, 'target');
  errs.push(...validateMetricTarget(target, path.child('target')));
  if (!has(target, 'averageUtilization') && !has(target, 'averageValue')) {
    errs.push(fieldRequired(path.child('target', 'averageUtilization'), 'must set either a target raw value or a target utilization'));
  }
  if (has(target, 'averageUtilization') && has(target, 'averageValue')) {
    errs.push(fieldForbidden(path.child('target', 'averageValue'), 'may not set both a target raw value and a target utilization'));
  }
  return errs;
}

const SOURCE_VALIDATORS: ReadonlyArray<[string, (src: JSONRecord, path: FieldPath) => FieldError[]]> = [
  ['object', (s, p) => validateObjectOrExternal(s, p, false)],
  ['external', (s, p) => validateObjectOrExternal(s, p, true)],
  ['pods', validatePodsSource],
  ['resource', (s, p) => validateResourceSource(s, p, false)],
  ['containerResource', (s, p) => validateResourceSource(s, p, true)],
];

function validateMetricSpec(spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = stringAt(spec, 'type');
  if (type === '') errs.push(fieldRequired(path.child('type'), 'must specify a metric source type'));
  if (!SOURCE_TYPES.includes(type)) errs.push(fieldNotSupported(path.child('type'), type, SOURCE_TYPES));
  const present: string[] = [];
  for (const [key, validate] of SOURCE_VALIDATORS) {
    const src = spec[key];
    if (!isRecord(src)) continue;
    present.push(key);
    // Only the first source present is validated, as upstream.
    if (present.length === 1) errs.push(...validate(src, path.child(key)));
  }
  const expected = FIELD_OF_TYPE[type];
  if (expected === undefined) errs.push(fieldNotSupported(path.child('type'), type, SOURCE_TYPES));
  else if (!isRecord(spec[expected])) errs.push(fieldRequired(path.child(expected), 'must populate information for the given metric source'));
  if (present.length !== 1) {
    for (const key of present.filter((k) => k !== expected).sort()) errs.push(fieldForbidden(path.child(key), 'must populate the given metric source only'));
  }
  return errs;
}

/** `validateMetrics`: each metric, and an Object or External metric when minReplicas is 0. */
export function validateMetrics(spec: JSONRecord, path: FieldPath): FieldError[] {
  const metrics = recordsAt(spec, 'metrics');
  const errs = metrics.flatMap((m, i) => validateMetricSpec(m, path.index(i)));
  if (spec.minReplicas === 0 && !metrics.some((m) => m.type === 'Object' || m.type === 'External')) {
    errs.push(fieldForbidden(path, 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  return errs;
}
