/**
 * kubectl's lease columns (pkg/printers/internalversion `printLease`): NAME HOLDER AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordAt } from '../../../object-fields.js';

const LEASE_COLUMNS = [NAME_COLUMN, column('Holder', 'string', 'The holder of the lease'), AGE_COLUMN];

/** The cells of one lease row (`<unknown>` without a holder). */
export function printLease(lease: ApiObject, ctx: PrintContext): unknown[] {
  const holder = recordAt(lease, 'spec')?.holderIdentity;
  return [lease.metadata.name ?? '', typeof holder === 'string' ? holder : '<unknown>', ageCell(lease, ctx.now)];
}

/** The leases' TableConvertor. */
export function newLeaseTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(LEASE_COLUMNS, printLease, options);
}
