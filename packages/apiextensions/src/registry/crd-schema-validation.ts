/**
 * `validateCustomResourceDefinitionValidation`: the checks of one CRD schema (a version's, or the one all versions
 * share, which upstream's internal form keeps once as `spec.validation`), in upstream's order:
 * 1. with the status subresource, the root's type can only be `object`; `nullable` is refused at the root;
 * 2. the schema must be structural, then its defaults valid (`validateDefaults`); only then are its CEL rules compiled;
 * 3. the OpenAPI checks of every node, then the CEL errors of its rules (`validateOpenAPISchema`);
 * 4. a schema that cannot be made structural reports why only when nothing else was found (the OpenAPI checks name
 *    the same problems more precisely);
 * 5. the estimated cost of all rules together.
 *
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid } from '@apiserver/runtime';
import type { CustomResourceDefinitionVersion } from '../apis/types.js';
import { CELSchemaContext } from '../cel/crd-rules.js';
import { hasUnprunedDefaults, validateDefaults } from '../default-validation.js';
import { type JSONSchemaProps, newStructural, type Structural, StructuralSchemaError, tryNewStructural } from '../structural-schema.js';
import { validateStructural } from '../structural-validation.js';
import { decodeJSONSchemaProps } from './schema-decoding.js';
import { CREATE_OPENAPI_SCHEMA_OPTIONS, type OpenAPISchemaOptions, updateOpenAPISchemaOptions, validateOpenAPISchema } from './openapi-schema-validation.js';

/** The options of a schema's validation (`validationOptions`). */
export interface SchemaValidationOptions extends OpenAPISchemaOptions {
  /** Defaults must not hold fields pruning would remove (false on update when the stored CRD has such defaults). */
  readonly requirePrunedDefaults: boolean;
  /** Versions whose schema an update leaves unchanged: their rules are held to the schema's total cost only. */
  readonly unchangedSchemas: ReadonlySet<string>;
}

/** What a create requires. */
export const CREATE_SCHEMA_OPTIONS: SchemaValidationOptions = { ...CREATE_OPENAPI_SCHEMA_OPTIONS, requirePrunedDefaults: true, unchangedSchemas: new Set() };

/** The structural form of a schema that is structural, else `undefined`. */
function structuralOf(props: JSONSchemaProps | undefined): Structural | undefined {
  const s = props === undefined ? undefined : tryNewStructural(props);
  return s !== undefined && validateStructural(s).length === 0 ? s : undefined;
}

/** The options of an update of a CRD whose versions were `old`: no check is tightened on what is stored. */
export function updateSchemaOptions(
  old: readonly CustomResourceDefinitionVersion[],
  unchangedSchemas: ReadonlySet<string>,
): SchemaValidationOptions {
  const schemas = old.map((v) => v.schema?.openAPIV3Schema);
  const unpruned = schemas.some((props) => {
    const s = structuralOf(props);
    return s !== undefined && hasUnprunedDefaults(s);
  });
  return { ...updateOpenAPISchemaOptions(schemas), requirePrunedDefaults: !unpruned, unchangedSchemas };
}

/** Structural validation then the defaults: the errors, or the CEL context when both pass. */
function structuralErrors(
  props: JSONSchemaProps,
  schemaPath: FieldPath,
  opts: SchemaValidationOptions,
  suppressPerExpressionCost: boolean,
): { errors: FieldError[]; initError?: FieldError; cel?: CELSchemaContext } {
  let s: Structural;
  try {
    s = newStructural(props);
  } catch (err) {
    if (err instanceof StructuralSchemaError) return { errors: [], initError: fieldInvalid(schemaPath, '', err.message) };
    throw err;
  }
  const structural = validateStructural(s, schemaPath);
  if (structural.length > 0) return { errors: structural };
  const defaults = validateDefaults(schemaPath, s, true, opts.requirePrunedDefaults);
  if (defaults.length > 0) return { errors: defaults };
  return { errors: [], cel: CELSchemaContext.root(suppressPerExpressionCost) };
}

/**
 * Validates the schema of version `version` (the first version's name for the shared one). `path` names where it
 * sits: `spec.validation` or `spec.versions[i].schema`; `statusEnabled` when the version (any version, for the shared
 * schema) has the status subresource.
 */
export function validateCustomResourceDefinitionValidation(
  props: JSONSchemaProps | undefined,
  path: FieldPath,
  opts: SchemaValidationOptions,
  version: { readonly name: string; readonly statusEnabled: boolean },
): FieldError[] {
  if (props === undefined) return [];
  const suppressPerExpressionCost = opts.unchangedSchemas.has(version.name);
  const schemaPath = path.child('openAPIV3Schema');
  const decoded = decodeJSONSchemaProps(props, schemaPath);
  if (decoded.errors.length > 0 || decoded.schema === undefined) return [...decoded.errors];
  return schemaErrors(decoded.schema, path, opts, version.statusEnabled, suppressPerExpressionCost);
}

function schemaErrors(props: JSONSchemaProps, path: FieldPath, opts: SchemaValidationOptions, statusEnabled: boolean, suppressPerExpressionCost: boolean): FieldError[] {
  const schemaPath = path.child('openAPIV3Schema');
  const errs: FieldError[] = [];
  if (statusEnabled && (props.type ?? '') !== '' && props.type !== 'object') {
    errs.push(fieldInvalid(path.child('openAPIV3Schema.type'), props.type, 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled'));
  }
  if (props.nullable === true) errs.push(fieldForbidden(path.child('openAPIV3Schema.nullable'), 'nullable cannot be true at the root'));
  const { errors, initError, cel } = structuralErrors(props, schemaPath, opts, suppressPerExpressionCost);
  errs.push(...errors);
  const { schemaErrors, celErrors } = validateOpenAPISchema(props, schemaPath, opts, cel);
  errs.push(...schemaErrors, ...celErrors);
  if (errs.length === 0 && initError !== undefined) errs.push(initError);
  if (cel !== undefined) errs.push(...cel.totalCostErrors(schemaPath));
  return errs;
}
