/**
 * Conversions to PartialObjectMetadata(List), what the handlers answer for
 * `Accept: application/json;as=PartialObjectMetadata[List];g=meta.k8s.io;v=v1` (Go's
 * `asPartialObjectMetadata` / `asPartialObjectMetadataList`).
 */
import { isRecord } from '../../../serializer/go-json.js';
import type { KubeObject } from '../../../runtime/scheme.js';

const LIST_META_KEYS = ['selfLink', 'resourceVersion', 'continue', 'remainingItemCount'] as const;

/** The object reduced to its metadata, as `PartialObjectMetadata` of the given meta version. */
export function toPartialObjectMetadata(obj: KubeObject, version: 'v1' | 'v1beta1' = 'v1'): KubeObject {
  return {
    kind: 'PartialObjectMetadata',
    apiVersion: `meta.k8s.io/${version}`,
    metadata: isRecord(obj.metadata) ? structuredClone(obj.metadata) : {},
  };
}

/** A list reduced to its items' metadata, keeping the list's resourceVersion, continue and counts. */
export function toPartialObjectMetadataList(list: KubeObject, version: 'v1' | 'v1beta1' = 'v1'): KubeObject {
  const source = isRecord(list.metadata) ? list.metadata : {};
  const metadata: Record<string, unknown> = {};
  for (const key of LIST_META_KEYS) if (source[key] !== undefined) metadata[key] = source[key];
  const items = Array.isArray(list.items) ? list.items.filter(isRecord) : [];
  return {
    kind: 'PartialObjectMetadataList',
    apiVersion: `meta.k8s.io/${version}`,
    metadata,
    items: items.map((item) => toPartialObjectMetadata(item, version)),
  };
}
