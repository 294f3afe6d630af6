import type { APIGroupVersionConfig } from '@apiserver/endpoints';
import type { CodecFactory, GroupVersion, Scheme } from '@apiserver/runtime';

/** `resource` or `resource/subresource` → storage, for one version. */
export type ResourceStorageMap = APIGroupVersionConfig['storage'];

/** An API group to install (k8s `APIGroupInfo`). */
export interface APIGroupInfo {
  /** Versions in priority order; the first is the preferred version. */
  readonly prioritizedVersions: readonly GroupVersion[];
  /** version → (resource path → storage); versions without resources are skipped. */
  readonly versionedResourcesStorageMap: Readonly<Record<string, ResourceStorageMap>>;
  /** The scheme of the kinds served. */
  readonly scheme: Scheme;
  /** Serializers (default: a CodecFactory over the scheme). */
  readonly codecs?: CodecFactory;
  /** Admission plugins. */
  readonly admission?: APIGroupVersionConfig['admission'];
  /** Extra field selector labels per kind. */
  readonly fieldLabels?: APIGroupVersionConfig['fieldLabels'];
}

/** An API group that cannot be installed (empty group or version, wrong legacy prefix). */
export class APIGroupInfoError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'APIGroupInfoError';
  }
}

/** Whether a storage map has at least one resource. */
export function hasResources(storage: ResourceStorageMap | undefined): boolean {
  if (storage === undefined) return false;
  return storage instanceof Map ? storage.size > 0 : Object.keys(storage).length > 0;
}
