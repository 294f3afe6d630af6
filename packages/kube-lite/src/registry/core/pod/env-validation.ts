/**
 * Container environment checks (pkg/apis/core/validation `ValidateEnv`, `validateEnvVarValueFrom`,
 * `validateObjectFieldSelector`, `validateContainerResourceFieldSelector`, `validateContainerResourceDivisor`,
 * `validateConfigMapKeySelector`, `validateSecretKeySelector`, `ValidateEnvFrom`).
 *
 * Variable names and envFrom prefixes follow `IsRelaxedEnvVarName`: the RelaxedEnvironmentVariableValidation
 * gate is beta and on by default in 1.32 (pkg/features/kube_features.go), so upstream never applies the strict
 * C-identifier-like rule there.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, fieldRequired, isQualifiedName, nameIsDNSSubdomain } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { isConfigMapKey } from '../configmap/validation.js';
import { validateContainerResourceDivisor } from './resource-field-divisor.js';

const RELAXED_ENV_NAME_ERR = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/** Messages for a bad environment variable name or prefix (`IsRelaxedEnvVarName`); empty when valid. */
export function isRelaxedEnvVarName(value: string): string[] {
  if (value === '') return ['environment variable name must be non-empty'];
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x3d) return [RELAXED_ENV_NAME_ERR];
  }
  return [];
}

/** Field paths an env var may read through `fieldRef` (`validEnvDownwardAPIFieldPathExpressions`, sorted). */
const ENV_FIELD_PATHS: readonly string[] = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
];

/** Labels `ConvertDownwardAPIFieldLabel` knows for v1 pods (1.32), besides `spec.host`. */
const DOWNWARD_API_LABELS = new Set([
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.serviceAccountName',
  'spec.schedulerName',
  'status.phase',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
]);

/** Resources an env var may read through `resourceFieldRef` (`validContainerResourceFieldPathExpressions`, sorted). */
const ENV_RESOURCE_FIELDS: readonly string[] = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];
/** Hugepages prefixes also allowed there (DownwardAPIHugePages is GA). */
const ENV_RESOURCE_PREFIXES: readonly string[] = ['limits.hugepages-', 'requests.hugepages-'];

/** `fieldpath.SplitMaybeSubscriptedPath`: `metadata.labels['k']` → `['metadata.labels', 'k']`. */
function splitSubscript(fieldPath: string): [string, string] | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const inner = fieldPath.slice(0, -2);
  const at = inner.indexOf("['");
  if (at <= 0) return undefined;
  return [inner.slice(0, at), inner.slice(at + 2)];
}

/** `ConvertDownwardAPIFieldLabel`: the internal field path, or the conversion error's text. */
function convertDownwardAPIFieldLabel(apiVersion: string, label: string): { path: string } | { error: string } {
  if (apiVersion !== 'v1') return { error: `unsupported pod version: ${apiVersion}` };
  const split = splitSubscript(label);
  if (split !== undefined) {
    return split[0] === 'metadata.annotations' || split[0] === 'metadata.labels' ? { path: label } : { error: `field label does not support subscript: ${label}` };
  }
  if (label === 'spec.host') return { path: 'spec.nodeName' };
  return DOWNWARD_API_LABELS.has(label) ? { path: label } : { error: `field label not supported: ${label}` };
}

/** `validateObjectFieldSelector` with the env var field paths. */
function validateObjectFieldSelector(fs: JSONRecord, path: FieldPath): FieldError[] {
  const apiVersion = stringAt(fs, 'apiVersion');
  if (apiVersion === '') return [fieldRequired(path.child('apiVersion'), '')];
  const fieldPath = stringAt(fs, 'fieldPath');
  if (fieldPath === '') return [fieldRequired(path.child('fieldPath'), '')];
  const converted = convertDownwardAPIFieldLabel(apiVersion, fieldPath);
  if ('error' in converted) return [fieldInvalid(path.child('fieldPath'), fieldPath, `error converting fieldPath: ${converted.error}`)];
  const split = splitSubscript(converted.path);
  if (split === undefined) return ENV_FIELD_PATHS.includes(converted.path) ? [] : [fieldNotSupported(path.child('fieldPath'), converted.path, ENV_FIELD_PATHS)];
  const [base, subscript] = split;
  if (base === 'metadata.annotations') return isQualifiedName(subscript.toLowerCase()).map((m) => fieldInvalid(path, subscript.toLowerCase(), m));
  if (base === 'metadata.labels') return isQualifiedName(subscript).map((m) => fieldInvalid(path, subscript, m));
  return [fieldInvalid(path, base, 'does not support subscript')];
}

