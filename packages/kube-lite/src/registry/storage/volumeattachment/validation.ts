/**
 * VolumeAttachment validation (pkg/apis/storage/validation `ValidateVolumeAttachment`,
 * `ValidateVolumeAttachmentV1`, `ValidateVolumeAttachmentUpdate`): an attacher (a CSI driver name for v1
 * creates), exactly one source, a node name; status metadata ≤ 256 kB, error messages ≤ 1024 bytes and error
 * codes ≥ 0; the spec is immutable.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  fieldTooLong,
  nameIsDNSSubdomain,
  newPath,
  semanticEqual,
} from '@apiserver/runtime';
import { storageV1 } from '@apiserver/runtime/apis';
import { type JSONRecord, recordAt, stringAt, stringEntries } from '../../../object-fields.js';
import { validateNodeName } from '../../core/endpoints/validation.js';
import { validateCSIDriverName } from '../csi-driver-name.js';

const SPEC = newPath('spec');
const STATUS = newPath('status');
const MAX_METADATA_SIZE = 256 * 1024;
const MAX_ERROR_MESSAGE = 1024;
const EXACTLY_ONE_SOURCE = 'must specify exactly one of inlineVolumeSpec and persistentVolumeName';
const MAX_INT32 = 2147483647;

function validateSource(source: JSONRecord | undefined): FieldError[] {
  const path = SPEC.child('source');
  const pvName = source?.persistentVolumeName;
  const inline = source?.inlineVolumeSpec;
  const hasPV = typeof pvName === 'string';
  const hasInline = inline !== undefined && inline !== null;
  if (!hasPV && !hasInline) return [fieldRequired(path, EXACTLY_ONE_SOURCE)];
  if (hasPV && hasInline) return [fieldForbidden(path, EXACTLY_ONE_SOURCE)];
  if (hasPV && pvName === '') return [fieldRequired(path.child('persistentVolumeName'), 'must specify non empty persistentVolumeName')];
  return [];
}

function validateVolumeError(error: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (error === undefined) return [];
  const errs: FieldError[] = [];
  // Upstream reports the metadata limit (256 kB) as the maximum here, not the 1024 it checks.
  if (Buffer.byteLength(stringAt(error, 'message')) > MAX_ERROR_MESSAGE) errs.push(fieldTooLong(path.child('message'), '', MAX_METADATA_SIZE));
  const code = error.errorCode;
  if (typeof code === 'number' && code < 0) errs.push(fieldInvalid(path.child('errorCode'), code, `must be between 0 and ${MAX_INT32}, inclusive`));
  return errs;
}

function validateStatus(status: JSONRecord | undefined): FieldError[] {
  const size = stringEntries(status, 'attachmentMetadata').reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  const errs = size > MAX_METADATA_SIZE ? [fieldTooLong(STATUS.child('attachmentMetadata'), '', MAX_METADATA_SIZE)] : [];
  errs.push(...validateVolumeError(recordAt(status, 'attachError'), STATUS.child('attachError')));
  errs.push(...validateVolumeError(recordAt(status, 'detachError'), STATUS.child('detachError')));
  return errs;
}

/** `ValidateVolumeAttachment`: spec and status. */
export function validateVolumeAttachment(va: ApiObject): FieldError[] {
  const spec = recordAt(va, 'spec');
  const attacher = stringAt(spec, 'attacher');
  const errs = attacher === '' ? [fieldRequired(SPEC.child('attacher'), '')] : [];
  errs.push(...validateSource(recordAt(spec, 'source')), ...validateNodeName(stringAt(spec, 'nodeName'), SPEC.child('nodeName')));
  return [...errs, ...validateStatus(recordAt(va, 'status'))];
}

/** `ValidateVolumeAttachmentV1`: the stricter checks of v1 creates (attacher and persistent volume names). */
export function validateVolumeAttachmentV1(va: ApiObject): FieldError[] {
  const spec = recordAt(va, 'spec');
  const errs = validateCSIDriverName(stringAt(spec, 'attacher'), SPEC.child('attacher'));
  const pvName = recordAt(spec, 'source')?.persistentVolumeName;
  if (typeof pvName === 'string') {
    for (const msg of nameIsDNSSubdomain(pvName, false)) errs.push(fieldInvalid(SPEC.child('source', 'persistentVolumeName'), pvName, msg));
  }
  return errs;
}

/** `ValidateVolumeAttachmentUpdate`: the object again, with an unchanged spec. */
export function validateVolumeAttachmentUpdate(va: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateVolumeAttachment(va);
  if (!semanticEqual(storageV1.VolumeAttachmentSpecSchema, va.spec ?? {}, old.spec ?? {})) errs.push(fieldInvalid(SPEC, va.spec ?? null, 'field is immutable'));
  return errs;
}
