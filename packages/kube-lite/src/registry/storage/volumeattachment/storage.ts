/**
 * VolumeAttachment storage (pkg/registry/storage/volumeattachment/storage): `volumeattachments` and
 * `volumeattachments/status` of storage.k8s.io/v1.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newVolumeAttachmentTableConvertor } from './printer.js';
import { newVolumeAttachmentStatusStrategy, VolumeAttachmentStrategy } from './strategy.js';

/** The `volumeattachments` and `volumeattachments/status` storage of storage.k8s.io/v1. */
export function newVolumeAttachmentStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): Record<string, Storage> {
  const strategy = new VolumeAttachmentStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'storage.k8s.io', version: 'v1', kind: 'VolumeAttachment', resource: 'volumeattachments', singular: 'volumeattachment' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // DELETE answers with the deleted object, as upstream's store sets ReturnDeletedObject.
    returnDeletedObject: true,
    tableConvertor: newVolumeAttachmentTableConvertor(options.printer),
  };
  return { volumeattachments: new Store(storeOptions), 'volumeattachments/status': new StatusREST(storeOptions, newVolumeAttachmentStatusStrategy(strategy)) };
}
