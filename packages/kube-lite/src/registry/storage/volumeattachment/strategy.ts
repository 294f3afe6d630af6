/**
 * The volumeattachment strategies (pkg/registry/storage/volumeattachment/strategy.go): cluster-scoped, status
 * cleared on create and kept on update (the spec is immutable, so no generation), v1 create checks; the status
 * strategy changes only status. Upstream's update validation runs `ValidateVolumeAttachment` twice (once
 * directly, once inside `ValidateVolumeAttachmentUpdate`), so its errors are reported twice; so are ours.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, RESET_OBJECT_META_FOR_STATUS, StatusStrategy } from '@apiserver/registry';
import { storageV1 } from '@apiserver/runtime/apis';
import { validateVolumeAttachment, validateVolumeAttachmentUpdate, validateVolumeAttachmentV1 } from './validation.js';

const validateUpdate = (obj: ApiObject, old: ApiObject) => [...validateVolumeAttachment(obj), ...validateVolumeAttachmentUpdate(obj, old)];

/** Create and update behaviour of volume attachments. */
export class VolumeAttachmentStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with status reset and volume attachment validation. */
  constructor() {
    super({
      namespaceScoped: false,
      allowUnconditionalUpdate: false,
      statusField: 'status',
      schema: storageV1.VolumeAttachmentSchema,
      validate: (_ctx, obj) => [...validateVolumeAttachment(obj), ...validateVolumeAttachmentV1(obj)],
      validateUpdate: (_ctx, obj, old) => validateUpdate(obj, old),
    });
  }

  /** Status starts empty. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    super.prepareForCreate(ctx, obj);
    obj.status = { attached: false };
  }
}

/** The `volumeattachments/status` update strategy. */
export function newVolumeAttachmentStatusStrategy(base: VolumeAttachmentStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    keepMetadata: RESET_OBJECT_META_FOR_STATUS,
    resetFields: { 'storage.k8s.io/v1': ['metadata', 'spec'] },
    validate: (_ctx, obj, old) => validateUpdate(obj, old),
  });
}
