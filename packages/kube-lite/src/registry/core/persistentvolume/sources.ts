/**
 * The volume source of a PersistentVolume (`PersistentVolumeSource`, inlined in the spec): exactly one, and the
 * checks of pkg/apis/core/validation for the sources a local cluster uses (hostPath, nfs, local, csi).
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';

/** The source fields, in the order `ValidatePersistentVolumeSpec` visits them. */
export const PERSISTENT_VOLUME_SOURCES: readonly string[] = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'glusterfs',
  'flocker',
  'nfs',
  'rbd',
  'quobyte',
  'cephfs',
  'iscsi',
  'cinder',
  'fc',
  'flexVolume',
  'azureFile',
  'vsphereVolume',
  'photonPersistentDisk',
  'portworxVolume',
  'azureDisk',
  'scaleIO',
  'local',
  'storageos',
  'csi',
];

const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

/** Invalid when a path has a `..` element (`validatePathNoBacksteps`). */
function noBacksteps(path: string, at: FieldPath): FieldError[] {
  return path.split(/[\\/]/).includes('..') ? [fieldInvalid(at, path, "must not contain '..'")] : [];
}

function requiredPath(source: JSONRecord, at: FieldPath): FieldError[] {
  const path = stringAt(source, 'path');
  return path === '' ? [fieldRequired(at.child('path'), '')] : noBacksteps(path, at.child('path'));
}

const CHECKS: Readonly<Record<string, (source: JSONRecord, at: FieldPath) => FieldError[]>> = {
  hostPath: (source, at) => {
    const errs = requiredPath(source, at);
    const type = source.type;
    if (typeof type === 'string' && !HOST_PATH_TYPES.includes(type)) errs.push(fieldNotSupported(at.child('type'), type, HOST_PATH_TYPES));
    return errs;
  },
  nfs: (source, at) => {
    const errs: FieldError[] = [];
    if (stringAt(source, 'server') === '') errs.push(fieldRequired(at.child('server'), ''));
    const path = stringAt(source, 'path');
    if (path === '') errs.push(fieldRequired(at.child('path'), ''));
    else if (!path.startsWith('/')) errs.push(fieldInvalid(at.child('path'), path, 'must be an absolute path'));
    return errs;
  },
  local: requiredPath,
  csi: (source, at) => {
    const errs: FieldError[] = [];
    if (stringAt(source, 'driver') === '') errs.push(fieldRequired(at.child('driver'), ''));
    if (stringAt(source, 'volumeHandle') === '') errs.push(fieldRequired(at.child('volumeHandle'), ''));
    return errs;
  },
};

/** Exactly one source (`must specify a volume type`, `may not specify more than 1 volume type`), then its checks. */
export function validatePersistentVolumeSource(spec: JSONRecord, at: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let found = 0;
  for (const name of PERSISTENT_VOLUME_SOURCES) {
    const source = recordAt(spec, name);
    if (source === undefined) continue;
    if (found > 0) {
      errs.push(fieldForbidden(at.child(name), 'may not specify more than 1 volume type'));
      continue;
    }
    found++;
    errs.push(...(CHECKS[name]?.(source, at.child(name)) ?? []));
  }
  if (found === 0) errs.push(fieldRequired(at, 'must specify a volume type'));
  return errs;
}

/** The source fields of a spec, for the immutability check. */
export function sourceOf(spec: JSONRecord | undefined): JSONRecord {
  const out: JSONRecord = {};
  for (const name of PERSISTENT_VOLUME_SOURCES) if (spec?.[name] !== undefined && spec[name] !== null) out[name] = spec[name];
  return out;
}
