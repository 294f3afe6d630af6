/**
 * JSON Schema objects (typebox's or hand-written, draft-04 to 2020-12) as OpenAPI 3.0 schema objects: the keywords
 * OpenAPI 3.0 has are kept, the others rewritten where OpenAPI has an equivalent (`const` → `enum`, a `null` type →
 * `nullable`, numeric `exclusiveMinimum` → `minimum` + `exclusiveMinimum: true`, `examples` → `example`,
 * `$defs`/`definitions` and every `$id`-named subschema → components) and dropped otherwise.
 */
import { COMPONENTS_REF, componentName } from './component-name.js';
import type { ComponentSchemas } from './component-schemas.js';
import type { OpenAPISchema } from './openapi-config.js';

const TYPE_NAMES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** Keywords copied as they are (their values hold no subschema). */
const SCALAR_KEYWORDS = new Set([
  'title', 'description', 'format', 'default', 'multipleOf', 'maximum', 'minimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'readOnly', 'writeOnly',
  'example', 'deprecated', 'nullable', 'discriminator',
]);

/** Keywords whose value is one subschema, or a list or map of them. */
const ONE = new Set(['items', 'not', 'additionalProperties']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf']);

/** Keywords a schema object may have besides the above (accepted by {@link isJSONSchema}, then dropped or rewritten). */
const OTHER_KEYWORDS = new Set([
  '$schema', '$id', 'id', '$ref', '$comment', '$defs', 'definitions', 'type', 'properties', 'const', 'examples',
  'exclusiveMaximum', 'exclusiveMinimum', 'patternProperties', 'propertyNames', 'contains', 'dependencies',
  'dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'prefixItems', 'unevaluatedItems',
  'unevaluatedProperties', 'contentEncoding', 'contentMediaType', '$anchor',
]);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isTypeValue(t: unknown): boolean {
  return typeof t === 'string' ? TYPE_NAMES.has(t) : Array.isArray(t) && t.length > 0 && t.every((x) => typeof x === 'string' && TYPE_NAMES.has(x));
}

/**
 * Whether a route model is a JSON Schema rather than a sample: a typebox schema (it has typebox's `~kind`), or a
 * plain object whose keys are all schema keywords (or `x-` extensions) with a valid `type`, or a `$ref`,
 * `properties`, `items`, `enum`, `const` or `allOf`/`anyOf`/`oneOf` keyword. So `{type: 'string'}` is a schema and
 * `{type: 'dog', name: 'Rex'}` a sample.
 */
export function isJSONSchema(model: unknown): model is Record<string, unknown> {
  if (!isRecord(model) || Object.getPrototypeOf(model) !== Object.prototype) return false;
  if ('~kind' in model) return true;
  const keys = Object.keys(model);
  const known = (k: string) => k.startsWith('x-') || SCALAR_KEYWORDS.has(k) || ONE.has(k) || LIST.has(k) || OTHER_KEYWORDS.has(k);
  if (keys.length === 0 || !keys.every(known)) return false;
  if ('type' in model) return isTypeValue(model.type);
  return ['$ref', 'properties', 'items', 'enum', 'const', 'allOf', 'anyOf', 'oneOf'].some((k) => k in model);
}

/** A `$ref` of a plain schema (`#/definitions/X`, `#/$defs/X`, or a bare `$id`) as a components reference. */
function componentRef(ref: string): string {
  const local = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref);
  if (local?.[1] !== undefined) return `${COMPONENTS_REF}${componentName(local[1])}`;
  if (ref.startsWith('#')) return ref;
  return `${COMPONENTS_REF}${componentName(ref)}`;
}

/** The `type` keyword of OpenAPI 3.0 (one type; `null` as `nullable`). */
function typeOf(type: unknown, out: OpenAPISchema): void {
  const types = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length < types.length) out.nullable = true;
  if (nonNull.length === 1) out.type = nonNull[0];
  else if (nonNull.length > 1) out.anyOf = nonNull.map((t) => ({ type: t }));
}

/** `anyOf`/`oneOf` without their `{type: 'null'}` branches (which become `nullable`). */
function alternatives(key: string, list: unknown[], out: OpenAPISchema, components: ComponentSchemas): void {
  const isNull = (s: unknown) => isRecord(s) && s.type === 'null' && Object.keys(s).filter((k) => k !== '~kind').length === 1;
  const kept = list.filter((s) => !isNull(s));
  if (kept.length < list.length) out.nullable = true;
  if (kept.length === 1 && key !== 'allOf' && isRecord(kept[0])) Object.assign(out, convert(kept[0], components));
  else if (kept.length > 0) out[key] = kept.map((s) => (isRecord(s) ? convert(s, components) : {}));
}

function hoistDefinitions(schema: Record<string, unknown>, components: ComponentSchemas): void {
  for (const key of ['definitions', '$defs']) {
    const defs = schema[key];
    if (!isRecord(defs)) continue;
    for (const [name, def] of Object.entries(defs)) {
      if (isRecord(def)) components.named(componentName(name), () => convert(def, components, true));
    }
  }
}

function convert(schema: Record<string, unknown>, components: ComponentSchemas, top = false): OpenAPISchema {
  hoistDefinitions(schema, components);
  const id = schema.$id;
  if (!top && typeof id === 'string' && id !== '') return components.named(componentName(id), () => convert(schema, components, true));
  if (typeof schema.$ref === 'string') return { $ref: componentRef(schema.$ref) };
  const out: OpenAPISchema = {};
  for (const [key, value] of Object.entries(schema)) keyword(key, value, out, components);
  return out;
}

function keyword(key: string, value: unknown, out: OpenAPISchema, components: ComponentSchemas): void {
  if (key.startsWith('x-') || SCALAR_KEYWORDS.has(key)) {
    if (key !== 'nullable' || value === true) out[key] = value;
  } else if (key === 'type') typeOf(value, out);
  else if (key === 'const') out.enum = [value];
  else if (key === 'examples' && Array.isArray(value) && value.length > 0) out.example = value[0];
  else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
    out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
    out[key] = true;
  } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') out[key] = value;
  else if (key === 'properties' && isRecord(value)) {
    out.properties = Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (isRecord(v) ? [[k, convert(v, components)]] : [])));
  } else if (key === 'patternProperties' && isRecord(value) && !('additionalProperties' in out)) {
    const first = Object.values(value).find(isRecord);
    if (first !== undefined) out.additionalProperties = convert(first, components);
  } else if (ONE.has(key)) {
    if (typeof value === 'boolean' && key === 'additionalProperties') out[key] = value;
    else if (isRecord(value)) out[key] = convert(value, components);
  } else if (LIST.has(key) && Array.isArray(value)) alternatives(key, value, out, components);
}

/**
 * The OpenAPI 3.0 schema of a JSON Schema. A top-level `$id` names the schema: it becomes a component and the
 * reference to it is returned (so `Type.Object({...}, {$id: 'Pet'})` is `#/components/schemas/Pet`).
 */
export function toOpenAPISchema(schema: Record<string, unknown>, components: ComponentSchemas): OpenAPISchema {
  return convert(schema, components);
}
