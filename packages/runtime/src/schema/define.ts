/**
 * Short declarations of Kubernetes-style object schemas: each field carries its protobuf number, a
 * description, Go JSON omission behaviour and list/patch facts, so every other representation can be
 * derived from the one schema.
 */
import { type TObject, type TOptional, type TProperties, type TSchema, Type } from 'typebox';
import {
  type GoOmit,
  X_GO_OMIT,
  X_GVK,
  X_K8S_DOC,
  X_K8S_TYPE,
  X_PROTOBUF_EMBEDDED,
  X_PROTOBUF_FIELD,
} from './extensions.js';
import { annotatedCopy } from './annotated-copy.js';

/** Facts about one field beyond its type. */
export interface FieldFacts {
  /** Go JSON omission: `empty` (default: omitempty value), `nil` (omitempty pointer), `never`, `null` (plain pointer). */
  readonly omit?: GoOmit;
  /** `x-kubernetes-list-type`: `atomic`, `set` or `map`. */
  readonly listType?: 'atomic' | 'set' | 'map';
  /** `x-kubernetes-list-map-keys` for `listType: map`. */
  readonly listMapKeys?: readonly string[];
  /** `x-kubernetes-patch-strategy`, e.g. `merge` or `merge,retainKeys`. */
  readonly patchStrategy?: string;
  /** `x-kubernetes-patch-merge-key`. */
  readonly patchMergeKey?: string;
  /** `x-kubernetes-map-type`: `atomic` or `granular`. */
  readonly mapType?: 'atomic' | 'granular';
}

function extensionsOf(n: number | undefined, description: string, facts: FieldFacts): Record<string, unknown> {
  const extra: Record<string, unknown> = { description };
  if (n !== undefined) extra[X_PROTOBUF_FIELD] = n;
  if (facts.omit !== undefined && facts.omit !== 'empty') extra[X_GO_OMIT] = facts.omit;
  if (facts.listType !== undefined) extra['x-kubernetes-list-type'] = facts.listType;
  if (facts.listMapKeys !== undefined) extra['x-kubernetes-list-map-keys'] = [...facts.listMapKeys];
  if (facts.patchStrategy !== undefined) extra['x-kubernetes-patch-strategy'] = facts.patchStrategy;
  if (facts.patchMergeKey !== undefined) extra['x-kubernetes-patch-merge-key'] = facts.patchMergeKey;
  if (facts.mapType !== undefined) extra['x-kubernetes-map-type'] = facts.mapType;
  return extra;
}

function annotate<T extends TSchema>(n: number | undefined, schema: T, description: string, facts: FieldFacts): T {
  return annotatedCopy(schema, false, extensionsOf(n, description, facts));
}

// `Type.Optional(annotate(…))` in one copy instead of two (every optional field of every API type is declared at
// module load, so start-up pays for each copy): typebox's Optional is an Update adding the hidden `~optional`, and
// one copy with both gives the same enumerable properties in the same order.
function annotateOptional<T extends TSchema>(n: number | undefined, schema: T, description: string, facts: FieldFacts): TOptional<T> {
  return annotatedCopy(schema, true, extensionsOf(n, description, facts)) as TOptional<T>;
}

/** Declares an optional field with protobuf number `n` (the common case: Go `omitempty`). */
export function field<T extends TSchema>(
  n: number,
  schema: T,
  description: string,
  facts: FieldFacts = {},
) {
  return annotateOptional(n, schema, description, facts);
}

/** Declares a required field with protobuf number `n` (Go field without `omitempty`). */
export function requiredField<T extends TSchema>(n: number, schema: T, description: string, facts: FieldFacts = {}): T {
  return annotate(n, schema, description, { omit: 'never', ...facts });
}

/** Declares an optional field that has no protobuf number (JSON-only types such as Table). */
export function jsonField<T extends TSchema>(schema: T, description: string, facts: FieldFacts = {}) {
  return annotateOptional(undefined, schema, description, facts);
}

