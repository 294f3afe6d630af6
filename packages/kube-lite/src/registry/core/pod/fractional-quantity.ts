/**
 * The warning for a fractional byte quantity (pkg/api/pod and pkg/api/persistentvolumeclaim warnings): memory,
 * ephemeral-storage and storage amounts are whole bytes; `1.5` or `100m` of them is accepted but meaningless.
 * @module
 */
import { type FieldPath, formatQuantity, parseQuantity, quantityMilliValue } from '@apiserver/runtime';
import { isRecord } from '../../../object-fields.js';

/**
 * `<path>: fractional byte value "<canonical>" is invalid, must be an integer` when `list[name]` is a quantity with a
 * fractional number of bytes; nothing otherwise.
 */
export function fractionalByteWarnings(list: unknown, name: string, path: FieldPath): string[] {
  if (!isRecord(list)) return [];
  const value = list[name];
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  const q = parseQuantity(String(value));
  if (q === undefined || quantityMilliValue(q) % 1000n === 0n) return [];
  return [`${path.key(name)}: fractional byte value "${formatQuantity(q)}" is invalid, must be an integer`];
}
