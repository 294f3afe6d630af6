/**
 * The structural schema (`schema.Structural` in apiextensions-apiserver): a CRD version's
 * `openAPIV3Schema` split into the parts that describe the shape of an object (type, properties,
 * items, additionalProperties, `x-kubernetes-*` extensions) and the value validations that only
 * constrain it (enum, pattern, bounds, allOf/anyOf/oneOf/not). Pruning and defaulting walk the
 * shape; validation walks both.
 *
 * @module
 */

/** A CRD's `JSONSchemaProps` as it arrives in JSON (`openAPIV3Schema` and everything under it). */
export interface JSONSchemaProps {
  readonly id?: string;
  readonly $schema?: string;
  readonly $ref?: string;
  readonly description?: string;
  readonly type?: string;
  readonly format?: string;
  readonly title?: string;
  readonly default?: unknown;
  readonly maximum?: number;
  readonly exclusiveMaximum?: boolean;
  readonly minimum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly maxItems?: number;
  readonly minItems?: number;
  readonly uniqueItems?: boolean;
  readonly multipleOf?: number;
  readonly enum?: readonly unknown[];
  readonly maxProperties?: number;
  readonly minProperties?: number;
  readonly required?: readonly string[];
  readonly items?: JSONSchemaProps | readonly JSONSchemaProps[];
  readonly allOf?: readonly JSONSchemaProps[];
  readonly oneOf?: readonly JSONSchemaProps[];
  readonly anyOf?: readonly JSONSchemaProps[];
  readonly not?: JSONSchemaProps;
  readonly properties?: Readonly<Record<string, JSONSchemaProps>>;
  readonly additionalProperties?: JSONSchemaProps | boolean;
  readonly patternProperties?: Readonly<Record<string, JSONSchemaProps>>;
  readonly dependencies?: Readonly<Record<string, unknown>>;
  readonly additionalItems?: JSONSchemaProps | boolean;
  readonly definitions?: Readonly<Record<string, JSONSchemaProps>>;
  readonly externalDocs?: { readonly description?: string; readonly url?: string };
  readonly example?: unknown;
  readonly nullable?: boolean;
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
  readonly 'x-kubernetes-embedded-resource'?: boolean;
  readonly 'x-kubernetes-int-or-string'?: boolean;
  readonly 'x-kubernetes-list-map-keys'?: readonly string[];
  readonly 'x-kubernetes-list-type'?: string;
  readonly 'x-kubernetes-map-type'?: string;
  readonly 'x-kubernetes-validations'?: readonly unknown[];
}

/** `additionalProperties`: a schema, or `true`/`false` without one (`StructuralOrBool`). */
export interface StructuralOrBool<S> {
  /** The schema, when one is given (it implies `allows`). */
  readonly structural?: S;
  /** Whether unknown keys are allowed. */
  readonly allows: boolean;
}

/** The generic fields of a schema node (`schema.Generic`). */
export interface Generic<S> {
  /** The JSON type; empty when not given. */
  readonly type: string;
  readonly description: string;
  readonly title: string;
  readonly nullable: boolean;
  /** The default value; absent when none (a JSON `null` default counts as none, as upstream). */
  readonly default?: unknown;
  readonly additionalProperties?: StructuralOrBool<S>;
}

/** The Kubernetes vendor extensions of a schema node (`schema.Extensions`). */
export interface Extensions {
  readonly xPreserveUnknownFields: boolean;
  readonly xEmbeddedResource: boolean;
  readonly xIntOrString: boolean;
  readonly xListMapKeys: readonly string[];
  readonly xListType?: string;
  readonly xMapType?: string;
  readonly xValidations: readonly unknown[];
}

