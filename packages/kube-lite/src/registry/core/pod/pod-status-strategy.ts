/**
 * The `pods/status` update strategy (pkg/registry/core/pod `podStatusStrategy`): only the status changes, and the
 * status fields whose gate is off in Kubernetes 1.32 are dropped, as on every pod update.
 * @module
 */
import { type ApiObject, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { dropDisabledPodFields } from './drop-disabled-fields.js';
import { PodStrategy } from './strategy.js';

/** Status updates of pods. */
export class PodStatusStrategy extends StatusStrategy {
  /** Wraps the pod strategy (for scope and unconditional updates). */
  constructor() {
    super(new PodStrategy());
  }

  /** Keeps everything of the old pod but the status, then drops the disabled fields (the old pod decides what is in use). */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    dropDisabledPodFields(obj, old);
  }
}
