/**
 * Helpers of the serializers' item-by-item list encoding (`ItemwiseEncoder`): the schema a registered list gives
 * its items, and joining byte pieces.
 * @module
 */
import type { TSchema } from 'typebox';
import type { KubeObject } from '../runtime/scheme.js';
import { isRecord, shapeOf } from './go-json.js';

/** The schema of the items of a list schema (its `items` array field), or undefined when it has none. */
export function listItemSchema(listSchema: TSchema): TSchema | undefined {
  const shape = shapeOf(listSchema);
  if (shape.kind !== 'struct') return undefined;
  const items = shape.fields.find((f) => f.key === 'items');
  if (items === undefined) return undefined;
  const array = shapeOf(items.schema);
  return array.kind === 'array' ? array.items : undefined;
}

/** Pieces shorter than this are copied byte by byte: a typed array `set` costs more than that for a separator. */
const SHORT_PIECE = 16;

/** The pieces written one after the other into one buffer. */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of pieces) length += p.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const p of pieces) {
    if (p.length < SHORT_PIECE) {
      for (let i = 0; i < p.length; i++) out[at + i] = p[i] ?? 0;
    } else {
      out.set(p, at);
    }
    at += p.length;
  }
  return out;
}

/**
 * Whether every item is an object whose own schema (`schemaOf`, looked up once per apiVersion and kind) is
 * `schema`: a list then writes each item as the item alone is written.
 */
export function itemsOfSchema(items: readonly unknown[], schema: TSchema | undefined, schemaOf: (item: KubeObject) => TSchema | undefined): boolean {
  let apiVersion: unknown;
  let kind: unknown;
  for (const item of items) {
    if (!isRecord(item)) return false;
    if (typeof item.apiVersion === 'string' && item.apiVersion === apiVersion && item.kind === kind) continue;
    if (schemaOf(item) !== schema) return false;
    apiVersion = item.apiVersion;
    kind = item.kind;
  }
  return true;
}
