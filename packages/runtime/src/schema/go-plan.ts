/**
 * What the decode-side walks (go-decode.ts, go-numbers.ts, unknown-fields.ts) need to know of a schema node,
 * computed once per schema object: a struct's declared fields in a Map (so `constructor` or `__proto__` are never
 * found as fields), an array's items, a map's values, and the Go integer type of a leaf.
 */
import type { TSchema } from 'typebox';
import { codecOf, itemsOf, mapValueOf, node, propertiesOf, typeNameOf } from './extensions.js';

/** The Go integer types of the built-in schemas (IntOrString reads its numbers as int32). */
export type GoInt = 'int32' | 'int64';

/** One schema node as the decode-side walks see it. */
export type GoPlan =
  | { readonly kind: 'struct'; readonly fields: ReadonlyMap<string, TSchema>; readonly name: string }
  | { readonly kind: 'array'; readonly items: TSchema }
  | { readonly kind: 'map'; readonly value: TSchema }
  | { readonly kind: 'codec'; readonly int: GoInt | undefined }
  | { readonly kind: 'leaf'; readonly int: GoInt | undefined };

function goIntOf(schema: TSchema): GoInt | undefined {
  const n = node(schema);
  if (n.type !== 'integer') return undefined;
  return n.format === 'int32' ? 'int32' : 'int64';
}

function compute(schema: TSchema): GoPlan {
  const codec = codecOf(schema);
  if (codec !== undefined) return { kind: 'codec', int: codec === 'int-or-string' ? 'int32' : undefined };
  const props = propertiesOf(schema);
  if (props !== undefined) {
    const name = typeNameOf(schema) ?? '';
    return { kind: 'struct', fields: new Map(Object.entries(props)), name: name.slice(name.lastIndexOf('.') + 1) };
  }
  const items = itemsOf(schema);
  if (items !== undefined) return { kind: 'array', items };
  const value = mapValueOf(schema);
  if (value !== undefined) return { kind: 'map', value };
  return { kind: 'leaf', int: goIntOf(schema) };
}

const plans = new WeakMap<TSchema, GoPlan>();

/** The plan of a schema node, computed on first use. */
export function goPlanOf(schema: TSchema): GoPlan {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = compute(schema);
    plans.set(schema, plan);
  }
  return plan;
}
