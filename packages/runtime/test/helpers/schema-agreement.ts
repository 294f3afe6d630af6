/**
 * The facts of schemas of Kubernetes types, gathered per named type (field order, protobuf numbers and
 * embedding, Go omission, required-ness, JSON type and integer format, list/map/patch markers, special-type
 * codecs), and their comparison: used to check the generated schemas against the former hand-written ones,
 * whose facts are kept in `test/fixtures/hand-written-schema-facts.json`.
 */
import type { TSchema } from 'typebox';
import {
  codecOf,
  embeddedIn,
  goOmitOf,
  itemsOf,
  mapValueOf,
  node,
  propertiesOf,
  protobufFieldOf,
  typeNameOf,
} from '../../src/schema/extensions.js';

const MARKERS = [
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key',
  'x-kubernetes-map-type',
] as const;

/** Facts of one field: the keys present are compared. */
export type FieldFacts = Record<string, unknown>;

/** Facts of one named struct type. */
export interface TypeFacts {
  readonly required: string[];
  /** `x-kubernetes-map-type` of the struct (`+structType`). */
  readonly mapType?: unknown;
  /** Fields in declaration (JSON) order. */
  readonly fields: Record<string, FieldFacts>;
}

/** Facts of every named struct type reachable from some schemas, by OpenAPI type name. */
export type FactsTable = Record<string, TypeFacts>;

/** One difference between two facts tables, at a path such as `io.k8s.api.core.v1.PodSpec.containers`. */
export interface Disagreement {
  readonly path: string;
  readonly what: string;
  readonly hand: unknown;
  readonly generated: unknown;
}

function valueFacts(schema: TSchema, table: FactsTable): FieldFacts {
  const n = node(schema);
  const codec = codecOf(schema);
  const out: FieldFacts = { type: codec !== undefined ? `codec:${codec}` : `${String(n.type)}${typeof n.format === 'string' ? `/${n.format}` : ''}` };
  const items = itemsOf(schema);
  if (items !== undefined) out.items = valueFacts(items, table);
  const value = mapValueOf(schema);
  if (value !== undefined) out.values = valueFacts(value, table);
  if (propertiesOf(schema) !== undefined) out.ref = collectFacts(schema, table);
  return out;
}

function fieldFacts(schema: TSchema, table: FactsTable): FieldFacts {
  const out: FieldFacts = { protobuf: protobufFieldOf(schema), omit: goOmitOf(schema) };
  const e = embeddedIn(schema);
  if (e !== undefined) out.embedded = [e.field, e.name];
  for (const m of MARKERS) if (node(schema)[m] !== undefined) out[m] = node(schema)[m];
  return { ...out, ...valueFacts(schema, table) };
}

/** Adds the facts of struct `schema` and every named struct it reaches to `table`; returns its type name. */
export function collectFacts(schema: TSchema, table: FactsTable): string {
  const name = typeNameOf(schema) ?? '?';
  if (table[name] !== undefined) return name;
  const r = node(schema).required;
  const mapType = node(schema)['x-kubernetes-map-type'];
  const facts: TypeFacts = { required: Array.isArray(r) ? [...(r as string[])].sort() : [], ...(mapType === undefined ? {} : { mapType }), fields: {} };
  table[name] = facts;
  for (const [key, prop] of Object.entries(propertiesOf(schema) ?? {})) {
    // TypeMeta's kind and apiVersion carry no protobuf number; fields named kind (e.g. Subject.kind) do.
    if ((key === 'kind' || key === 'apiVersion') && protobufFieldOf(prop) === undefined) continue;
    facts.fields[key] = fieldFacts(prop, table);
  }
  return name;
}

/**
 * Compares the facts of type `name` in `hand` with `gen`, recursively. Every field `hand` declares must exist in
 * `gen` with the same facts and in the same relative order; fields only `gen` declares are not differences.
 */
export function compareFacts(name: string, hand: FactsTable, gen: FactsTable, out: Disagreement[], seen = new Set<string>()): number {
  if (seen.has(name)) return 0;
  seen.add(name);
  const h = hand[name];
  const g = gen[name];
  if (h === undefined || g === undefined) {
    out.push({ path: name, what: 'type', hand: h !== undefined, generated: g !== undefined });
    return 0;
  }
  if (h.mapType !== g.mapType) out.push({ path: name, what: 'structType', hand: h.mapType, generated: g.mapType });
  const declared = Object.keys(h.fields);
  const genRequired = g.required.filter((k) => declared.includes(k));
  if (JSON.stringify(h.required) !== JSON.stringify(genRequired)) out.push({ path: name, what: 'required', hand: h.required, generated: genRequired });
  const genOrder = Object.keys(g.fields).filter((k) => declared.includes(k));
  if (JSON.stringify(genOrder) !== JSON.stringify(declared)) out.push({ path: name, what: 'field order', hand: declared, generated: genOrder });
  let fields = 0;
  for (const key of declared) {
    fields++;
    const gf = g.fields[key];
    if (gf === undefined) {
      out.push({ path: `${name}.${key}`, what: 'missing', hand: 'declared', generated: undefined });
      continue;
    }
    fields += compareField(`${name}.${key}`, h.fields[key] as FieldFacts, gf, hand, gen, out, seen);
  }
  return fields;
}

function compareField(path: string, h: FieldFacts, g: FieldFacts, hand: FactsTable, gen: FactsTable, out: Disagreement[], seen: Set<string>): number {
  let fields = 0;
  for (const k of new Set([...Object.keys(h), ...Object.keys(g)])) {
    const hv = h[k];
    const gv = g[k];
    if (k === 'items' || k === 'values') {
      if (hv !== undefined && gv !== undefined) fields += compareField(`${path}${k === 'items' ? '[]' : '{}'}`, hv as FieldFacts, gv as FieldFacts, hand, gen, out, seen);
      else if (hv !== gv) out.push({ path, what: k, hand: hv, generated: gv });
    } else if (JSON.stringify(hv) !== JSON.stringify(gv)) {
      out.push({ path, what: k, hand: hv, generated: gv });
    } else if (k === 'ref') {
      fields += compareFacts(hv as string, hand, gen, out, seen);
    }
  }
  return fields;
}
