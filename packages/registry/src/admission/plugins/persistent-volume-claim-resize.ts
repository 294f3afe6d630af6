/**
 * The `PersistentVolumeClaimResize` admission plugin (plugin/pkg/admission/storage/persistentvolume/resize, on by
 * default in kube-apiserver): a claim's storage request may grow only when the claim is bound and its StorageClass,
 * the same before and after, allows volume expansion.
 * @module
 */
import { compareQuantities, parseQuantity, zeroQuantity } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { isRecord, recordAt } from '../../quota/json-record.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, Operation, ValidationInterface } from '../interfaces.js';
import { BETA_STORAGE_CLASS_ANNOTATION } from './default-storage-class.js';

/** Looks a StorageClass up by name; resolves `undefined` when it does not exist. */
export type StorageClassLookup = (name: string) => Promise<ApiObject | undefined>;

/** `GetPersistentVolumeClaimClass`: the beta annotation's value when present, else `spec.storageClassName`, else "". */
export function persistentVolumeClaimClass(claim: ApiObject): string {
  const annotations = claim.metadata.annotations;
  if (annotations !== undefined && Object.hasOwn(annotations, BETA_STORAGE_CLASS_ANNOTATION)) return String(annotations[BETA_STORAGE_CLASS_ANNOTATION]);
  const name = recordAt(claim, 'spec')['storageClassName'];
  return typeof name === 'string' ? name : '';
}

/** The claim's `spec.resources.requests.storage` (zero when absent, as Go's map lookup gives). */
function storageRequest(claim: ApiObject) {
  const text = recordAt(recordAt(recordAt(claim, 'spec'), 'resources'), 'requests')['storage'];
  return (typeof text === 'string' ? parseQuantity(text) : undefined) ?? zeroQuantity();
}

/** Refuses growing a claim's storage request unless it is bound and its class allows expansion (UPDATE of claims proper). */
export class PersistentVolumeClaimResize implements ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'PersistentVolumeClaimResize';
  readonly #lookup: StorageClassLookup;

  /** Creates the plugin over a StorageClass lookup. */
  constructor(lookup: StorageClassLookup) {
    this.#lookup = lookup;
  }

  /** Handles UPDATE only. */
  handles(operation: Operation): boolean {
    return operation === 'UPDATE';
  }

  /** A grown request of an unbound claim, or of one whose class does not allow expansion, is a 403. */
  async validate(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.resource.group !== '' || a.resource.resource !== 'persistentvolumeclaims' || a.subresource !== '') return;
    const [claim, old] = [a.object, a.oldObject];
    if (!isRecord(claim) || !isRecord(claim.metadata) || !isRecord(old) || !isRecord(old.metadata)) return;
    if (compareQuantities(storageRequest(claim), storageRequest(old)) <= 0) return;
    if (recordAt(old, 'status')['phase'] !== 'Bound') throw newAdmissionForbidden(a, 'Only bound persistent volume claims can be expanded');
    if (!(await this.#allowResize(claim, old))) {
      throw newAdmissionForbidden(a, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
    }
  }

  /** Both versions name the same, non-empty class, and that class sets `allowVolumeExpansion: true`; a failed lookup does not allow. */
  async #allowResize(claim: ApiObject, old: ApiObject): Promise<boolean> {
    const name = persistentVolumeClaimClass(claim);
    if (name === '' || name !== persistentVolumeClaimClass(old)) return false;
    try {
      const sc = await this.#lookup(name);
      return sc?.['allowVolumeExpansion'] === true;
    } catch {
      return false;
    }
  }
}
