/**
 * The volume part of the pod warnings (pkg/api/pod/warnings.go): deprecated and removed volume plugins, the claim
 * template of ephemeral volumes, and projected files written over a service account token's path.
 * @module
 */
import { childPath, type FieldPath } from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';

/** Volume plugins that are deprecated or gone, in upstream's order, and what is said of each. */
const DEPRECATED_VOLUME_PLUGINS: readonly (readonly [string, string])[] = [
  ['photonPersistentDisk', 'deprecated in v1.11, non-functional in v1.16+'],
  ['gitRepo', 'deprecated in v1.11'],
  ['scaleIO', 'deprecated in v1.16, non-functional in v1.22+'],
  ['flocker', 'deprecated in v1.22, non-functional in v1.25+'],
  ['storageos', 'deprecated in v1.22, non-functional in v1.25+'],
  ['quobyte', 'deprecated in v1.22, non-functional in v1.25+'],
  ['glusterfs', 'deprecated in v1.25, non-functional in v1.26+'],
];

/** The warnings of a claim spec at a path (persistentvolumeclaim's `GetWarningsForPersistentVolumeClaimSpec`). */
export type ClaimSpecWarnings = (path: FieldPath, spec: unknown) => string[];

/** The volume warnings of a pod spec (`path` is the template's, undefined for a pod). */
export function volumeWarnings(path: FieldPath | undefined, spec: JSONRecord, claimSpecWarnings: ClaimSpecWarnings): string[] {
  const warnings: string[] = [];
  recordsAt(spec, 'volumes').forEach((v, i) => {
    const at = childPath(path, 'spec', 'volumes').index(i);
    // storageOS is `storageos` in JSON, `storageOS` in the path upstream prints.
    for (const [plugin, msg] of DEPRECATED_VOLUME_PLUGINS) {
      if (isRecord(v[plugin])) warnings.push(`${at.child(plugin === 'storageos' ? 'storageOS' : plugin)}: ${msg}`);
    }
    const claimTemplate = recordAt(recordAt(v, 'ephemeral'), 'volumeClaimTemplate');
    if (claimTemplate !== undefined) warnings.push(...claimSpecWarnings(at.child('ephemeral', 'volumeClaimTemplate', 'spec'), claimTemplate['spec']));
    if (isRecord(v['cephfs'])) warnings.push(`${at.child('cephfs')}: deprecated in v1.28, non-functional in v1.31+`);
    if (isRecord(v['rbd'])) warnings.push(`${at.child('rbd')}: deprecated in v1.28, non-functional in v1.31+`);
  });
  return [...warnings, ...projectedTokenPathWarnings(path, spec)];
}

/** Projected configMap, secret, downwardAPI and clusterTrustBundle files at a path a service account token uses. */
function projectedTokenPathWarnings(path: FieldPath | undefined, spec: JSONRecord): string[] {
  const sourcesOf = (v: JSONRecord) => recordsAt(recordAt(v, 'projected'), 'sources');
  const volumes = recordsAt(spec, 'volumes');
  const tokenPaths = new Set(volumes.flatMap((v) => sourcesOf(v).flatMap((s) => (isRecord(s['serviceAccountToken']) ? [stringAt(s['serviceAccountToken'], 'path')] : []))));
  if (tokenPaths.size === 0) return [];
  const warnings: string[] = [];
  const duplicated = (p: string) => `has duplicated path with ServiceAccountToken ${JSON.stringify(p)}`;
  volumes.forEach((v, i) => {
    if (!isRecord(v['projected'])) return;
    const sources = childPath(path, 'spec', 'volumes').index(i).child('projected', 'sources');
    for (const s of sourcesOf(v)) {
      // The path segments are upstream's, `secrets` and `ClusterTrustBundle` included.
      for (const [source, segment] of [
        ['configMap', 'configMap'],
        ['secret', 'secrets'],
        ['downwardAPI', 'downwardAPI'],
      ] as const) {
        recordsAt(s[source], 'items').forEach((item, j) => {
          const itemPath = stringAt(item, 'path');
          if (tokenPaths.has(itemPath)) warnings.push(`${sources.child(segment).index(j)}: ${duplicated(itemPath)}`);
        });
      }
      const bundle = s['clusterTrustBundle'];
      if (isRecord(bundle) && tokenPaths.has(stringAt(bundle, 'path'))) warnings.push(`${sources.child('ClusterTrustBundle')}: ${duplicated(stringAt(bundle, 'path'))}`);
    }
  });
  return warnings;
}
