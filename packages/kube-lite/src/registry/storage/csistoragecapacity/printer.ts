/**
 * kubectl's csistoragecapacity columns (pkg/printers/internalversion `printCSIStorageCapacity`): NAME
 * STORAGECLASSNAME CAPACITY (no AGE), the capacity `<unset>` when absent.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { column, NAME_COLUMN, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';

const CSI_STORAGE_CAPACITY_COLUMNS = [
  NAME_COLUMN,
  column('StorageClassName', 'string', 'storageClassName represents the name of the StorageClass that the reported capacity applies to.'),
  column('Capacity', 'string', 'capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest with topology and parameters that match the previous fields.'),
];

/** The cells of one csistoragecapacity row. */
export function printCSIStorageCapacity(obj: ApiObject): unknown[] {
  const capacity = typeof obj.capacity === 'string' || typeof obj.capacity === 'number' ? String(obj.capacity) : '<unset>';
  return [obj.metadata.name ?? '', typeof obj.storageClassName === 'string' ? obj.storageClassName : '', capacity];
}

/** The csistoragecapacities' TableConvertor. */
export function newCSIStorageCapacityTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CSI_STORAGE_CAPACITY_COLUMNS, printCSIStorageCapacity, options);
}
