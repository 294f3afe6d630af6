/**
 * Compares two schemas of the same Kubernetes type field by field: names, protobuf numbers and embedding, Go
 * omission, required-ness, JSON type and integer format, list/map/patch markers and special-type codecs,
 * recursing into named types both declare. Used to check hand-written schemas against generated ones.
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

/** One difference between the two schemas, at a path such as `io.k8s.api.core.v1.PodSpec.containers`. */
export interface Disagreement {
  readonly path: string;
  readonly what: string;
  readonly hand: unknown;
  readonly generated: unknown;
}

/** Counts of a comparison: named types and fields compared, and the differences found. */
export interface Agreement {
  types: number;
  fields: number;
  readonly disagreements: Disagreement[];
}

function requiredOf(schema: TSchema): string[] {
  const r = node(schema).required;
  return Array.isArray(r) ? [...(r as string[])].sort() : [];
}

function shapeOf(schema: TSchema): string {
  const n = node(schema);
  const codec = codecOf(schema);
  if (codec !== undefined) return `codec:${codec}`;
  const format = typeof n.format === 'string' ? `/${n.format}` : '';
  return `${String(n.type)}${format}`;
}

function compareValue(path: string, hand: TSchema, gen: TSchema, out: Agreement, seen: Set<string>): void {
  const what = (w: string, h: unknown, g: unknown) => {
    if (JSON.stringify(h) !== JSON.stringify(g)) out.disagreements.push({ path, what: w, hand: h, generated: g });
  };
  what('type', shapeOf(hand), shapeOf(gen));
  const hi = itemsOf(hand);
  const gi = itemsOf(gen);
  if (hi !== undefined && gi !== undefined) compareValue(`${path}[]`, hi, gi, out, seen);
  const hm = mapValueOf(hand);
  const gm = mapValueOf(gen);
  if (hm !== undefined && gm !== undefined) compareValue(`${path}{}`, hm, gm, out, seen);
  if (propertiesOf(hand) !== undefined && propertiesOf(gen) !== undefined) compareStruct(hand, gen, out, seen, path);
}

function compareField(path: string, hand: TSchema, gen: TSchema, out: Agreement, seen: Set<string>): void {
  const what = (w: string, h: unknown, g: unknown) => {
    if (JSON.stringify(h) !== JSON.stringify(g)) out.disagreements.push({ path, what: w, hand: h, generated: g });
  };
  out.fields++;
  what('protobuf', protobufFieldOf(hand), protobufFieldOf(gen));
  what('omit', goOmitOf(hand), goOmitOf(gen));
  const he = embeddedIn(hand);
  const ge = embeddedIn(gen);
  what('embedded', he && [he.field, he.name], ge && [ge.field, ge.name]);
  for (const m of MARKERS) what(m, node(hand)[m], node(gen)[m]);
  compareValue(path, hand, gen, out, seen);
}

/**
 * Compares struct schemas `hand` and `gen` (recursively), adding to `out`. Every field of `hand` must exist in
 * `gen`; fields only `gen` declares are not differences (the hand-written schemas declare subsets).
 */
export function compareStruct(hand: TSchema, gen: TSchema, out: Agreement, seen = new Set<string>(), at?: string): void {
  const name = typeNameOf(hand) ?? at ?? '?';
  if (typeNameOf(hand) !== typeNameOf(gen)) {
    out.disagreements.push({ path: at ?? name, what: 'type name', hand: typeNameOf(hand), generated: typeNameOf(gen) });
  }
  if (seen.has(name)) return;
  seen.add(name);
  out.types++;
  const hp = propertiesOf(hand) ?? {};
  const gp = propertiesOf(gen) ?? {};
  const handRequired = requiredOf(hand);
  const genRequired = requiredOf(gen).filter((k) => Object.hasOwn(hp, k));
  if (JSON.stringify(handRequired) !== JSON.stringify(genRequired)) {
    out.disagreements.push({ path: name, what: 'required', hand: handRequired, generated: genRequired });
  }
  for (const [key, h] of Object.entries(hp)) {
    const g = gp[key];
    if (g === undefined) out.disagreements.push({ path: `${name}.${key}`, what: 'missing', hand: 'declared', generated: undefined });
    else compareField(`${name}.${key}`, h, g, out, seen);
  }
}
