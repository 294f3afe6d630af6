/**
 * kubectl's ingressclass columns (pkg/printers/internalversion `printIngressClass`): NAME CONTROLLER PARAMETERS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, stringAt } from '../../../printers/index.js';

const INGRESS_CLASS_COLUMNS = [
  NAME_COLUMN,
  column('Controller', 'string', 'Controller that is responsible for handling this class'),
  column('Parameters', 'string', 'A reference to a resource with additional parameters'),
  AGE_COLUMN,
];

/** The PARAMETERS cell: `<kind>[.<apiGroup>]/<name>`, or `<none>`. */
export function formatIngressClassParameters(ingressClass: ApiObject): string {
  const params = recordAt(recordAt(ingressClass, 'spec'), 'parameters');
  if (params === undefined) return '<none>';
  const group = typeof params.apiGroup === 'string' ? `.${params.apiGroup}` : '';
  return `${stringAt(params, 'kind')}${group}/${stringAt(params, 'name')}`;
}

/** The cells of one ingressclass row. */
export function printIngressClass(ingressClass: ApiObject, ctx: PrintContext): unknown[] {
  return [ingressClass.metadata.name ?? '', stringAt(recordAt(ingressClass, 'spec'), 'controller'), formatIngressClassParameters(ingressClass), ageCell(ingressClass, ctx.now)];
}

/** The ingressclasses' TableConvertor. */
export function newIngressClassTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(INGRESS_CLASS_COLUMNS, printIngressClass, options);
}
