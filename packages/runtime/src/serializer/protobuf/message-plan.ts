/**
 * Per-schema facts the protobuf codec needs on every call, computed once per schema object: which
 * properties have protobuf numbers, which live in an embedded message, and what Go writes when unset.
 */
import type { TSchema } from 'typebox';
import {
  codecOf,
  type EmbeddedIn,
  embeddedIn,
  goOmitOf,
  itemsOf,
  mapValueOf,
  node,
  propertiesOf,
  protobufFieldOf,
  type WireCodec,
} from '../../schema/extensions.js';

/** What Go's generated marshaller writes for an unset field. */
export type UnsetField = { readonly kind: 'skip' } | { readonly kind: 'scalar'; readonly value: unknown } | { readonly kind: 'message' };

/** One numbered property of a message. */
export interface FieldPlan {
  /** JSON (and protobuf) field name. */
  readonly key: string;
  /** The property schema. */
  readonly schema: TSchema;
  /** What to write when the value is absent. */
  readonly unset: UnsetField;
  /** True for repeated and map fields (absent on the wire = Go nil). */
  readonly collection: boolean;
}

/** What a schema is, for the protobuf codec. */
export type ValuePlan =
  | { readonly kind: 'codec'; readonly codec: WireCodec }
  | { readonly kind: 'message'; readonly fields: readonly FieldPlan[]; readonly embeds: readonly EmbeddedIn[] }
  | { readonly kind: 'array'; readonly items: TSchema }
  | { readonly kind: 'map'; readonly value: TSchema }
  | { readonly kind: 'scalar'; readonly type: unknown; readonly int64: boolean };

const ZERO_FILLED_CODECS: ReadonlySet<string> = new Set(['time', 'microtime', 'int-or-string', 'quantity', 'raw-extension']);

function unsetOf(schema: TSchema): UnsetField {
  const omit = goOmitOf(schema);
  if (omit === 'nil' || omit === 'null') return { kind: 'skip' };
  const codec = codecOf(schema);
  if (codec !== undefined) return ZERO_FILLED_CODECS.has(codec) ? { kind: 'message' } : { kind: 'skip' };
  if (propertiesOf(schema) !== undefined) return { kind: 'message' };
  const type = node(schema).type;
  if (type === 'string') return { kind: 'scalar', value: '' };
  if (type === 'boolean') return { kind: 'scalar', value: false };
  if (type === 'integer' || type === 'number') return { kind: 'scalar', value: 0 };
  return { kind: 'skip' };
}

function messagePlan(props: Record<string, TSchema>): ValuePlan {
  const fields: FieldPlan[] = [];
  const embeds = new Map<string, EmbeddedIn>();
  for (const [key, schema] of Object.entries(props)) {
    const embed = embeddedIn(schema);
    if (embed !== undefined) {
      if (!embeds.has(embed.name)) embeds.set(embed.name, embed);
      continue;
    }
    if (protobufFieldOf(schema) === undefined) continue;
    const collection = codecOf(schema) === undefined && (itemsOf(schema) !== undefined || mapValueOf(schema) !== undefined);
    fields.push({ key, schema, unset: unsetOf(schema), collection });
  }
  return { kind: 'message', fields, embeds: [...embeds.values()] };
}

function computePlan(schema: TSchema): ValuePlan {
  const codec = codecOf(schema);
  if (codec !== undefined) return { kind: 'codec', codec };
  const props = propertiesOf(schema);
  if (props !== undefined) return messagePlan(props);
  const items = itemsOf(schema);
  if (items !== undefined) return { kind: 'array', items };
  const value = mapValueOf(schema);
  if (value !== undefined) return { kind: 'map', value };
  const n = node(schema);
  return { kind: 'scalar', type: n.type, int64: n.format === 'int64' };
}

const plans = new WeakMap<TSchema, ValuePlan>();

/** The cached plan of a schema. */
export function planOf(schema: TSchema): ValuePlan {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = computePlan(schema);
    plans.set(schema, plan);
  }
  return plan;
}
