/**
 * NetworkPolicy defaulting (pkg/apis/networking/v1 `SetDefaults_NetworkPolicy`, `SetDefaults_NetworkPolicyPort`):
 * policyTypes `[Ingress]` (plus Egress when egress rules exist) when empty, and TCP for ports without a protocol.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord, recordsAt } from '../../../object-fields.js';

/** Applies the networking/v1 NetworkPolicy defaults in place. */
export function defaultNetworkPolicy(obj: ApiObject): void {
  const spec = ensureRecord(obj, 'spec');
  for (const rule of [...recordsAt(spec, 'ingress'), ...recordsAt(spec, 'egress')]) {
    for (const port of recordsAt(rule, 'ports')) if (port.protocol === undefined || port.protocol === null) port.protocol = 'TCP';
  }
  if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) {
    spec.policyTypes = recordsAt(spec, 'egress').length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
  }
}
