/**
 * kubectl's quota columns (pkg/printers/internalversion `printResourceQuota`): NAME AGE REQUEST LIMIT, where
 * REQUEST lists `name: used/hard` for each resource of `status.hard` not prefixed `limits.`, and LIMIT the rest.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordAt } from '../../../object-fields.js';

const QUOTA_COLUMNS = [
  NAME_COLUMN,
  AGE_COLUMN,
  column('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
  column('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
];

const quantityCell = (q: unknown): string => (typeof q === 'string' && q !== '' ? q : '0');

/** The cells of one quota row. */
export function printResourceQuota(quota: ApiObject, ctx: PrintContext): unknown[] {
  const status = recordAt(quota, 'status');
  const hard = recordAt(status, 'hard') ?? {};
  const used = recordAt(status, 'used') ?? {};
  const requests: string[] = [];
  const limits: string[] = [];
  for (const name of Object.keys(hard).sort()) {
    const parts = name.split('.');
    (parts.length > 1 && parts[0] === 'limits' ? limits : requests).push(`${name}: ${quantityCell(used[name])}/${quantityCell(hard[name])}`);
  }
  return [quota.metadata.name ?? '', ageCell(quota, ctx.now), requests.join(', '), limits.join(', ')];
}

/** The quotas' TableConvertor. */
export function newResourceQuotaTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(QUOTA_COLUMNS, printResourceQuota, options);
}
