/**
 * StorageClass validation (pkg/apis/storage/validation `ValidateStorageClass`, `ValidateStorageClassUpdate`):
 * provisioner required and a qualified name, parameters bounded (512 entries, 256 kB, no empty key), reclaim
 * policy Delete|Retain, binding mode Immediate|WaitForFirstConsumer, allowed topologies; provisioner, parameters,
 * reclaimPolicy and volumeBindingMode immutable.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooLong,
  newPath,
} from '@apiserver/runtime';
import { isDeepStrictEqual } from 'node:util';
import { recordsAt } from '../../../object-fields.js';
import { validateQualifiedName } from '../../core/endpoints/validation.js';
import { validateAllowedTopologies } from './topology-validation.js';

const MAX_PARAMETERS = 512;
const MAX_PARAMETERS_SIZE = 256 * 1024;
const RECLAIM_POLICIES = ['Delete', 'Retain'];
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];

/** `validateProvisioner`: required, and (lower-cased) a qualified name; shared with other driver names. */
export function validateProvisioner(provisioner: unknown, path: FieldPath): FieldError[] {
  const value = typeof provisioner === 'string' ? provisioner : '';
  if (value === '') return [fieldRequired(path, '')];
  return validateQualifiedName(value.toLowerCase(), path);
}

/** `validateParameters`: at most 512 entries of at most 256 kB together, keys not empty. */
export function validateParameters(params: unknown, path: FieldPath): FieldError[] {
  const entries = Object.entries(typeof params === 'object' && params !== null ? params : {});
  if (entries.length > MAX_PARAMETERS) return [fieldTooLong(path, '', MAX_PARAMETERS)];
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of entries) {
    if (k === '') errs.push(fieldInvalid(path, k, 'field can not be empty.'));
    size += Buffer.byteLength(k) + Buffer.byteLength(typeof v === 'string' ? v : '');
  }
  if (size > MAX_PARAMETERS_SIZE) errs.push(fieldTooLong(path, '', MAX_PARAMETERS_SIZE));
  return errs;
}

/** Validates a (defaulted) storage class. */
export function validateStorageClass(sc: ApiObject): FieldError[] {
  const errs = [...validateProvisioner(sc.provisioner, newPath('provisioner')), ...validateParameters(sc.parameters, newPath('parameters'))];
  const reclaim = sc.reclaimPolicy;
  if (typeof reclaim === 'string' && reclaim !== '' && !RECLAIM_POLICIES.includes(reclaim)) errs.push(fieldNotSupported(newPath('reclaimPolicy'), reclaim, RECLAIM_POLICIES));
  const mode = sc.volumeBindingMode;
  if (mode === undefined || mode === null) errs.push(fieldRequired(newPath('volumeBindingMode'), ''));
  else if (typeof mode !== 'string' || !BINDING_MODES.includes(mode)) errs.push(fieldNotSupported(newPath('volumeBindingMode'), mode, BINDING_MODES));
  errs.push(...validateAllowedTopologies(recordsAt(sc, 'allowedTopologies'), newPath('allowedTopologies')));
  return errs;
}

const emptyMap = (v: unknown): unknown => (typeof v === 'object' && v !== null && Object.keys(v).length === 0 ? undefined : v);

/** The update rules: the class again, with provisioner, parameters, reclaimPolicy and volumeBindingMode unchanged. */
export function validateStorageClassUpdate(sc: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateStorageClass(sc);
  if (!isDeepStrictEqual(emptyMap(sc.parameters), emptyMap(old.parameters))) errs.push(fieldForbidden(newPath('parameters'), 'updates to parameters are forbidden.'));
  if (sc.provisioner !== old.provisioner) errs.push(fieldForbidden(newPath('provisioner'), 'updates to provisioner are forbidden.'));
  if (sc.reclaimPolicy !== old.reclaimPolicy) errs.push(fieldForbidden(newPath('reclaimPolicy'), 'updates to reclaimPolicy are forbidden.'));
  if (sc.volumeBindingMode !== old.volumeBindingMode) errs.push(fieldInvalid(newPath('volumeBindingMode'), sc.volumeBindingMode ?? null, 'field is immutable'));
  return errs;
}
