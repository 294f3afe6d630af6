/**
 * Helpers of the serializers' item-by-item list encoding (`ItemwiseEncoder`): the schema a registered list gives
 * its items, and joining byte pieces.
 * @module
 */
import type { TSchema } from 'typebox';
import { shapeOf } from './go-json.js';

/** The schema of the items of a list schema (its `items` array field), or undefined when it has none. */
export function listItemSchema(listSchema: TSchema): TSchema | undefined {
  const shape = shapeOf(listSchema);
  if (shape.kind !== 'struct') return undefined;
  const items = shape.fields.find((f) => f.key === 'items');
  if (items === undefined) return undefined;
  const array = shapeOf(items.schema);
  return array.kind === 'array' ? array.items : undefined;
}

/** The pieces written one after the other into one buffer. */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of pieces) length += p.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