/** The value validations of a schema node (`schema.ValueValidation`). */
export interface ValueValidation {
  readonly format: string;
  readonly maximum?: number;
  readonly exclusiveMaximum: boolean;
  readonly minimum?: number;
  readonly exclusiveMinimum: boolean;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern: string;
  readonly maxItems?: number;
  readonly minItems?: number;
  readonly uniqueItems: boolean;
  readonly multipleOf?: number;
  /** The allowed values; absent when the schema has no `enum`. */
  readonly enum?: readonly unknown[];
  readonly maxProperties?: number;
  readonly minProperties?: number;
  readonly required: readonly string[];
  readonly allOf: readonly NestedValueValidation[];
  readonly anyOf: readonly NestedValueValidation[];
  readonly oneOf: readonly NestedValueValidation[];
  readonly not?: NestedValueValidation;
}

/**
 * A schema under a logical junctor (`allOf`, `anyOf`, `oneOf`, `not`): it may only add value
 * validations; the generic fields and extensions it sets are kept so that structural
 * validation can forbid them (`schema.NestedValueValidation`).
 */
export interface NestedValueValidation {
  readonly valueValidation: ValueValidation;
  readonly items?: NestedValueValidation;
  readonly properties?: ReadonlyMap<string, NestedValueValidation>;
  readonly forbiddenGenerics: Generic<NestedValueValidation>;
  readonly forbiddenExtensions: Extensions;
}

/** A structural schema node (`schema.Structural`). */
export interface Structural {
  readonly generic: Generic<Structural>;
  readonly extensions: Extensions;
  readonly valueValidation?: ValueValidation;
  readonly items?: Structural;
  readonly properties?: ReadonlyMap<string, Structural>;
}

/** A schema uses a feature structural schemas reject before validation (`$ref`, an items array…). */
export class StructuralSchemaError extends Error {
  /** Creates the error with upstream's message. */
  constructor(message: string) {
    super(message);
    this.name = 'StructuralSchemaError';
  }
}

function hasEntries(v: Readonly<Record<string, unknown>> | undefined): boolean {
  return v !== undefined && Object.keys(v).length > 0;
}

/** Rejects the fields that CRD validation forbids anyway (`validateUnsupportedFields` in convert.go). */
function checkUnsupportedFields(s: JSONSchemaProps): void {
  const unsupported: [boolean, string][] = [
    [(s.id ?? '').length > 0, 'id'],
    [(s.$schema ?? '').length > 0, 'schema'],
    [(s.$ref ?? '').length > 0, '$ref'],
    [hasEntries(s.patternProperties), 'patternProperties'],
    [hasEntries(s.dependencies), 'dependencies'],
    [s.additionalItems !== undefined, 'additionalItems'],
    [hasEntries(s.definitions), 'definitions'],
  ];
  for (const [present, name] of unsupported) {
    if (present) throw new StructuralSchemaError(`OpenAPIV3Schema '${name}' is not supported`);
  }
}

function singleItems(s: JSONSchemaProps): JSONSchemaProps | undefined {
  if (Array.isArray(s.items)) {
    throw new StructuralSchemaError("OpenAPIV3Schema 'items' must be a schema, but is an array");
  }
  return s.items as JSONSchemaProps | undefined;
}

function newGeneric<S>(s: JSONSchemaProps, convert: (p: JSONSchemaProps) => S): Generic<S> {
  let additionalProperties: StructuralOrBool<S> | undefined;
  if (typeof s.additionalProperties === 'boolean') {
    additionalProperties = { allows: s.additionalProperties };
  } else if (s.additionalProperties !== undefined) {
    additionalProperties = { structural: convert(s.additionalProperties), allows: true };
  }
  const g: Generic<S> = {
    type: s.type ?? '',
    description: s.description ?? '',
    title: s.title ?? '',
    nullable: s.nullable === true,
    ...(additionalProperties !== undefined ? { additionalProperties } : {}),
  };
  return s.default === undefined || s.default === null ? g : { ...g, default: s.default };
}

