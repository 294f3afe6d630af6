/**
 * DELETE of storage.k8s.io/v1 objects: storageclasses, csidrivers, csinodes and volumeattachments answer with the
 * deleted object (upstream's stores set ReturnDeletedObject, and clients generated from its OpenAPI, like the Python
 * client's `delete_storage_class`, decode the answer as the kind); csistoragecapacities answer a Success Status.
 */
import type { ApiObject, Storage } from '@apiserver/registry';
import t from 'tap';
import { newCSIDriverStorage } from '../../../src/registry/storage/csidriver/storage.js';
import { newCSINodeStorage } from '../../../src/registry/storage/csinode/storage.js';
import { newCSIStorageCapacityStorage } from '../../../src/registry/storage/csistoragecapacity/storage.js';
import { newStorageClassStorage } from '../../../src/registry/storage/storageclass/storage.js';
import { newVolumeAttachmentStorage } from '../../../src/registry/storage/volumeattachment/storage.js';
import { ctxIn, memoryGetter } from '../core/core-fixtures.js';
import { storeOf } from './storage-fixtures.js';

type Rec = Record<string, unknown>;
const object = (kind: string, name: string, fields: Rec, namespace?: string): ApiObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind,
  metadata: namespace === undefined ? { name } : { name, namespace },
  ...fields,
});

const cases: readonly { resource: string; storage: typeof newStorageClassStorage; obj: ApiObject; returnsObject: boolean }[] = [
  { resource: 'storageclasses', storage: newStorageClassStorage, obj: object('StorageClass', 'fast', { provisioner: 'ebs.csi.aws.com' }), returnsObject: true },
  { resource: 'csidrivers', storage: newCSIDriverStorage, obj: object('CSIDriver', 'ebs.csi.aws.com', { spec: {} }), returnsObject: true },
  {
    resource: 'csinodes',
    storage: newCSINodeStorage,
    obj: object('CSINode', 'node-1', { spec: { drivers: [{ name: 'ebs.csi.aws.com', nodeID: 'n-1' }] } }),
    returnsObject: true,
  },
  {
    resource: 'volumeattachments',
    storage: newVolumeAttachmentStorage,
    obj: object('VolumeAttachment', 'va', { spec: { attacher: 'ebs.csi.aws.com', nodeName: 'node-1', source: { persistentVolumeName: 'pv-1' } } }),
    returnsObject: true,
  },
  {
    resource: 'csistoragecapacities',
    storage: newCSIStorageCapacityStorage,
    obj: object('CSIStorageCapacity', 'cap', { storageClassName: 'fast' }, 'default'),
    returnsObject: false,
  },
];

for (const { resource, storage, obj, returnsObject } of cases) {
  t.test(`${resource}: DELETE answers ${returnsObject ? 'the deleted object' : 'a Success Status'}`, async (t) => {
    const map: Record<string, Storage> = storage(memoryGetter(t));
    const store = storeOf(map, resource);
    const ctx = ctxIn(obj.metadata.namespace ?? '');
    t.equal(store.deleteReturnsDeletedObject(), returnsObject);
    const created = await store.create(ctx, obj);
    const res = await store.delete(ctx, obj.metadata.name ?? '');
    t.equal(res.deleted, true);
    if (returnsObject) {
      t.match(res.object, { kind: obj.kind, apiVersion: 'storage.k8s.io/v1', metadata: { name: obj.metadata.name, uid: created.metadata.uid } });
    } else {
      t.match(res.object, { kind: 'Status', status: 'Success', details: { name: obj.metadata.name, group: 'storage.k8s.io', kind: resource } });
    }
  });
}
