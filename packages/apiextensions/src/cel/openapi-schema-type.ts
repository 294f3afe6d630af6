/**
 * The CEL type of an OpenAPI v3 schema as a server publishes it (`common.SchemaDeclType` over a resolved
 * `spec.Schema`): what `object` and `params` are when a ValidatingAdmissionPolicy is type-checked against the kinds it
 * matches. References (`$ref`, and kube-openapi's `allOf: [{$ref}]`) are resolved against the document's components;
 * a type that refers to itself is `dyn` where it recurs. `x-kubernetes-int-or-string` is `dyn`; arrays are lists,
 * objects with `additionalProperties` maps, other objects have their properties as fields (a property without a type
 * is not a field); strings of format `byte`, `duration`, `date` and `date-time` are bytes, durations and timestamps.
 * A resource root gets string `apiVersion` and `kind` and `metadata` with `name` and `generateName` unless its schema
 * already declares them (`WithTypeAndObjectMeta`), as does an `x-kubernetes-embedded-resource`.
 *
 * @module
 */
import { escapeProperty } from './escaping.js';
import { type SchemaCelType, stringFormatType } from './schema-type.js';

/** A JSON object of an OpenAPI document (a schema). */
export type OpenAPIObject = Readonly<Record<string, unknown>>;

const DYN: SchemaCelType = { kind: 'dyn' };
const COMPONENTS = '#/components/schemas/';

function isObject(x: unknown): x is OpenAPIObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

class Resolver {
  constructor(readonly components: Readonly<Record<string, OpenAPIObject>>) {}

  /** The name a `$ref` (or a lone `allOf: [{$ref}]`) points to. */
  refOf(s: OpenAPIObject): string | undefined {
    const direct = s.$ref;
    const viaAllOf = Array.isArray(s.allOf) && s.allOf.length === 1 && isObject(s.allOf[0]) ? s.allOf[0].$ref : undefined;
    const ref = typeof direct === 'string' ? direct : viaAllOf;
    return typeof ref === 'string' && ref.startsWith(COMPONENTS) ? ref.slice(COMPONENTS.length) : undefined;
  }

  /** `s` with its reference resolved (its own keywords kept over the referred ones'), and the reference's name. */
  resolve(s: OpenAPIObject): { schema: OpenAPIObject; ref?: string } {
    const ref = this.refOf(s);
    if (ref === undefined) return { schema: s };
    const { $ref: _r, allOf: _a, ...own } = s;
    return { schema: { ...(this.components[ref] ?? {}), ...own }, ref };
  }
}

function propertiesOf(s: OpenAPIObject): OpenAPIObject {
  return isObject(s.properties) ? s.properties : {};
}

function typeOf(s: OpenAPIObject, r: Resolver): unknown {
  return r.resolve(s).schema.type;
}

/** Whether `s` declares string `kind` and `apiVersion` and an object `metadata` with string `name` and `generateName`. */
function hasTypeAndObjectMeta(s: OpenAPIObject, r: Resolver): boolean {
  const props = propertiesOf(s);
  const prop = (name: string): OpenAPIObject => (isObject(props[name]) ? r.resolve(props[name]).schema : {});
  const metadata = prop('metadata');
  const metaProps = propertiesOf(metadata);
  const stringProp = (p: OpenAPIObject, name: string): boolean => isObject(p[name]) && typeOf(p[name], r) === 'string';
  return stringProp(props, 'kind') && stringProp(props, 'apiVersion') && metadata.type === 'object' && stringProp(metaProps, 'name') && stringProp(metaProps, 'generateName');
}

/** `WithTypeAndObjectMeta`: a resource root's schema with the type and object meta every resource has. */
function withTypeAndObjectMeta(s: OpenAPIObject, r: Resolver): OpenAPIObject {
  if (hasTypeAndObjectMeta(s, r)) return s;
  const str = { type: 'string' };
  const metadata = { type: 'object', properties: { name: str, generateName: str } };
  return { ...s, properties: { ...propertiesOf(s), kind: str, apiVersion: str, metadata } };
}

function declType(raw: OpenAPIObject, isResourceRoot: boolean, r: Resolver, refs: ReadonlySet<string>): SchemaCelType | undefined {
  const { schema: resolved, ref } = r.resolve(raw);
  if (ref !== undefined && refs.has(ref)) return DYN;
  const path = ref === undefined ? refs : new Set([...refs, ref]);
  if (resolved['x-kubernetes-int-or-string'] === true) return DYN;
  const s = isResourceRoot ? withTypeAndObjectMeta(resolved, r) : resolved;
  const child = (x: unknown): SchemaCelType | undefined => {
    if (!isObject(x)) return undefined;
    return declType(x, r.resolve(x).schema['x-kubernetes-embedded-resource'] === true, r, path);
  };
  switch (s.type) {
    case 'array': {
      const elem = child(s.items);
      if (elem === undefined) return undefined;
      const declared = s['x-kubernetes-list-type'];
      const listType = declared === 'set' || declared === 'map' ? declared : 'atomic';
      const keys = s['x-kubernetes-list-map-keys'];
      return { kind: 'list', elem, listType, mapKeys: Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [] };
    }
    case 'object': {
      if (isObject(s.additionalProperties)) {
        const value = child(s.additionalProperties);
        return value === undefined ? undefined : { kind: 'map', value };
      }
      const fields = new Map<string, SchemaCelType>();
      for (const [name, prop] of Object.entries(propertiesOf(s))) {
        const t = child(prop);
        const celName = escapeProperty(name);
        if (t !== undefined && celName !== undefined) fields.set(celName, t);
      }
      return { kind: 'object', fields };
    }
    case 'string':
      return stringFormatType(s.format);
    case 'boolean':
      return { kind: 'bool' };
    case 'number':
      return { kind: 'double' };
    case 'integer':
      return { kind: 'int' };
    default:
      return undefined;
  }
}

/**
 * The CEL type of `schema` (a resource's root when `isResourceRoot`), its references resolved in `components`
 * (keyed by component name); `undefined` when the schema gives no type, as upstream's `nil`.
 */
export function openAPISchemaCelType(schema: OpenAPIObject, components: Readonly<Record<string, OpenAPIObject>>, isResourceRoot = true): SchemaCelType | undefined {
  return declType(schema, isResourceRoot, new Resolver(components), new Set());
}
