/**
 * Schemas inferred from sample values, as go-restful-openapi derives them from Go types: a class instance becomes a
 * named definition (its constructor's name, as the Go type name), a plain object an inline object schema, arrays
 * take their first element's schema, numbers are `integer` when the sample is an integer.
 */
import type { ComponentSchemas } from './component-schemas.js';
import { componentName } from './component-name.js';
import type { OpenAPISchema } from './openapi-config.js';

function className(value: object): string | undefined {
  const ctor = (value as { constructor?: { name?: unknown } }).constructor;
  if (ctor === undefined || ctor === Object || ctor === Array) return undefined;
  return typeof ctor.name === 'string' && ctor.name !== '' ? ctor.name : undefined;
}

function objectSchema(value: object, components: ComponentSchemas): OpenAPISchema {
  const properties: Record<string, OpenAPISchema> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'function' && v !== undefined) properties[key] = inferSchema(v, components);
  }
  return { type: 'object', properties };
}

/**
 * The schema of a sample value. Strings, booleans, numbers (`integer` for integral samples, else `number`/`double`),
 * bigints (`int64`), `Date` (`date-time`), `Uint8Array` (`byte`), arrays (first element), `Map` (first value, as
 * `additionalProperties`), plain objects (inline) and class instances (a named component). `null` gives `{}`.
 */
export function inferSchema(value: unknown, components: ComponentSchemas): OpenAPISchema {
  switch (typeof value) {
    case 'string':
      return { type: 'string' };
    case 'boolean':
      return { type: 'boolean' };
    case 'bigint':
      return { type: 'integer', format: 'int64' };
    case 'number':
      return Number.isInteger(value) ? { type: 'integer' } : { type: 'number', format: 'double' };
    case 'object':
      return value === null ? {} : objectValueSchema(value, components);
    default:
      return {};
  }
}

function objectValueSchema(value: object, components: ComponentSchemas): OpenAPISchema {
  if (value instanceof Date) return { type: 'string', format: 'date-time' };
  if (value instanceof Uint8Array) return { type: 'string', format: 'byte' };
  if (Array.isArray(value)) return { type: 'array', items: value.length > 0 ? inferSchema(value[0], components) : {} };
  if (value instanceof Map) {
    const first = value.values().next();
    return { type: 'object', additionalProperties: first.done === true ? {} : inferSchema(first.value, components) };
  }
  const name = className(value);
  if (name === undefined) return objectSchema(value, components);
  return components.named(componentName(name), () => objectSchema(value, components));
}
