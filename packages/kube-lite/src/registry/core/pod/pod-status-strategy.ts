/**
 * The `pods/status` update strategy (pkg/registry/core/pod `podStatusStrategy`): the spec, the owner references and
 * the deletion timestamp are kept from the stored pod (labels, annotations and finalizers are the request's), an
 * empty `status.qosClass` keeps the stored one, and the status fields whose gate is off in Kubernetes 1.32 are
 * dropped, as on every pod update. Writes are checked by `ValidatePodStatusUpdate` (see pod-status-validation.ts).
 * @module
 */
import { type ApiObject, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { dropDisabledPodFields } from './drop-disabled-fields.js';
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

  /**
   * Keeps the spec and owners of the old pod (old kubelets corrupt owner references), back-fills the QoS class,
   * then drops the disabled fields (the old pod decides what is in use).
   */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    backfillQOSClass(obj, old);
    dropDisabledPodFields(obj, old);
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