function newExtensions(s: JSONSchemaProps): Extensions {
  const preserve = s['x-kubernetes-preserve-unknown-fields'];
  if (preserve === false) {
    throw new StructuralSchemaError("internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined");
  }
  const listType = s['x-kubernetes-list-type'];
  const mapType = s['x-kubernetes-map-type'];
  return {
    xPreserveUnknownFields: preserve === true,
    xEmbeddedResource: s['x-kubernetes-embedded-resource'] === true,
    xIntOrString: s['x-kubernetes-int-or-string'] === true,
    xListMapKeys: s['x-kubernetes-list-map-keys'] ?? [],
    xValidations: s['x-kubernetes-validations'] ?? [],
    ...(listType !== undefined ? { xListType: listType } : {}),
    ...(mapType !== undefined ? { xMapType: mapType } : {}),
  };
}

function newValueValidation(s: JSONSchemaProps): ValueValidation {
  const optional = {
    maximum: s.maximum,
    minimum: s.minimum,
    maxLength: s.maxLength,
    minLength: s.minLength,
    maxItems: s.maxItems,
    minItems: s.minItems,
    multipleOf: s.multipleOf,
    maxProperties: s.maxProperties,
    minProperties: s.minProperties,
    enum: s.enum,
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined));
  const not = s.not === undefined ? undefined : newNestedValueValidation(s.not);
  return {
    format: s.format ?? '',
    exclusiveMaximum: s.exclusiveMaximum === true,
    exclusiveMinimum: s.exclusiveMinimum === true,
    pattern: s.pattern ?? '',
    uniqueItems: s.uniqueItems === true,
    required: s.required ?? [],
    allOf: (s.allOf ?? []).map(newNestedValueValidation),
    anyOf: (s.anyOf ?? []).map(newNestedValueValidation),
    oneOf: (s.oneOf ?? []).map(newNestedValueValidation),
    ...defined,
    ...(not !== undefined ? { not } : {}),
  };
}

function mapProperties<S>(
  props: Readonly<Record<string, JSONSchemaProps>> | undefined,
  convert: (p: JSONSchemaProps) => S,
): ReadonlyMap<string, S> | undefined {
  if (props === undefined || Object.keys(props).length === 0) return undefined;
  return new Map(Object.entries(props).map(([k, v]) => [k, convert(v)]));
}

/** Converts a schema under a logical junctor into its nested value validation (`newNestedValueValidation`). */
export function newNestedValueValidation(s: JSONSchemaProps): NestedValueValidation {
  checkUnsupportedFields(s);
  const items = singleItems(s);
  const properties = mapProperties(s.properties, newNestedValueValidation);
  return {
    valueValidation: newValueValidation(s),
    forbiddenGenerics: newGeneric(s, newNestedValueValidation),
    forbiddenExtensions: newExtensions(s),
    ...(items !== undefined ? { items: newNestedValueValidation(items) } : {}),
    ...(properties !== undefined ? { properties } : {}),
  };
}

/**
 * Converts a CRD version's `openAPIV3Schema` into a structural schema (`NewStructural`).
 * Throws {@link StructuralSchemaError} for `id`, `$schema`, `$ref`, `patternProperties`,
 * `dependencies`, `additionalItems`, `definitions`, an `items` array, or
 * `x-kubernetes-preserve-unknown-fields: false`, with upstream's messages. `example` and
 * `externalDocs` are not kept.
 */
export function newStructural(s: JSONSchemaProps): Structural {
  checkUnsupportedFields(s);
  const items = singleItems(s);
  const properties = mapProperties(s.properties, newStructural);
  return {
    generic: newGeneric(s, newStructural),
    extensions: newExtensions(s),
    valueValidation: newValueValidation(s),
    ...(items !== undefined ? { items: newStructural(items) } : {}),
    ...(properties !== undefined ? { properties } : {}),
  };
}

/** {@link newStructural}, or `undefined` when `s` cannot be made structural (structural validation says why). */
export function tryNewStructural(s: JSONSchemaProps): Structural | undefined {
  try {
    return newStructural(s);
  } catch (err) {
    if (err instanceof StructuralSchemaError) return undefined;
    throw err;
  }
}