/** Declares a required JSON-only field (no protobuf number, never omitted). */
export function requiredJsonField<T extends TSchema>(schema: T, description: string, facts: FieldFacts = {}): T {
  return annotate(undefined, schema, description, { omit: 'never', ...facts });
}

/** Facts about a named object type beyond its fields. */
export interface StructFacts {
  /** `+structType`: `atomic` (server-side apply and patches replace it whole; `x-kubernetes-map-type: atomic`) or `granular`. */
  readonly structType?: 'atomic' | 'granular';
}

/** Declares a named object type (`typeName` is its OpenAPI definition name, e.g. `io.k8s.api.core.v1.PodSpec`). */
export function struct<P extends TProperties>(typeName: string, description: string, properties: P, facts: StructFacts = {}): TObject<P> {
  const extra = facts.structType === undefined ? {} : { 'x-kubernetes-map-type': facts.structType };
  return Type.Object(properties, { description, [X_K8S_TYPE]: typeName, [X_K8S_DOC]: description, ...extra });
}

/** Group, version and kind of a kind's schema. */
export interface KindFacts {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/**
 * The TypeMeta properties (`kind`, `apiVersion`) every kind begins with, in Go's JSON order: fresh schemas for each
 * kind, made optional by one schema copy (what `Type.Optional` gives, without typebox's `Memory.Update` that every
 * kind declared at module load ran twice).
 */
export function typeMetaProperties(): {
  kind: TOptional<ReturnType<typeof Type.String>>;
  apiVersion: TOptional<ReturnType<typeof Type.String>>;
} {
  return {
    kind: optionalString('Kind is a string value representing the REST resource this object represents.'),
    apiVersion: optionalString('APIVersion defines the versioned schema of this representation of an object.'),
  };
}

/** An optional string schema with `description`: `Type.Optional(Type.String(…))` by one `annotatedCopy`. */
function optionalString(description: string): TOptional<ReturnType<typeof Type.String>> {
  return annotatedCopy(Type.String({ description }), true, {}) as TOptional<ReturnType<typeof Type.String>>;
}

/** Declares a kind: a named object whose properties start with TypeMeta and which carries its GVK. */
export function kindStruct<P extends TProperties>(
  typeName: string,
  gvk: KindFacts,
  description: string,
  properties: P,
): TObject<ReturnType<typeof typeMetaProperties> & P> {
  return Type.Object(
    { ...typeMetaProperties(), ...properties },
    {
      description,
      [X_K8S_TYPE]: typeName,
      [X_K8S_DOC]: description,
      [X_GVK]: [{ group: gvk.group, version: gvk.version, kind: gvk.kind }],
    },
  );
}

/** A `map[string]string` schema. */
export function stringMap(): ReturnType<typeof Type.Record<ReturnType<typeof Type.String>, ReturnType<typeof Type.String>>> {
  return Type.Record(Type.String(), Type.String());
}

/** A `[]string` schema. */
export function stringList(): ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>> {
  return Type.Array(Type.String());
}

/** An int32 schema. */
export function int32(): ReturnType<typeof Type.Integer> {
  return Type.Integer({ format: 'int32' });
}

/** An int64 schema. */
export function int64(): ReturnType<typeof Type.Integer> {
  return Type.Integer({ format: 'int64' });
}

/**
 * Inlines the properties of an embedded Go struct (spread the result into the outer properties): JSON sees
 * them flattened, protobuf carries them in the embedded message field `n` named `name` (e.g. Volume's
 * `volumeSource = 2`).
 */
export function embedded<P extends TProperties>(n: number, name: string, inner: TObject<P>): P {
  const out: TProperties = {};
  for (const [key, schema] of Object.entries(inner.properties)) {
    out[key] = annotatedCopy(schema, false, { [X_PROTOBUF_EMBEDDED]: { field: n, name, schema: inner } });
  }
  return out as P;
}
