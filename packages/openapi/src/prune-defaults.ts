/**
 * kube-openapi's `handler.PruneDefaults`: kube-apiserver removes every `default` from the definitions of the Swagger
 * 2.0 document it serves (its own, and each custom resource's before it is merged in). Only the `default` keyword of
 * a schema goes; a property that happens to be named `default` (LimitRangeItem's) stays.
 */
import type { OpenAPISchema } from './openapi-config.js';

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);
/** Keywords whose value is a schema, a list of schemas, or (`additionalProperties`, `additionalItems`) a boolean. */
const SCHEMAS = new Set(['items', 'allOf', 'anyOf', 'oneOf', 'not', 'additionalProperties', 'additionalItems']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pruneSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneSchema);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'default') continue;
    if (SCHEMA_MAPS.has(k) && isRecord(v)) out[k] = pruneAll(v);
    else out[k] = SCHEMAS.has(k) ? pruneSchema(v) : v;
  }
  return out;
}

function pruneAll(schemas: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, pruneSchema(s)]));
}

/** A copy of `definitions` without any schema's `default` (the input is not changed). */
export function pruneDefaults(definitions: Readonly<Record<string, OpenAPISchema>>): Record<string, OpenAPISchema> {
  return pruneAll(definitions) as Record<string, OpenAPISchema>;
}
