/**
 * A CRD version's `openAPIV3Schema` as Go decodes it into `JSONSchemaProps`: this server reads the subtree as free-form
 * JSON, so the Go struct's field types are checked here. A `null` is a zero value (the field is left out; a `null`
 * schema inside `properties`, `allOf`, … is an empty schema), and a value of the wrong JSON type is an error
 * (upstream refuses it while decoding the body, with a 400; here it is a field error of the CRD, a 422). Fields the
 * struct does not have are kept as they are.
 *
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';
import { isJSONObject } from '../json-value.js';
import type { JSONSchemaProps } from '../structural-schema.js';

type Json = Record<string, unknown>;
type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'any' | 'strings' | 'anys' | 'schema' | 'schemas' | 'schemaMap' | 'schemaOrSchemas' | 'schemaOrBool' | 'dependencies' | 'docs' | 'rules';

const FIELDS: Readonly<Record<string, Kind>> = {
  id: 'string',
  $schema: 'string',
  $ref: 'string',
  description: 'string',
  type: 'string',
  format: 'string',
  title: 'string',
  pattern: 'string',
  'x-kubernetes-list-type': 'string',
  'x-kubernetes-map-type': 'string',
  maximum: 'number',
  minimum: 'number',
  multipleOf: 'number',
  maxLength: 'integer',
  minLength: 'integer',
  maxItems: 'integer',
  minItems: 'integer',
  maxProperties: 'integer',
  minProperties: 'integer',
  exclusiveMaximum: 'boolean',
  exclusiveMinimum: 'boolean',
  uniqueItems: 'boolean',
  nullable: 'boolean',
  'x-kubernetes-preserve-unknown-fields': 'boolean',
  'x-kubernetes-embedded-resource': 'boolean',
  'x-kubernetes-int-or-string': 'boolean',
  default: 'any',
  example: 'any',
  enum: 'anys',
  required: 'strings',
  'x-kubernetes-list-map-keys': 'strings',
  not: 'schema',
  allOf: 'schemas',
  oneOf: 'schemas',
  anyOf: 'schemas',
  properties: 'schemaMap',
  patternProperties: 'schemaMap',
  definitions: 'schemaMap',
  items: 'schemaOrSchemas',
  additionalProperties: 'schemaOrBool',
  additionalItems: 'schemaOrBool',
  dependencies: 'dependencies',
  externalDocs: 'docs',
  'x-kubernetes-validations': 'rules',
};

const RULE_FIELDS: Readonly<Record<string, 'string' | 'boolean'>> = {
  rule: 'string',
  message: 'string',
  messageExpression: 'string',
  reason: 'string',
  fieldPath: 'string',
  optionalOldSelf: 'boolean',
};

const WANTED: Readonly<Record<Kind, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  any: 'any value',
  strings: 'a list of strings',
  anys: 'a list',
  schema: 'an object',
  schemas: 'a list of objects',
  schemaMap: 'an object',
  schemaOrSchemas: 'an object or a list of objects',
  schemaOrBool: 'an object or a boolean',
  dependencies: 'an object',
  docs: 'an object',
  rules: 'a list of objects',
};

class Decoder {
  readonly errors: FieldError[] = [];

  #wrong(path: FieldPath, value: unknown, kind: Kind): undefined {
    this.errors.push(fieldInvalid(path, value, `must be ${WANTED[kind]}`));
    return undefined;
  }

  /** A schema: its fields decoded; `null` is the empty schema. */
  schema(raw: unknown, path: FieldPath): Json | undefined {
    return this.#struct(raw, path, FIELDS);
  }

  /**
   * A Go struct read from `raw`: the members `fields` types decoded as their kind (a `null` one dropped, Go's zero
   * value), the others kept as they are; `null` is the zero struct, anything but an object a field error.
   */
  #struct(raw: unknown, path: FieldPath, fields: Readonly<Record<string, Kind>>): Json | undefined {
    if (raw === null) return {};
    if (!isJSONObject(raw)) return this.#wrong(path, raw, 'schema');
    const out: Json = {};
    for (const [key, value] of Object.entries(raw)) {
      const kind = fields[key];
      const decoded = kind === undefined ? value : value === null ? undefined : this.#field(value, kind, path.child(key));
      if (decoded !== undefined) out[key] = decoded;
    }
    return out;
  }

  #list(raw: unknown, path: FieldPath, kind: Kind, item: (x: unknown, i: number) => unknown): unknown[] | undefined {
    if (!Array.isArray(raw)) return this.#wrong(path, raw, kind);
    return raw.map(item);
  }

  #field(value: unknown, kind: Kind, path: FieldPath): unknown {
    switch (kind) {
      case 'string':
        return typeof value === 'string' ? value : this.#wrong(path, value, kind);
      case 'number':
        return typeof value === 'number' ? value : this.#wrong(path, value, kind);
      case 'integer':
        return Number.isInteger(value) ? value : this.#wrong(path, value, kind);
      case 'boolean':
        return typeof value === 'boolean' ? value : this.#wrong(path, value, kind);
      case 'any':
        return value;
      case 'anys':
        return this.#list(value, path, kind, (x) => x);
      case 'strings':
        return this.#list(value, path, kind, (x, i) => (typeof x === 'string' || x === null ? (x ?? '') : this.#wrong(path.index(i), x, 'string')));
      case 'schema':
        return this.schema(value, path);
      case 'docs':
        return isJSONObject(value) ? value : this.#wrong(path, value, kind);
      case 'schemas':
        return this.#list(value, path, kind, (x, i) => this.schema(x, path.index(i)));
      case 'schemaMap':
      case 'dependencies':
        return this.#map(value, path, kind);
      case 'schemaOrSchemas':
        return Array.isArray(value) ? value.map((x, i) => this.schema(x, path.index(i))) : this.schema(value, path);
      case 'schemaOrBool':
        return typeof value === 'boolean' ? value : this.schema(value, path);
      case 'rules':
        return this.#list(value, path, kind, (x, i) => this.#rule(x, path.index(i)));
    }
  }

  #map(value: unknown, path: FieldPath, kind: 'schemaMap' | 'dependencies'): Json | undefined {
    if (!isJSONObject(value)) return this.#wrong(path, value, kind);
    const out: Json = {};
    for (const [key, x] of Object.entries(value)) {
      const at = path.key(key);
      out[key] = kind === 'dependencies' && Array.isArray(x) ? this.#field(x, 'strings', at) : this.schema(x, at);
    }
    return out;
  }

  #rule(raw: unknown, path: FieldPath): Json | undefined {
    return this.#struct(raw, path, RULE_FIELDS);
  }
}

/**
 * `raw` (a version's `openAPIV3Schema`, at `path`) decoded as Go decodes it: the schema with `null`s as zero values,
 * and the errors of values of the wrong type (the schema is only good to use when there are none).
 */
export function decodeJSONSchemaProps(raw: unknown, path: FieldPath): { readonly schema: JSONSchemaProps | undefined; readonly errors: readonly FieldError[] } {
  const decoder = new Decoder();
  const schema = decoder.schema(raw, path) as JSONSchemaProps | undefined;
  return { schema, errors: decoder.errors };
}
