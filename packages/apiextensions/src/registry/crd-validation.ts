/**
 * CRD validation (`pkg/apis/apiextensions/validation` `ValidateCustomResourceDefinition`): name = plural.group,
 * group, scope, versions (exactly one storage version, DNS-1035 names, deprecation warnings, schemas as
 * `crd-schema-validation.ts` checks them, scale paths, printer columns, selectable fields), names, `spec.conversion`
 * (None or Webhook). A schema, subresources or printer columns that every version shares are checked once and named
 * as upstream's internal form keeps them (`spec.validation`, `spec.subresources`, `spec.additionalPrinterColumns`).
 *
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1035Label,
  isDNS1123Subdomain,
  newPath,
} from '@apiserver/runtime';
import { validateAPIApproval } from '../apis/api-approval.js';
import type { CustomResourceColumnDefinition, CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionVersion } from '../apis/types.js';
import { validateColumnDefinition, validateDeprecationWarning, validateSubresources } from './version-fields-validation.js';
import { tryNewStructural } from '../structural-schema.js';
import { versionsWithUnchangedSchemas } from '../cel/crd-rules.js';
import { jsonEqual } from '../json-value.js';
import { CREATE_SCHEMA_OPTIONS, type SchemaValidationOptions, updateSchemaOptions, validateCustomResourceDefinitionValidation } from './crd-schema-validation.js';
import { decodeJSONSchemaProps } from './schema-decoding.js';
import { validateSelectableFields } from './selectable-fields-validation.js';
import { type ConversionValidationOptions, CREATE_CONVERSION_OPTIONS, updateConversionOptions, validateCustomResourceConversion } from './conversion-validation.js';

const KIND = /^[A-Za-z][A-Za-z0-9]*$/;

function validateNames(names: CustomResourceDefinitionNames | undefined, path: FieldPath): FieldError[] {
  if (names === undefined) return [fieldRequired(path, '')];
  const errs: FieldError[] = [];
  const label = (value: string | undefined, p: FieldPath, required: boolean): void => {
    if (value === undefined || value === '') {
      if (required) errs.push(fieldRequired(p, ''));
      return;
    }
    for (const msg of isDNS1035Label(value)) errs.push(fieldInvalid(p, value, msg));
  };
  label(names.plural, path.child('plural'), true);
  label(names.singular, path.child('singular'), false);
  for (const [i, s] of (names.shortNames ?? []).entries()) label(s, path.child('shortNames').index(i), true);
  for (const [i, c] of (names.categories ?? []).entries()) label(c, path.child('categories').index(i), true);
  const kind = (value: string | undefined, p: FieldPath, required: boolean): void => {
    if (value === undefined || value === '') {
      if (required) errs.push(fieldRequired(p, ''));
    } else if (!KIND.test(value)) {
      errs.push(fieldInvalid(p, value, 'may have mixed case, but should otherwise match: [a-z]([-a-z0-9]*[a-z0-9])?'));
    }
  };
  kind(names.kind, path.child('kind'), true);
  kind(names.listKind, path.child('listKind'), false);
  if (names.kind !== undefined && names.kind !== '' && names.kind === names.listKind) {
    errs.push(fieldInvalid(path.child('listKind'), names.listKind, 'kind and listKind may not be the same'));
  }
  return errs;
}

/** Whether every version sets the same (non-empty) value of `pick`: upstream's internal form then keeps it once, at the top. */
function identicalPerVersion(versions: readonly CustomResourceDefinitionVersion[], pick: (v: CustomResourceDefinitionVersion) => unknown): boolean {
  const first = versions[0] === undefined ? undefined : pick(versions[0]);
  return first !== undefined && versions.every((v) => {
    const value = pick(v);
    return value !== undefined && jsonEqual(value, first);
  });
}

/**
 * The version's selectable fields against its structural schema (none without a schema; a schema that is not
 * structural is reported by {@link validateSchema} alone).
 */
