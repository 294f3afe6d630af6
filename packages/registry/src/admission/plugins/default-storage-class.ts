/**
 * The `DefaultStorageClass` admission plugin (plugin/pkg/admission/storage/storageclass/setdefault, on by default in
 * kube-apiserver): a new PersistentVolumeClaim that asks for no class gets the default StorageClass's name.
 * @module
 */
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { isRecord } from '../../quota/json-record.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';
import { annotationIsTrue, newestDefaultClass } from './default-class.js';

/** The annotation marking a StorageClass as the default (`storageclass.kubernetes.io/is-default-class`). */
export const IS_DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
/** Its beta form, still honoured. */
export const BETA_IS_DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';
/** The beta annotation naming a claim's class (`volume.beta.kubernetes.io/storage-class`), read before the spec field. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** Lists every StorageClass (upstream: an informer's lister). */
export type StorageClassLister = () => Promise<readonly ApiObject[]>;

/** `IsDefaultAnnotation`: either default annotation is "true". */
export function isDefaultStorageClass(c: ApiObject): boolean {
  return annotationIsTrue(c, IS_DEFAULT_STORAGE_CLASS_ANNOTATION) || annotationIsTrue(c, BETA_IS_DEFAULT_STORAGE_CLASS_ANNOTATION);
}

/** `GetDefaultClass`: the newest default StorageClass (then the first by name); undefined when none is marked. */
export function defaultStorageClass(classes: readonly ApiObject[]): ApiObject | undefined {
  return newestDefaultClass(classes, isDefaultStorageClass);
}

/** `PersistentVolumeClaimHasClass`: the beta annotation is present (whatever its value) or `spec.storageClassName` is set ("" included). */
export function persistentVolumeClaimHasClass(claim: ApiObject): boolean {
  if (claim.metadata.annotations !== undefined && Object.hasOwn(claim.metadata.annotations, BETA_STORAGE_CLASS_ANNOTATION)) return true;
  const spec = claim['spec'];
  return isRecord(spec) && spec['storageClassName'] !== undefined && spec['storageClassName'] !== null;
}

/** Names the default StorageClass in new claims that name none (CREATE of persistentvolumeclaims proper). */
export class DefaultStorageClass implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'DefaultStorageClass';
  readonly #list: StorageClassLister;

  /** Creates the plugin over a StorageClass lister. */
  constructor(list: StorageClassLister) {
    this.#list = list;
  }

  /** Handles CREATE only. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** Sets `spec.storageClassName` of a classless claim to the default class; a failed listing is a 403. */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.resource.group !== '' || a.resource.resource !== 'persistentvolumeclaims' || a.subresource !== '') return;
    const claim = a.object;
    // Not a claim: not this plugin's to judge.
    if (!isRecord(claim) || !isRecord(claim.metadata) || persistentVolumeClaimHasClass(claim)) return;
    let classes: readonly ApiObject[];
    try {
      classes = await this.#list();
    } catch (err) {
      throw newAdmissionForbidden(a, err instanceof Error ? err : String(err));
    }
    const def = defaultStorageClass(classes);
    if (def === undefined) return;
    if (!isRecord(claim['spec'])) claim['spec'] = {};
    (claim['spec'] as Record<string, unknown>)['storageClassName'] = def.metadata.name ?? '';
  }
}
