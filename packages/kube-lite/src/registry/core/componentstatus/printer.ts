/**
 * kubectl's component status columns (pkg/printers/internalversion `printComponentStatus`): NAME STATUS MESSAGE
 * ERROR, from the Healthy condition (`Healthy`/`Unhealthy`, `Unknown` without one).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { column, NAME_COLUMN, PrinterTableConvertor } from '../../../printers/index.js';
import { recordsAt, stringAt } from '../../../object-fields.js';

const COMPONENT_STATUS_COLUMNS = [
  NAME_COLUMN,
  column('Status', 'string', 'Status of the component conditions'),
  column('Message', 'string', 'Message of the component conditions'),
  column('Error', 'string', 'Error of the component conditions'),
];

/** The cells of one component row. */
export function printComponentStatus(cs: ApiObject): unknown[] {
  const healthy = recordsAt(cs, 'conditions').find((c) => stringAt(c, 'type') === 'Healthy');
  if (healthy === undefined) return [cs.metadata.name ?? '', 'Unknown', '', ''];
  return [cs.metadata.name ?? '', stringAt(healthy, 'status') === 'True' ? 'Healthy' : 'Unhealthy', stringAt(healthy, 'message'), stringAt(healthy, 'error')];
}

/** The component statuses' TableConvertor. */
export function newComponentStatusTableConvertor(): PrinterTableConvertor {
  return new PrinterTableConvertor(COMPONENT_STATUS_COLUMNS, printComponentStatus);
}
