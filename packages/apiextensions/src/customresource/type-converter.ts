/**
 * The merge type server-side apply gives the custom resources of one CRD version: the type converter upstream's
 * crdHandler builds from the version's structural schema, published as OpenAPI for apply (`apiVersion` and `kind`
 * strings and `metadata` as ObjectMeta at the root and in every embedded resource) and converted by kube-openapi's
 * `schemaconv`:
 * - objects are structs of their properties, granular unless `x-kubernetes-map-type: atomic`;
 * - undeclared keys are refused, except in a node under `x-kubernetes-preserve-unknown-fields` (which reaches every
 *   node below it), in an object without properties, or where `additionalProperties` allows them (typed by its
 *   schema when it has one);
 * - arrays are atomic unless `x-kubernetes-list-type` is `set` or `map` (keyed by `x-kubernetes-list-map-keys`,
 *   whose `default`s fill items that omit a key);
 * - a node without a type (`x-kubernetes-int-or-string`, free-form values) is deduced from the value.
 *
 * Without a schema the type is deduced, as upstream's deduced type converter.
 *
 * @module
 */
import { DEDUCED, type FieldType, fieldTypeOf, type ListType, type MapType, ObjectMetaSchema, SCALAR, type StructField, unstructuredFieldType } from '@apiserver/runtime';
import type { Structural } from '../structural-schema.js';

/** `metadata` of a custom resource or an embedded resource: ObjectMeta, as an unstructured object holds it. */
const OBJECT_META: FieldType = unstructuredFieldType(fieldTypeOf(ObjectMetaSchema));

/** The fields the OpenAPI for apply adds to the root and to embedded resources. */
const KUBE_NATIVE_FIELDS: ReadonlyArray<[string, FieldType]> = [
  ['apiVersion', SCALAR],
  ['kind', SCALAR],
  ['metadata', OBJECT_META],
];

function optional(type: FieldType): StructField {
  return { type, alwaysPresent: false };
}

/** The type of undeclared keys of an object node; undefined refuses them. */
function undeclaredKeyType(s: Structural, preserve: boolean, declared: number): FieldType | undefined {
  const additional = s.generic.additionalProperties;
  if (additional === undefined) return preserve || declared === 0 ? DEDUCED : undefined;
  if (additional.structural !== undefined) return typeOf(additional.structural, preserve);
  return additional.allows ? DEDUCED : undefined;
}

function objectType(s: Structural, preserve: boolean, kubeNative: boolean): MapType {
  const fields = new Map<string, StructField>();
  for (const [name, property] of s.properties ?? []) fields.set(name, optional(typeOf(property, preserve)));
  if (kubeNative) for (const [name, type] of KUBE_NATIVE_FIELDS) fields.set(name, optional(type));
  return {
    kind: 'map',
    atomic: s.extensions.xMapType === 'atomic',
    elementType: undeclaredKeyType(s, preserve, fields.size),
    field: (name) => fields.get(name),
    alwaysPresentFields: [],
  };
}

function listType(s: Structural, preserve: boolean): ListType {
  const { xListType, xListMapKeys } = s.extensions;
  const keys = xListType === 'map' ? [...xListMapKeys] : [];
  const keyDefaults: Record<string, unknown> = {};
  for (const key of keys) {
    const d = s.items?.properties?.get(key)?.generic.default;
    if (d !== undefined) keyDefaults[key] = d;
  }
  return {
    kind: 'list',
    relationship: xListType === 'set' || xListType === 'map' ? 'associative' : 'atomic',
    keys,
    keyDefaults,
    elementType: s.items === undefined ? DEDUCED : typeOf(s.items, preserve),
  };
}

function typeOf(s: Structural, inheritedPreserve: boolean, root = false): FieldType {
  const preserve = inheritedPreserve || s.extensions.xPreserveUnknownFields;
  switch (s.generic.type) {
    case 'object':
      return objectType(s, preserve, root || s.extensions.xEmbeddedResource);
    case 'array':
      return listType(s, preserve);
    case '':
      return DEDUCED;
    default:
      return SCALAR;
  }
}

/** The merge type of the custom resources a version's structural schema describes (deduced without one). */
export function customResourceFieldType(schema: Structural | undefined): FieldType {
  return schema === undefined ? DEDUCED : typeOf(schema, false, true);
}