function validateVersionSelectableFields(version: CustomResourceDefinitionVersion, path: FieldPath): FieldError[] {
  const fields = version.selectableFields ?? [];
  if (fields.length === 0) return [];
  const p = path.child('selectableFields');
  const props = version.schema?.openAPIV3Schema;
  if (props === undefined) return [fieldInvalid(p, '', 'selectableFields may only be set when version.schema.openAPIV3Schema is not included')];
  const decoded = decodeJSONSchemaProps(props, p).schema;
  const s = decoded === undefined ? undefined : tryNewStructural(decoded);
  return s === undefined ? [] : validateSelectableFields(fields, s, p);
}

/** Where the schemas, subresources and printer columns of the versions are validated: once at the top when all versions share them. */
interface Hoisted {
  readonly schema: boolean;
  readonly subresources: boolean;
  readonly columns: boolean;
}

function hoistedOf(versions: readonly CustomResourceDefinitionVersion[]): Hoisted {
  return {
    schema: identicalPerVersion(versions, (v) => v.schema),
    subresources: identicalPerVersion(versions, (v) => v.subresources),
    columns: identicalPerVersion(versions, (v) => ((v.additionalPrinterColumns ?? []).length > 0 ? v.additionalPrinterColumns : undefined)),
  };
}

function validateColumns(columns: readonly CustomResourceColumnDefinition[] | undefined, path: FieldPath): FieldError[] {
  return (columns ?? []).flatMap((col, i) => validateColumnDefinition(col, path.index(i)));
}

/** `schemas are required` of each version without one (none when all versions share one). */
function requiredSchemas(versions: readonly CustomResourceDefinitionVersion[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const [i, v] of versions.entries()) {
    if (v.schema?.openAPIV3Schema === undefined) errs.push(fieldRequired(path.index(i).child('schema', 'openAPIV3Schema'), 'schemas are required'));
  }
  return errs;
}

function validateVersion(v: CustomResourceDefinitionVersion, p: FieldPath, hoisted: Hoisted, opts: SchemaValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (v.name === undefined || v.name === '') errs.push(fieldRequired(p.child('name'), ''));
  else for (const msg of isDNS1035Label(v.name)) errs.push(fieldInvalid(p.child('name'), v.name, msg));
  errs.push(...validateDeprecationWarning(v, p));
  if (!hoisted.schema) {
    errs.push(...validateCustomResourceDefinitionValidation(v.schema?.openAPIV3Schema, p.child('schema'), opts, { name: v.name, statusEnabled: v.subresources?.status !== undefined }));
  }
  if (!hoisted.subresources) errs.push(...validateSubresources(v.subresources, p.child('subresources')));
  if (!hoisted.columns) errs.push(...validateColumns(v.additionalPrinterColumns, p.child('additionalPrinterColumns')));
  errs.push(...validateVersionSelectableFields(v, p));
  return errs;
}

function validateVersions(versions: readonly CustomResourceDefinitionVersion[] | undefined, path: FieldPath, hoisted: Hoisted, opts: SchemaValidationOptions): FieldError[] {
  if (versions === undefined || versions.length === 0) return [fieldRequired(path, 'must have exactly one version marked as storage version')];
  const errs: FieldError[] = hoisted.schema ? [] : requiredSchemas(versions, path);
  const seen = new Set<string>();
  for (const [i, v] of versions.entries()) {
    errs.push(...validateVersion(v, path.index(i), hoisted, opts));
    if (seen.has(v.name)) errs.push(fieldInvalid(path, versions.map((x) => x.name), 'must contain unique version names'));
    seen.add(v.name);
  }
  if (versions.filter((v) => v.storage).length !== 1) {
    errs.push(fieldInvalid(path, versions.map((v) => v.name), 'must have exactly one version marked as storage version'));
  }
  if (!versions.some((v) => v.served)) errs.push(fieldInvalid(path, versions.map((v) => v.name), 'must have at least one served version'));
  return errs;
}

