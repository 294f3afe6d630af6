/**
 * Schema extension keywords used by this package. Kubernetes' own `x-kubernetes-*` keywords are kept in
 * exported OpenAPI documents; the `x-protobuf-*`, `x-go-*` and `x-k8s-*` ones are ours and are stripped.
 */
import type { TSchema } from 'typebox';

/** Protobuf field number of a property, as in Kubernetes' `generated.proto`. */
export const X_PROTOBUF_FIELD = 'x-protobuf-field';
/**
 * How Go's encoding/json treats an absent/zero value: `empty` (omitempty value), `nil` (omitempty pointer),
 * `never` (value without omitempty: zero value written) or `null` (pointer without omitempty: `null` written).
 */
export const X_GO_OMIT = 'x-go-omit';
/**
 * The Go type of a named non-struct type as Go's reflection prints it, e.g. `v1.Protocol`, `v1.ResourceList`,
 * `types.UID` (a struct's comes from {@link X_K8S_TYPE}); Go's decode errors name it.
 */
export const X_GO_TYPE = 'x-go-type';
/** Fully qualified OpenAPI definition name of a named type, e.g. `io.k8s.api.core.v1.ConfigMap`. */
export const X_K8S_TYPE = 'x-k8s-type';
/** Description of a named type itself (a field's `description` may override the copy it annotates). */
export const X_K8S_DOC = 'x-k8s-doc';
/** Wire codec of a special type: `time`, `microtime`, `int-or-string`, `quantity`, `bytes`, `fields-v1`, `raw-extension`, `wrapped-list`. */
export const X_K8S_CODEC = 'x-k8s-codec';
/**
 * Marks a property that Go inlines from an embedded struct (JSON flattens it) while protobuf carries the
 * embedded struct as its own message field: `{ field, name, schema }`.
 */
export const X_PROTOBUF_EMBEDDED = 'x-protobuf-embedded';
/**
 * The OpenAPI form of a schema that has one already and is published as it is, e.g. a custom resource's fields
 * (kube-openapi publishes a CRD's structural schema inline, with its value validations).
 */
export const X_K8S_OPENAPI = 'x-k8s-openapi';
/**
 * The schema that stands for a named type in Swagger 2.0 documents (`/openapi/v2`), when that differs from its OpenAPI
 * v3 form, e.g. a custom resource (kube-apiserver rewrites a CRD's schema for kubectl 1.x's client-side validation).
 */
export const X_K8S_SWAGGER2 = 'x-k8s-swagger2';
/** Group/version/kind list of a kind's schema (Kubernetes' own keyword). */
export const X_GVK = 'x-kubernetes-group-version-kind';

/** Go JSON omission behaviour of a struct field. */
export type GoOmit = 'empty' | 'nil' | 'never' | 'null';

/** Wire codecs of the special Kubernetes types. */
export type WireCodec =
  | 'time'
  | 'microtime'
  | 'int-or-string'
  | 'quantity'
  | 'bytes'
  | 'fields-v1'
  | 'raw-extension'
  | 'wrapped-list';

const CODECS: ReadonlySet<string> = new Set([
  'time',
  'microtime',
  'int-or-string',
  'quantity',
  'bytes',
  'fields-v1',
  'raw-extension',
  'wrapped-list',
]);

/** A JSON-schema node viewed as a plain record (typebox schemas are plain objects). */
export type SchemaNode = TSchema & Readonly<Record<string, unknown>>;

/** Views a schema as a record of keywords. */
export function node(schema: TSchema): SchemaNode {
  return schema as SchemaNode;
}

/** Where an inlined property lives in protobuf: the embedded message's field number, name and schema. */
export interface EmbeddedIn {
  /** Field number of the embedded message in the outer message. */
  readonly field: number;
  /** Field name of the embedded message, e.g. `volumeSource`. */
  readonly name: string;
  /** Schema of the embedded struct. */
  readonly schema: TSchema;
}

/** Returns the embedding of an inlined property, or undefined for ordinary properties. */
export function embeddedIn(schema: TSchema): EmbeddedIn | undefined {
  const v = node(schema)[X_PROTOBUF_EMBEDDED];
  if (typeof v !== 'object' || v === null) return undefined;
  const { field, name, schema: inner } = v as Record<string, unknown>;
  if (typeof field !== 'number' || typeof name !== 'string' || typeof inner !== 'object' || inner === null) {
    return undefined;
  }
  return { field, name, schema: inner as TSchema };
}

/** Returns the protobuf field number of a property schema, if it has one. */
export function protobufFieldOf(schema: TSchema): number | undefined {
  const n = node(schema)[X_PROTOBUF_FIELD];
  return typeof n === 'number' ? n : undefined;
}

/** Returns the Go JSON omission behaviour of a property schema (`empty` when unset). */
export function goOmitOf(schema: TSchema): GoOmit {
  const v = node(schema)[X_GO_OMIT];
  return v === 'nil' || v === 'never' || v === 'null' ? v : 'empty';
}

/** Returns the qualified type name of a named schema. */
export function typeNameOf(schema: TSchema): string | undefined {
  const v = node(schema)[X_K8S_TYPE];
  return typeof v === 'string' ? v : undefined;
}

/** Returns the Go type name recorded with {@link X_GO_TYPE}, if any. */
export function goTypeNameOf(schema: TSchema): string | undefined {
  const v = node(schema)[X_GO_TYPE];
  return typeof v === 'string' ? v : undefined;
}

/** Returns the description of a named type (not of the field that uses it). */
export function typeDescriptionOf(schema: TSchema): string | undefined {
  const v = node(schema)[X_K8S_DOC];
  return typeof v === 'string' ? v : undefined;
}

/** Returns the OpenAPI form a schema is published as verbatim ({@link X_K8S_OPENAPI}), if it has one. */
export function verbatimOpenAPIOf(schema: TSchema): Readonly<Record<string, unknown>> | undefined {
  const v = node(schema)[X_K8S_OPENAPI];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Readonly<Record<string, unknown>>) : undefined;
}

/** Returns the schema that stands for `schema` in Swagger 2.0 documents ({@link X_K8S_SWAGGER2}), if it has one. */
export function swagger2VariantOf(schema: TSchema): TSchema | undefined {
  const v = node(schema)[X_K8S_SWAGGER2];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TSchema) : undefined;
}

/** Returns the wire codec of a special-type schema. */
export function codecOf(schema: TSchema): WireCodec | undefined {
  const v = node(schema)[X_K8S_CODEC];
  return typeof v === 'string' && CODECS.has(v) ? (v as WireCodec) : undefined;
}

/** Returns the properties of an object schema in declaration order, or undefined for non-objects. */
export function propertiesOf(schema: TSchema): Record<string, TSchema> | undefined {
  const n = node(schema);
  if (n.type !== 'object' || codecOf(schema) !== undefined) return undefined;
  const p = n.properties;
  return typeof p === 'object' && p !== null ? (p as Record<string, TSchema>) : undefined;
}

/** Returns the value schema of a map (`Type.Record`) schema. */
export function mapValueOf(schema: TSchema): TSchema | undefined {
  const n = node(schema);
  if (n.type !== 'object' || codecOf(schema) !== undefined) return undefined;
  const pp = n.patternProperties;
  if (typeof pp !== 'object' || pp === null) return undefined;
  const first = Object.values(pp)[0];
  return first as TSchema | undefined;
}

/** Returns the item schema of an array schema. */
export function itemsOf(schema: TSchema): TSchema | undefined {
  const n = node(schema);
  if (n.type !== 'array') return undefined;
  return n.items as TSchema | undefined;
}
