#!/usr/bin/env node
/**
 * Writes descriptions.json: the descriptions of the hand-written runtime schemas (type and field descriptions,
 * keyed by OpenAPI type name), so that gen-api keeps them in the schemas it generates. It was run once, from the
 * repo root against the built runtime of 19aa810 (committed with c1e9130), while the hand-written schemas existed; they are
 * now re-exports of the generated ones, so descriptions.json is the source of those descriptions (edit it, then
 * re-run gen-api). Running this again would copy the generated descriptions into the table.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const apis = await import(join(here, '../../packages/runtime/dist/apis/index.js'));

/** typeName -> { '': type description, field: field description } */
const table = {};

function visit(schema) {
  if (typeof schema !== 'object' || schema === null) return;
  const typeName = schema['x-k8s-type'];
  if (typeof typeName === 'string' && typeName.startsWith('io.k8s.api.') && schema.type === 'object' && schema.properties) {
    if (table[typeName] !== undefined) return;
    const entry = { '': schema['x-k8s-doc'] };
    table[typeName] = entry;
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (name === 'kind' || name === 'apiVersion') continue;
      if (typeof prop.description === 'string') entry[name] = prop.description;
      visit(prop);
    }
    return;
  }
  for (const key of ['items', 'properties', 'patternProperties', 'anyOf']) {
    const v = schema[key];
    if (v === undefined) continue;
    for (const inner of Array.isArray(v) ? v : key === 'items' ? [v] : Object.values(v)) visit(inner);
  }
  if (schema.properties === undefined) return;
}

for (const value of Object.values(apis)) visit(value);
const sorted = Object.fromEntries(Object.keys(table).sort().map((k) => [k, table[k]]));
writeFileSync(join(here, 'descriptions.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} types`);