/** `validateContainerResourceFieldSelector` for an env var (no container name needed). */
function validateResourceFieldSelector(fs: JSONRecord, path: FieldPath): FieldError[] {
  const resource = stringAt(fs, 'resource');
  const errs: FieldError[] = [];
  if (resource === '') errs.push(fieldRequired(path.child('resource'), ''));
  else if (!ENV_RESOURCE_FIELDS.includes(resource) && !ENV_RESOURCE_PREFIXES.some((p) => resource.startsWith(p))) {
    errs.push(fieldNotSupported(path.child('resource'), resource, ENV_RESOURCE_FIELDS));
  }
  errs.push(...validateContainerResourceDivisor(resource, fs.divisor, path));
  return errs;
}

/** `validateConfigMapKeySelector` and `validateSecretKeySelector` (the same checks). */
function validateKeySelector(s: JSONRecord, path: FieldPath): FieldError[] {
  const name = stringAt(s, 'name');
  const errs = nameIsDNSSubdomain(name, false).map((m) => fieldInvalid(path.child('name'), name, m));
  const key = stringAt(s, 'key');
  if (key === '') errs.push(fieldRequired(path.child('key'), ''));
  else for (const m of isConfigMapKey(key)) errs.push(fieldInvalid(path.child('key'), key, m));
  return errs;
}

/** Checks of one source of `valueFrom`, by field name. */
const VALUE_SOURCES: ReadonlyArray<[string, (s: JSONRecord, path: FieldPath) => FieldError[]]> = [
  ['fieldRef', validateObjectFieldSelector],
  ['resourceFieldRef', validateResourceFieldSelector],
  ['configMapKeyRef', validateKeySelector],
  ['secretKeyRef', validateKeySelector],
];

/** `validateEnvVarValueFrom`: exactly one source, and no `value` beside it. */
function validateEnvVarValueFrom(ev: JSONRecord, path: FieldPath): FieldError[] {
  const valueFrom = recordAt(ev, 'valueFrom');
  if (valueFrom === undefined) return [];
  const errs: FieldError[] = [];
  let sources = 0;
  for (const [field, check] of VALUE_SOURCES) {
    const source = recordAt(valueFrom, field);
    if (source === undefined) continue;
    sources++;
    errs.push(...check(source, path.child(field)));
  }
  if (sources === 0) errs.push(fieldInvalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if (stringAt(ev, 'value') !== '') errs.push(fieldInvalid(path, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errs.push(fieldInvalid(path, '', 'may not have more than one field specified at a time'));
  return errs;
}

/** Validates a container's `env` (`ValidateEnv`): names required and relaxed env var names, then `valueFrom`. */
export function validateEnv(vars: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  vars.forEach((ev, i) => {
    const p = path.index(i);
    const name = stringAt(ev, 'name');
    if (name === '') errs.push(fieldRequired(p.child('name'), ''));
    else for (const m of isRelaxedEnvVarName(name)) errs.push(fieldInvalid(p.child('name'), name, m));
    errs.push(...validateEnvVarValueFrom(ev, p.child('valueFrom')));
  });
  return errs;
}

/** The name of a `configMapRef` or `secretRef`: required, a DNS subdomain (prefix rules, as upstream). */
function validateEnvSourceName(ref: JSONRecord, path: FieldPath): FieldError[] {
  const name = stringAt(ref, 'name');
  if (name === '') return [fieldRequired(path.child('name'), '')];
  return nameIsDNSSubdomain(name, true).map((m) => fieldInvalid(path.child('name'), name, m));
}

/**
 * Validates a container's `envFrom` (`ValidateEnvFrom`): the prefix a relaxed env var name, exactly one of
 * `configMapRef` and `secretRef` with a name. The one-source errors are reported on the list's path, as upstream
 * does.
 */
export function validateEnvFrom(sources: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  sources.forEach((ev, i) => {
    const p = path.index(i);
    const prefix = stringAt(ev, 'prefix');
    if (prefix !== '') for (const m of isRelaxedEnvVarName(prefix)) errs.push(fieldInvalid(p.child('prefix'), prefix, m));
    let count = 0;
    for (const field of ['configMapRef', 'secretRef']) {
      const ref = recordAt(ev, field);
      if (ref === undefined) continue;
      count++;
      errs.push(...validateEnvSourceName(ref, p.child(field)));
    }
    if (count === 0) errs.push(fieldInvalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (count > 1) errs.push(fieldInvalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

/** `env` then `envFrom` of one container, as `validateContainerCommon` runs them. */
export function validateContainerEnv(c: JSONRecord, path: FieldPath): FieldError[] {
  return [...validateEnv(recordsAt(c, 'env'), path.child('env')), ...validateEnvFrom(recordsAt(c, 'envFrom'), path.child('envFrom'))];
}
