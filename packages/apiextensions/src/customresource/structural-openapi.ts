/**
 * A custom resource's structural schema as kube-apiserver publishes it in its OpenAPI documents (upstream's
 * `Structural.ToKubeOpenAPI` and the CRD builder's `addEmbeddedProperties`): every node inline, with its generic
 * fields, value validations and `x-kubernetes-*` extensions, properties in name order, and the embedded resources
 * given `apiVersion`, `kind` and `metadata`.
 * @module
 */
import type { Extensions, Generic, NestedValueValidation, Structural, ValueValidation } from '../structural-schema.js';

type OpenAPI = Record<string, unknown>;

/** The ObjectMeta component every `metadata` refers to. */
export const OBJECT_META_REF = '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/** The description of `metadata` in kube-apiserver's documents (`swaggerPartialObjectMetadataDescriptions`). */
export const METADATA_DESCRIPTION = "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

const EMBEDDED_API_VERSION = {
  description: 'apiVersion defines the versioned schema of this representation of an object. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
  type: 'string',
};
const EMBEDDED_KIND = {
  description: 'kind is a string value representing the type of this object. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
  type: 'string',
};

/** `entries` in key order, as Go writes a map. */
function sortedRecord<V>(entries: Iterable<[string, V]>): Record<string, V> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Sets `value` under `key` when it is present (kube-openapi omits empty fields). */
function put(out: OpenAPI, key: string, value: unknown): void {
  if (value === undefined || value === '' || value === false) return;
  if (Array.isArray(value) && value.length === 0) return;
  out[key] = value;
}

/** The value validations written as they are, in kube-openapi's order (`enum` between `multipleOf` and `maxProperties`). */
const SCALAR_VALIDATIONS_BEFORE_ENUM = ['format', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf'] as const;
const SCALAR_VALIDATIONS_AFTER_ENUM = ['maxProperties', 'minProperties'] as const;

function valueValidationOf(v: ValueValidation | undefined, out: OpenAPI): void {
  if (v === undefined) return;
  for (const key of SCALAR_VALIDATIONS_BEFORE_ENUM) put(out, key, v[key]);
  if (v.enum !== undefined) out.enum = [...v.enum];
  for (const key of SCALAR_VALIDATIONS_AFTER_ENUM) put(out, key, v[key]);
  put(out, 'required', [...v.required]);
}

function junctorsOf(v: ValueValidation | undefined, out: OpenAPI): void {
  if (v === undefined) return;
  put(out, 'allOf', v.allOf.map(nestedOpenAPI));
  put(out, 'oneOf', v.oneOf.map(nestedOpenAPI));
  put(out, 'anyOf', v.anyOf.map(nestedOpenAPI));
  if (v.not !== undefined) out.not = nestedOpenAPI(v.not);
}

/**
 * A schema under `allOf`, `anyOf`, `oneOf` or `not`: its value validations, items and properties, and the generic
 * fields and extensions structural validation lets it have (the `type`s of `x-kubernetes-int-or-string`'s
 * `anyOf`), as upstream writes them.
 */
function nestedOpenAPI(n: NestedValueValidation): OpenAPI {
  const out: OpenAPI = {};
  genericOf(n.forbiddenGenerics, out);
  valueValidationOf(n.valueValidation, out);
  if (n.items !== undefined) out.items = nestedOpenAPI(n.items);
  junctorsOf(n.valueValidation, out);
  if (n.properties !== undefined) out.properties = sortedRecord([...n.properties].map(([k, p]) => [k, nestedOpenAPI(p)]));
  extensionsOf(n.forbiddenExtensions, out);
  return out;
}

function extensionsOf(x: Extensions, out: OpenAPI): void {
  // Go writes the extensions map in key order.
  put(out, 'x-kubernetes-embedded-resource', x.xEmbeddedResource);
  put(out, 'x-kubernetes-int-or-string', x.xIntOrString);
  put(out, 'x-kubernetes-list-map-keys', [...x.xListMapKeys]);
  put(out, 'x-kubernetes-list-type', x.xListType);
  put(out, 'x-kubernetes-map-type', x.xMapType);
  put(out, 'x-kubernetes-preserve-unknown-fields', x.xPreserveUnknownFields);
  put(out, 'x-kubernetes-validations', [...x.xValidations]);
}

function genericOf(g: Generic<unknown>, out: OpenAPI): void {
  put(out, 'description', g.description);
  put(out, 'type', g.type);
  put(out, 'nullable', g.nullable);
  put(out, 'title', g.title);
  if (g.default !== undefined) out.default = g.default;
}

/** Which document the schema is published in. */
export interface StructuralOpenAPIOptions {
  /**
   * The Swagger 2.0 document (`s` already rewritten by `toStructuralOpenAPIV2`): an embedded resource that preserves
   * unknown fields gets no `apiVersion`, `kind` and `metadata` there (kubectl 1.x would refuse its other fields).
   */
  readonly swagger2?: boolean;
}

/** `s` as kube-apiserver publishes it, embedded resources given their `apiVersion`, `kind` and `metadata`. */
export function structuralOpenAPI(s: Structural, options: StructuralOpenAPIOptions = {}): OpenAPI {
  const out: OpenAPI = {};
  genericOf(s.generic, out);
  valueValidationOf(s.valueValidation, out);
  if (s.items !== undefined) out.items = structuralOpenAPI(s.items, options);
  junctorsOf(s.valueValidation, out);
  const properties = new Map([...(s.properties ?? [])].map(([k, p]) => [k, structuralOpenAPI(p, options)]));
  if (s.extensions.xEmbeddedResource && !(options.swagger2 === true && s.extensions.xPreserveUnknownFields)) {
    properties.set('apiVersion', { ...EMBEDDED_API_VERSION });
    properties.set('kind', { ...EMBEDDED_KIND });
    properties.set('metadata', { description: METADATA_DESCRIPTION, allOf: [{ $ref: OBJECT_META_REF }] });
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    out.required = [...required, ...['kind', 'apiVersion'].filter((r) => !required.has(r))];
  }
  if (properties.size > 0) out.properties = sortedRecord(properties);
  const additional = s.generic.additionalProperties;
  if (additional !== undefined) out.additionalProperties = additional.structural !== undefined ? structuralOpenAPI(additional.structural, options) : additional.allows;
  extensionsOf(s.extensions, out);
  return out;
}