/** The shared schema, subresources and printer columns, validated after the names as upstream validates `spec.validation`. */
function validateHoisted(versions: readonly CustomResourceDefinitionVersion[], path: FieldPath, hoisted: Hoisted, opts: SchemaValidationOptions): FieldError[] {
  const first = versions[0];
  if (first === undefined) return [];
  const statusEnabled = versions.some((v) => v.subresources?.status !== undefined);
  return [
    ...(hoisted.schema ? validateCustomResourceDefinitionValidation(first.schema?.openAPIV3Schema, path.child('validation'), opts, { name: first.name, statusEnabled }) : []),
    ...(hoisted.subresources ? validateSubresources(first.subresources, path.child('subresources')) : []),
    ...(hoisted.columns ? validateColumns(first.additionalPrinterColumns, path.child('additionalPrinterColumns')) : []),
  ];
}

/** Validates a CRD for create: the definition, then the API approval of protected groups (last, as upstream). */
export function validateCustomResourceDefinition(crd: CustomResourceDefinition): FieldError[] {
  return [...validateDefinition(crd, CREATE_CONVERSION_OPTIONS, CREATE_SCHEMA_OPTIONS), ...validateAPIApproval(crd)];
}

/**
 * The checks of a CRD that creates and updates share (the metadata name, the spec), with the update's conversion
 * and schema options (what the stored CRD already breaks is not refused again).
 */
function validateDefinition(crd: CustomResourceDefinition, conversionOptions: ConversionValidationOptions, schemaOptions: SchemaValidationOptions): FieldError[] {
  const spec = crd.spec ?? {};
  const path = newPath('spec');
  const errs: FieldError[] = [];
  const { group, names } = spec;
  if (crd.metadata.name !== `${names?.plural ?? ''}.${group ?? ''}`) {
    errs.push(fieldInvalid(newPath('metadata', 'name'), crd.metadata.name ?? '', 'must be spec.names.plural+"."+spec.group'));
  }
  if (group === undefined || group === '') errs.push(fieldRequired(path.child('group'), ''));
  else {
    for (const msg of isDNS1123Subdomain(group)) errs.push(fieldInvalid(path.child('group'), group, msg));
    if (group.split('.').length < 2) errs.push(fieldInvalid(path.child('group'), group, 'should be a domain with at least one dot'));
  }
  if (spec.scope !== 'Namespaced' && spec.scope !== 'Cluster') {
    errs.push(fieldNotSupported(path.child('scope'), spec.scope ?? '', ['Cluster', 'Namespaced']));
  }
  const versions = spec.versions ?? [];
  const hoisted = hoistedOf(versions);
  errs.push(...validateVersions(spec.versions, path.child('versions'), hoisted, schemaOptions), ...validateNames(names, path.child('names')));
  errs.push(...validateHoisted(versions, path, hoisted, schemaOptions));
  if (spec.preserveUnknownFields === true) {
    errs.push(fieldInvalid(path.child('preserveUnknownFields'), true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'));
    const strategy = spec.conversion?.strategy ?? 'None';
    if (strategy !== 'None') errs.push(fieldInvalid(path.child('conversion', 'strategy'), strategy, 'must be None if spec.preserveUnknownFields is true'));
  }
  errs.push(...validateCustomResourceConversion(spec.conversion, conversionOptions, path.child('conversion')));
  return errs;
}

/** Update rules: scope and group are immutable, stored versions must stay listed, a changed API approval is valid. */
export function validateCustomResourceDefinitionUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): FieldError[] {
  const unchanged = versionsWithUnchangedSchemas(crd.spec?.versions, old.spec.versions);
  const errs = validateDefinition(crd, updateConversionOptions(old), updateSchemaOptions(old.spec.versions ?? [], unchanged));
  const path = newPath('spec');
  if (crd.spec?.scope !== old.spec.scope) errs.push(fieldInvalid(path.child('scope'), crd.spec?.scope, 'field is immutable'));
  if (crd.spec?.group !== old.spec.group) errs.push(fieldInvalid(path.child('group'), crd.spec?.group, 'field is immutable'));
  const names = new Set((crd.spec?.versions ?? []).map((v) => v.name));
  for (const [i, stored] of (old.status?.storedVersions ?? []).entries()) {
    if (!names.has(stored)) {
      errs.push(fieldInvalid(newPath('status', 'storedVersions').index(i), stored, 'must appear in spec.versions'));
    }
  }
  errs.push(...validateAPIApproval(crd, old));
  return errs;
}
