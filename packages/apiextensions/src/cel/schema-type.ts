/**
 * The CEL type of a structural schema node (`model.SchemaDeclType` in apiextensions-apiserver):
 * what `self` is in a rule declared on that node. Objects with properties are typed objects
 * (their fields are the properties), `additionalProperties` makes a map, arrays are lists
 * (`x-kubernetes-list-type` kept for equality), `x-kubernetes-int-or-string` is `dyn`, an object that preserves
 * unknown fields has only its declared ones (none without properties), and a resource root
 * (the custom resource itself or an `x-kubernetes-embedded-resource`) gets `apiVersion`, `kind`
 * and `metadata` with only `name` and `generateName`. Fields are named as rules read them ({@link escapeProperty}:
 * `namespace` is `__namespace__`); a property without a CEL name is not a field.
 *
 * @module
 */
import type { Structural } from '../structural-schema.js';
import { escapeProperty } from './escaping.js';

/** A CEL type derived from a schema. */
export type SchemaCelType =
  /** `name`: the type's own name where upstream declares one (`kubernetes.AdmissionRequest`). */
  | { readonly kind: 'object'; readonly fields: ReadonlyMap<string, SchemaCelType>; readonly name?: string }
  | { readonly kind: 'map'; readonly value: SchemaCelType }
  | { readonly kind: 'list'; readonly elem: SchemaCelType; readonly listType: 'atomic' | 'set' | 'map'; readonly mapKeys: readonly string[] }
  | { readonly kind: 'int' | 'double' | 'string' | 'bool' | 'bytes' | 'timestamp' | 'duration' | 'dyn' };

const STRING: SchemaCelType = { kind: 'string' };
const DYN: SchemaCelType = { kind: 'dyn' };

/** The object type of ObjectMeta as rules see it at a resource root. */
const ROOT_METADATA: SchemaCelType = { kind: 'object', fields: new Map([['name', STRING], ['generateName', STRING]]) };

/** The CEL type of a string of `format`: bytes, durations and timestamps for theirs, strings otherwise. */
export function stringFormatType(format: unknown): SchemaCelType {
  switch (format) {
    case 'byte':
      return { kind: 'bytes' };
    case 'duration':
      return { kind: 'duration' };
    case 'date':
    case 'date-time':
      return { kind: 'timestamp' };
    default:
      return STRING;
  }
}

function listType(s: Structural): SchemaCelType {
  const elem = s.items === undefined ? DYN : schemaCelType(s.items, s.items.extensions.xEmbeddedResource);
  const declared = s.extensions.xListType;
  const kind = declared === 'set' || declared === 'map' ? declared : 'atomic';
  return { kind: 'list', elem, listType: kind, mapKeys: s.extensions.xListMapKeys };
}

function objectType(s: Structural, isResourceRoot: boolean): SchemaCelType {
  const additional = s.generic.additionalProperties?.structural;
  if (additional !== undefined) {
    return { kind: 'map', value: schemaCelType(additional, additional.extensions.xEmbeddedResource) };
  }
  // x-kubernetes-preserve-unknown-fields does not expose the unknown fields: an object without properties has none.
  if (s.properties === undefined && !isResourceRoot) return { kind: 'object', fields: new Map() };
  const fields = new Map<string, SchemaCelType>();
  for (const [name, prop] of s.properties ?? []) {
    const celName = escapeProperty(name);
    if (celName !== undefined) fields.set(celName, schemaCelType(prop, prop.extensions.xEmbeddedResource));
  }
  if (isResourceRoot) {
    fields.set('apiVersion', STRING);
    fields.set('kind', STRING);
    fields.set('metadata', ROOT_METADATA);
  }
  return { kind: 'object', fields };
}

/** The CEL type of `self` for a rule on schema `s` (`isResourceRoot`: the CR root or an embedded resource). */
export function schemaCelType(s: Structural, isResourceRoot = false): SchemaCelType {
  if (s.extensions.xIntOrString) return DYN;
  switch (s.generic.type) {
    case 'object':
      return objectType(s, isResourceRoot);
    case 'array':
      return listType(s);
    case 'integer':
      return { kind: 'int' };
    case 'number':
      return { kind: 'double' };
    case 'boolean':
      return { kind: 'bool' };
    case 'string':
      return stringFormatType(s.valueValidation?.format ?? '');
    default:
      return isResourceRoot ? objectType(s, true) : DYN;
  }
}

/** Whether a rule may be declared on the node: upstream has no type for an untyped node other than int-or-string. */
export function supportsRules(s: Structural): boolean {
  return s.generic.type !== '' || s.extensions.xIntOrString;
}

/** Renders a type as CEL names it in messages (`map(string, int)`, `list(string)`). */
export function celTypeName(t: SchemaCelType): string {
  switch (t.kind) {
    case 'object':
      return 'object';
    case 'map':
      return `map(string, ${celTypeName(t.value)})`;
    case 'list':
      return `list(${celTypeName(t.elem)})`;
    case 'timestamp':
      return 'google.protobuf.Timestamp';
    case 'duration':
      return 'google.protobuf.Duration';
    default:
      return t.kind;
  }
}
