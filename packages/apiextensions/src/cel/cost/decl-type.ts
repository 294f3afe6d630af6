/**
 * The declared type of a schema node with the size facts cost estimation reads
 * (`common.SchemaDeclType` with `DeclType.MaxElements` and `MinSerializedSize` in
 * k8s.io/apiserver/pkg/cel): strings, bytes, lists and maps are bounded by `maxLength`,
 * `maxItems` and `maxProperties` when declared, by the longest `enum` value, by the fixed width
 * of durations and dates, and otherwise by how many of them fit into one request of
 * `MaxRequestSizeBytes` (3 MiB) given the smallest JSON each element serializes to.
 *
 * @module
 */
import type { Structural } from '../../structural-schema.js';
import { escapeProperty } from '../escaping.js';

/** `apiserver/pkg/cel.MaxRequestSizeBytes`: the largest request body, 3 MiB. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
const MAX_DURATION_SIZE_JSON = 32;
const MAX_DATETIME_SIZE_JSON = 32;
const MIN_DURATION_SIZE_JSON = 3;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 21;
const MIN_STRING_SIZE = 2;
const MIN_BOOL_SIZE = 4;
const MIN_NUMBER_SIZE = 1;

/** The CEL kind of a declared node. */
export type DeclKind = 'object' | 'map' | 'list' | 'int' | 'double' | 'bool' | 'string' | 'bytes' | 'duration' | 'timestamp' | 'dyn';

/** A declared type (`DeclType`): its kind, element bound and smallest serialized size. */
export interface DeclType {
  readonly kind: DeclKind;
  /** `MaxElements`: characters, bytes, items or properties at most (0 when not a sized kind). */
  readonly maxElements: number;
  /** `MinSerializedSize`: the fewest JSON bytes a value takes. */
  readonly minSize: number;
  /** Object fields, by their CEL names (`__namespace__`). */
  readonly fields?: ReadonlyMap<string, DeclType>;
  /** List items or map values. */
  readonly elem?: DeclType;
  /** Map keys. */
  readonly key?: DeclType;
}

const simple = (kind: DeclKind, minSize: number, maxElements = 0): DeclType => ({ kind, minSize, maxElements });
/** The map key type (`apiservercel.StringType`: no element bound). */
const KEY = simple('string', MIN_STRING_SIZE);
const nonNegative = (n: number): number => Math.max(0, n);
const perRequestString = MAX_REQUEST_SIZE_BYTES - 2;

function stringDecl(s: Structural): DeclType {
  const maxLength = s.valueValidation?.maxLength;
  switch (s.valueValidation?.format ?? '') {
    case 'byte':
      return simple('bytes', MIN_STRING_SIZE, maxLength === undefined ? perRequestString : nonNegative(maxLength));
    case 'duration':
      return simple('duration', MIN_DURATION_SIZE_JSON, MAX_DURATION_SIZE_JSON);
    case 'date':
      return simple('timestamp', JSON_DATE_SIZE, JSON_DATE_SIZE);
    case 'date-time':
      return simple('timestamp', MIN_DATETIME_SIZE_JSON, MAX_DATETIME_SIZE_JSON);
  }
  if (maxLength !== undefined) return simple('string', MIN_STRING_SIZE, nonNegative(maxLength) * 4);
  const enumValues = s.valueValidation?.enum ?? [];
  if (enumValues.length > 0) {
    const longest = Math.max(0, ...enumValues.map((v) => (typeof v === 'string' ? Buffer.byteLength(v) : 0)));
    return simple('string', MIN_STRING_SIZE, longest);
  }
  return simple('string', MIN_STRING_SIZE, perRequestString);
}

const STRING_PROP: Structural = { generic: { type: 'string', description: '', title: '', nullable: false }, extensions: { xValidations: [] } } as unknown as Structural;

/** `WithTypeAndObjectMeta`: a resource root always has `kind`, `apiVersion` and `metadata.name`/`generateName` strings. */
function withTypeAndObjectMeta(s: Structural): Structural {
  const props = s.properties;
  const isType = (p: Structural | undefined, type: string): boolean => p?.generic.type === type;
  const meta = props?.get('metadata');
  if (
    props !== undefined && isType(props.get('kind'), 'string') && isType(props.get('apiVersion'), 'string') && isType(meta, 'object') &&
    isType(meta?.properties?.get('name'), 'string') && isType(meta?.properties?.get('generateName'), 'string')
  ) {
    return s;
  }
  const metadata = { ...STRING_PROP, generic: { ...STRING_PROP.generic, type: 'object' }, properties: new Map([['name', STRING_PROP], ['generateName', STRING_PROP]]) } as Structural;
  const merged = new Map(props ?? []);
  merged.set('kind', STRING_PROP).set('apiVersion', STRING_PROP).set('metadata', metadata);
  return { ...s, properties: merged };
}

function objectDecl(s: Structural): DeclType | undefined {
  const additional = s.generic.additionalProperties?.structural;
  if (additional !== undefined) {
    const value = declType(additional, additional.extensions.xEmbeddedResource);
    if (value === undefined) return undefined;
    const maxProperties = s.valueValidation?.maxProperties;
    const max = maxProperties === undefined ? Math.floor(perRequestString / (value.minSize + 6)) : nonNegative(maxProperties);
    return { kind: 'map', maxElements: max, minSize: 2, elem: value, key: KEY };
  }
  const required = new Set(s.valueValidation?.required ?? []);
  const fields = new Map<string, DeclType>();
  let minSize = 2;
  for (const [name, prop] of s.properties ?? []) {
    const field = declType(prop, prop.extensions.xEmbeddedResource);
    if (field === undefined) continue;
    const celName = escapeProperty(name);
    if (celName !== undefined) fields.set(celName, field);
    if (required.has(name) && prop.generic.default === undefined) minSize += Buffer.byteLength(name) + field.minSize + 4;
  }
  return { kind: 'object', maxElements: 0, minSize, fields };
}

/** The declared type of `s` (`isResourceRoot`: the custom resource or an embedded resource); `undefined` where upstream declares none. */
export function declType(s: Structural, isResourceRoot = false): DeclType | undefined {
  if (s.extensions.xIntOrString) {
    const maxLength = s.valueValidation?.maxLength;
    return simple('dyn', 1, maxLength === undefined ? perRequestString : nonNegative(maxLength) * 4);
  }
  const node = isResourceRoot ? withTypeAndObjectMeta(s) : s;
  switch (node.generic.type) {
    case 'array': {
      if (node.items === undefined) return undefined;
      const items = declType(node.items, node.items.extensions.xEmbeddedResource);
      if (items === undefined) return undefined;
      const maxItems = node.valueValidation?.maxItems;
      const max = maxItems === undefined ? Math.floor(perRequestString / (items.minSize + 1)) : nonNegative(maxItems);
      return { kind: 'list', maxElements: max, minSize: 2, elem: items };
    }
    case 'object':
      return objectDecl(node);
    case 'string':
      return stringDecl(node);
    case 'boolean':
      return simple('bool', MIN_BOOL_SIZE);
    case 'number':
      return simple('double', MIN_NUMBER_SIZE);
    case 'integer':
      return simple('int', MIN_NUMBER_SIZE);
    default:
      return undefined;
  }
}

/**
 * `maxCardinality`: how many times data of `minSize` serialized bytes can occur in one request (one
 * comma assumed between elements): the multiplier of a rule under lists and maps without bounds.
 */
export function maxCardinality(minSize: number): number {
  return Math.floor(MAX_REQUEST_SIZE_BYTES / (minSize + 1));
}
