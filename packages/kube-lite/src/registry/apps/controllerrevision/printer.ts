/**
 * kubectl's controllerrevision columns (pkg/printers/internalversion `printControllerRevision`): NAME CONTROLLER
 * REVISION AGE, the controller as `<kind>.<group>/<name>` in lower case.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { isInteger } from '../../../object-fields.js';

const CONTROLLER_REVISION_COLUMNS = [
  NAME_COLUMN,
  column('Controller', 'string', 'Controller of the object'),
  column('Revision', 'string', 'revision indicates the revision of the state represented by Data.'),
  AGE_COLUMN,
];

/** The CONTROLLER cell: the owner reference with `controller: true`, or `<none>`. */
export function controllerCell(obj: ApiObject): string {
  const ref = obj.metadata.ownerReferences?.find((r) => r.controller === true);
  if (ref === undefined) return '<none>';
  const apiVersion = ref.apiVersion ?? '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = ref.kind ?? '';
  if (kind === '' && group === '') return ref.name ?? '';
  return `${(group === '' ? kind : `${kind}.${group}`).toLowerCase()}/${ref.name ?? ''}`;
}

/** The cells of one controllerrevision row. */
export function printControllerRevision(obj: ApiObject, ctx: PrintContext): unknown[] {
  return [obj.metadata.name ?? '', controllerCell(obj), isInteger(obj.revision) ? obj.revision : 0, ageCell(obj, ctx.now)];
}

/** The controllerrevisions' TableConvertor. */
export function newControllerRevisionTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CONTROLLER_REVISION_COLUMNS, printControllerRevision, options);
}
