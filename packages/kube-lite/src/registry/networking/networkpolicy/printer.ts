/**
 * kubectl's networkpolicy columns (pkg/printers/internalversion `printNetworkPolicy`): NAME POD-SELECTOR AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt } from '../../../printers/index.js';
import { formatLabelSelector } from '../../batch/job/printer.js';

// The description is extensions/v1beta1 NetworkPolicySpec's podSelector doc, as upstream's column definition.
const NETWORK_POLICY_COLUMNS = [
  NAME_COLUMN,
  column(
    'Pod-Selector',
    'string',
    'Selects the pods to which this NetworkPolicy object applies.  The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods.  In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.',
  ),
  AGE_COLUMN,
];

/** The cells of one networkpolicy row. */
export function printNetworkPolicy(policy: ApiObject, ctx: PrintContext): unknown[] {
  return [policy.metadata.name ?? '', formatLabelSelector(recordAt(recordAt(policy, 'spec'), 'podSelector') ?? {}), ageCell(policy, ctx.now)];
}

/** The networkpolicies' TableConvertor. */
export function newNetworkPolicyTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(NETWORK_POLICY_COLUMNS, printNetworkPolicy, options);
}
