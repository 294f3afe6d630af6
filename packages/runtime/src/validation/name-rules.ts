/**
 * Object-name rules (`api/validation/generic.go`, `ObjectMeta` validation): a name function
 * checks a full name, or a generateName prefix when `prefix` is true.
 *
 * @module
 */
import { type FieldError, invalid, required } from './field/errors.js';
import { type FieldPath, newPath } from './field/path.js';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './names.js';

/** Checks a name (or a prefix of one) and returns the failure messages (`ValidateNameFunc`). */
export type ValidateNameFunc = (name: string, prefix: boolean) => string[];

/**
 * Makes a generateName prefix checkable by a full-name rule: a trailing `-` is masked.
 * Reproduces upstream exactly (it drops the last two characters and appends `a`).
 */
export function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** Names that must be RFC 1123 subdomains (most resources). */
export const nameIsDNSSubdomain: ValidateNameFunc = (name, prefix) =>
  isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);

/** Names that must be RFC 1123 labels (namespaces, …). */
export const nameIsDNSLabel: ValidateNameFunc = (name, prefix) =>
  isDNS1123Label(prefix ? maskTrailingDash(name) : name);

/** Names that must be RFC 1035 labels (services, …). */
export const nameIsDNS1035Label: ValidateNameFunc = (name, prefix) =>
  isDNS1035Label(prefix ? maskTrailingDash(name) : name);

/** The name and generateName of an object's metadata. */
export interface NamedMeta {
  /** `metadata.name`. */
  readonly name?: string;
  /** `metadata.generateName`. */
  readonly generateName?: string;
}

/**
 * Validates `name`/`generateName` as `ValidateObjectMeta` does: each failure of `nameFn`
 * is an Invalid error; a missing name is `Required value: name or generateName is required`.
 */
export function validateObjectMetaName(
  meta: NamedMeta,
  nameFn: ValidateNameFunc = nameIsDNSSubdomain,
  fldPath: FieldPath = newPath('metadata'),
): FieldError[] {
  const errs: FieldError[] = [];
  const generateName = meta.generateName ?? '';
  const name = meta.name ?? '';
  if (generateName !== '') {
    for (const msg of nameFn(generateName, true)) errs.push(invalid(fldPath.child('generateName'), generateName, msg));
  }
  if (name === '') errs.push(required(fldPath.child('name'), 'name or generateName is required'));
  else for (const msg of nameFn(name, false)) errs.push(invalid(fldPath.child('name'), name, msg));
  return errs;
}

/** Validates one label key (`ValidateLabelName`). */
export function validateLabelName(labelName: string, fldPath: FieldPath): FieldError[] {
  return isQualifiedName(labelName).map((msg) => invalid(fldPath, labelName, msg));
}

/** Validates a label map (`ValidateLabels`); errors name the map's path, as upstream. */
export function validateLabels(
  labels: Readonly<Record<string, string>>,
  fldPath: FieldPath = newPath('metadata', 'labels'),
): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels)) {
    errs.push(...validateLabelName(k, fldPath));
    for (const msg of isValidLabelValue(v)) errs.push(invalid(fldPath, v, msg));
  }
  return errs;
}
