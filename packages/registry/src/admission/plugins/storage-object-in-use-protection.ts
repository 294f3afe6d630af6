/**
 * The `StorageObjectInUseProtection` admission plugin (plugin/pkg/admission/storage/storageobjectinuseprotection, on
 * by default in kube-apiserver): every new PersistentVolumeClaim gets the `kubernetes.io/pvc-protection` finalizer
 * and every new PersistentVolume `kubernetes.io/pv-protection`, so that deleting one only marks it; the pvc- and
 * pv-protection controllers remove the finalizer once no pod uses the claim, or the volume is no longer Bound.
 * @module
 */
import type { RequestContext } from '../../rest/types.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';

/** The finalizer that keeps a PersistentVolumeClaim while a pod uses it. */
export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
/** The finalizer that keeps a PersistentVolume while it is bound to a claim. */
export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';

/** The finalizer each protected core resource gets. */
const FINALIZERS: Readonly<Record<string, string>> = {
  persistentvolumeclaims: PVC_PROTECTION_FINALIZER,
  persistentvolumes: PV_PROTECTION_FINALIZER,
};

/** Adds the protection finalizer to claims and volumes created without it. */
export class StorageObjectInUseProtection implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'StorageObjectInUseProtection';

  /** Handles CREATE only: an update that drops the finalizer is how the controllers release an object. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** Appends the finalizer of a core claim or volume (not a subresource) that lacks it. */
  admit(_ctx: RequestContext, a: Attributes): void {
    if (a.resource.group !== '' || a.subresource !== '') return;
    const finalizer = Object.hasOwn(FINALIZERS, a.resource.resource) ? FINALIZERS[a.resource.resource] : undefined;
    const meta = a.object?.metadata;
    if (finalizer === undefined || meta === undefined) return;
    const finalizers = meta.finalizers ?? [];
    if (finalizers.includes(finalizer)) return;
    meta.finalizers = [...finalizers, finalizer];
  }
}
