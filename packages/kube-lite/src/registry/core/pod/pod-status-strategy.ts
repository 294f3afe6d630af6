/**
 * The `pods/status` update strategy (pkg/registry/core/pod `podStatusStrategy`): the spec, the owner references and
 * the deletion timestamp are kept from the stored pod (labels, annotations and finalizers are the request's), an
 * empty `status.qosClass` keeps the stored one. As in 1.32 (unlike the main resource), nothing is dropped for a
 * feature gate that is off: 1.33 added that. Writes are checked by `ValidatePodStatusUpdate` (pod-status-validation.ts).
 * @module
 */
import { type ApiObject, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { validatePodStatusUpdate } from './pod-status-validation.js';
import { PodStrategy } from './strategy.js';

/** Status updates of pods (`podStatusStrategy`). */
export class PodStatusStrategy extends StatusStrategy {
  /** Wraps the pod strategy (for scope and unconditional updates). */
  constructor() {
    super(new PodStrategy(), {
      keep: ['spec'],
      keepMetadata: ['ownerReferences', 'deletionTimestamp'],
      resetFields: { v1: ['spec', 'metadata.deletionTimestamp', 'metadata.ownerReferences'] },
      // Labels and annotations may change through /status: the annotation rules come first, as upstream.
      validate: (_ctx, obj, old) => validatePodStatusUpdate(obj, old),
    });
  }

  /** Keeps the spec and owners of the old pod (old kubelets corrupt owner references), back-fills the QoS class. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    backfillQOSClass(obj, old);
  }
}

/** An empty `status.qosClass` keeps the stored one (set at creation; old kubelets dropped it from rejected pods). */
function backfillQOSClass(obj: ApiObject, old: ApiObject): void {
  const status = obj.status;
  const oldQOS = (old.status as { qosClass?: unknown } | undefined)?.qosClass;
  if (oldQOS === undefined || status === null || typeof status !== 'object') return;
  const qos = (status as { qosClass?: unknown }).qosClass;
  if (qos === undefined || qos === '') (status as { qosClass?: unknown }).qosClass = oldQOS;
}
