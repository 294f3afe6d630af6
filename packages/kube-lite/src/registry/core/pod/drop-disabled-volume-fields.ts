/**
 * Volume fields of a pod spec whose gates are off in Kubernetes 1.32 (pkg/api/pod `dropDisabledFields`): `image`
 * volumes and the mounts of them (ImageVolume, alpha), and projected `clusterTrustBundle` sources
 * (ClusterTrustBundleProjection, alpha). Each is kept when the old spec already used it.
 * @module
 */
import { type JSONRecord, isRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { fieldSet } from './field-in-use.js';
import { podContainers } from './pod-containers.js';

function imageVolumesInUse(spec: JSONRecord | undefined): boolean {
  return recordsAt(spec, 'volumes').some((v) => fieldSet(v, 'image'));
}

/** Keeps the items of the array field `key` that `keep` accepts; an emptied list is removed (Go's nil slice). */
function filterList(parent: JSONRecord, key: string, keep: (item: unknown) => boolean): void {
  const list = parent[key];
  if (!Array.isArray(list)) return;
  const kept = list.filter(keep);
  if (kept.length === list.length) return;
  if (kept.length === 0) delete parent[key];
  else parent[key] = kept;
}

/** Removes the image volumes, and every container's mounts of them. */
function dropImageVolumes(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (imageVolumesInUse(oldSpec)) return;
  const names = new Set(recordsAt(spec, 'volumes').filter((v) => fieldSet(v, 'image')).map((v) => stringAt(v, 'name')));
  if (names.size === 0) return;
  filterList(spec, 'volumes', (v) => !(isRecord(v) && fieldSet(v, 'image')));
  for (const c of podContainers(spec)) filterList(c, 'volumeMounts', (m) => !(isRecord(m) && names.has(stringAt(m, 'name'))));
}

function projectedSources(spec: JSONRecord | undefined): JSONRecord[] {
  return recordsAt(spec, 'volumes').flatMap((v) => recordsAt(recordAt(v, 'projected'), 'sources'));
}

/** Clears the clusterTrustBundle of every projected source (the emptied source stays, for validation to refuse). */
function dropClusterTrustBundleProjection(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (projectedSources(oldSpec).some((s) => fieldSet(s, 'clusterTrustBundle'))) return;
  for (const s of projectedSources(spec)) delete s.clusterTrustBundle;
}

/** Drops the disabled volume fields of `spec`. */
export function dropDisabledVolumeFields(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  dropClusterTrustBundleProjection(spec, oldSpec);
  dropImageVolumes(spec, oldSpec);
}
