/**
 * Restricted `restrictedVolumes` (1.0+): volumes may only be configMap, csi, downwardAPI, emptyDir, ephemeral,
 * persistentVolumeClaim, projected or secret (replaces `hostPathVolumes` in restricted).
 * @module
 */
import { isRecord, type JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { joinQuote, listAt, pluralize, sortedSet, stringAt } from '../pod-spec.js';
import { CHECK_HOST_PATH_VOLUMES_ID } from './host-path-volumes.js';

const ALLOWED_SOURCES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];

/** The restricted sources, in the order upstream names the first one a volume sets. */
const RESTRICTED_SOURCES = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'nfs',
  'iscsi',
  'glusterfs',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'fc',
  'azureFile',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'storageos',
];

const isSet = (v: JSONRecord, key: string): boolean => isRecord(v[key]);

function restrictedVolumes_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad: string[] = [];
  const types: string[] = [];
  for (const v of listAt(spec, 'volumes')) {
    if (!isRecord(v) || ALLOWED_SOURCES.some((k) => isSet(v, k))) continue;
    bad.push(stringAt(v, 'name'));
    types.push(RESTRICTED_SOURCES.find((k) => isSet(v, k)) ?? 'unknown');
  }
  if (bad.length === 0) return ALLOWED;
  const distinct = sortedSet(types);
  return forbiddenResult(
    'restricted volume types',
    `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', distinct.length)} ${joinQuote(distinct)}`,
  );
}

/** The `restrictedVolumes` check. */
export const checkRestrictedVolumes: Check = {
  id: 'restrictedVolumes',
  level: 'restricted',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: restrictedVolumes_1_0, overrideCheckIDs: [CHECK_HOST_PATH_VOLUMES_ID] }],
};
