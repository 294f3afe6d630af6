/**
 * The `TaintNodesByCondition` admission plugin (plugin/pkg/admission/nodetaint, on by default in kube-apiserver): a
 * new Node gets the `node.kubernetes.io/not-ready:NoSchedule` taint, so that nothing is scheduled on it before the
 * node lifecycle controller has seen it Ready (and removed the taint).
 * @module
 */
import type { RequestContext } from '../../rest/types.js';
import { isRecord } from '../../quota/json-record.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';
import { TAINT_NODE_NOT_READY } from './default-toleration-seconds.js';

/** Adds the not-ready NoSchedule taint to new Nodes (CREATE of core nodes proper). */
export class TaintNodesByCondition implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'TaintNodesByCondition';

  /** Handles CREATE only. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** Appends `{key: node.kubernetes.io/not-ready, effect: NoSchedule}` unless a taint with that key and effect is there. */
  admit(_ctx: RequestContext, a: Attributes): void {
    if (a.resource.group !== '' || a.resource.resource !== 'nodes' || a.subresource !== '') return;
    const node = a.object;
    // Go's `%T` of the missing object.
    if (!isRecord(node)) throw newAdmissionForbidden(a, 'unexpected type <nil>');
    if (!isRecord(node['spec'])) node['spec'] = {};
    const spec = node['spec'] as Record<string, unknown>;
    const taints = Array.isArray(spec['taints']) ? spec['taints'] : [];
    // `Taint.MatchTaint`: the same key and effect, whatever the value.
    const present = taints.some((t) => isRecord(t) && t['key'] === TAINT_NODE_NOT_READY && t['effect'] === 'NoSchedule');
    if (!present) spec['taints'] = [...taints, { key: TAINT_NODE_NOT_READY, effect: 'NoSchedule' }];
  }
}
