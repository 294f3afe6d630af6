/**
 * Seccomp and AppArmor profiles of a pod or container security context (pkg/apis/core/validation
 * `validateSeccompProfileField`, `ValidateAppArmorProfileField`, `validateLocalDescendingPath`).
 * @module
 */
import { Buffer } from 'node:buffer';
import {
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooLong,
  OMIT_VALUE,
} from '@apiserver/runtime';
import type { JSONRecord } from '../../../object-fields.js';

const PROFILE_TYPES: readonly string[] = ['Localhost', 'RuntimeDefault', 'Unconfined'];
/** PATH_MAX - 1: the longest AppArmor localhost profile name. */
const MAX_APPARMOR_LOCALHOST_PROFILE_LENGTH = 4095;

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** A relative path without `..` elements (`validateLocalDescendingPath`). */
export function validateLocalDescendingPath(target: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith('/')) errs.push(fieldInvalid(path, target, 'must be a relative path'));
  if (target.split('/').includes('..')) errs.push(fieldInvalid(path, target, "must not contain '..'"));
  return errs;
}

function validateSeccompProfileType(type: unknown, path: FieldPath): FieldError[] {
  if (type === undefined || type === null || type === '') return [fieldRequired(path, 'type is required when seccompProfile is set')];
  return typeof type === 'string' && PROFILE_TYPES.includes(type) ? [] : [fieldNotSupported(path, type, PROFILE_TYPES)];
}

/**
 * Validates a `seccompProfile` when set: a type among Localhost, RuntimeDefault and Unconfined, and a relative
 * `localhostProfile` exactly when the type is Localhost. (Upstream prints the whole Go profile struct, pointer
 * addresses included, as the bad value of a misplaced localhostProfile; kube-lite omits that value.)
 */
export function validateSeccompProfile(profile: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (profile === undefined) return [];
  const errs = validateSeccompProfileType(profile.type, path.child('type'));
  const localhost = profile.localhostProfile;
  if (profile.type === 'Localhost') {
    if (typeof localhost !== 'string') errs.push(fieldRequired(path.child('localhostProfile'), 'must be set when seccomp type is Localhost'));
    else errs.push(...validateLocalDescendingPath(localhost, path.child('localhostProfile')));
  } else if (isSet(localhost)) {
    errs.push(fieldInvalid(path.child('localhostProfile'), OMIT_VALUE, 'can only be set when seccomp type is Localhost'));
  }
  return errs;
}

function validateAppArmorLocalhostProfile(localhost: unknown, path: FieldPath): FieldError[] {
  if (typeof localhost !== 'string') return [fieldRequired(path, 'must be set when AppArmor type is Localhost')];
  const errs: FieldError[] = [];
  const trimmed = localhost.trim();
  if (trimmed !== localhost) errs.push(fieldInvalid(path, localhost, 'must not be padded with whitespace'));
  else if (trimmed === '') errs.push(fieldRequired(path, 'must be set when AppArmor type is Localhost'));
  if (Buffer.byteLength(localhost, 'utf8') > MAX_APPARMOR_LOCALHOST_PROFILE_LENGTH) {
    errs.push(fieldTooLong(path, '', MAX_APPARMOR_LOCALHOST_PROFILE_LENGTH));
  }
  return errs;
}

/**
 * Validates an `appArmorProfile` when set: a type among Localhost, RuntimeDefault and Unconfined; Localhost needs
 * an unpadded non-empty `localhostProfile` of at most 4095 bytes, the others take none.
 */
export function validateAppArmorProfile(profile: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (profile === undefined) return [];
  const type = profile.type;
  const localhost = profile.localhostProfile;
  if (type === 'Localhost') return validateAppArmorLocalhostProfile(localhost, path.child('localhostProfile'));
  if (type === 'RuntimeDefault' || type === 'Unconfined') {
    return isSet(localhost) ? [fieldInvalid(path.child('localhostProfile'), localhost, 'can only be set when AppArmor type is Localhost')] : [];
  }
  if (type === undefined || type === null || type === '') return [fieldRequired(path.child('type'), 'type is required when appArmorProfile is set')];
  return [fieldNotSupported(path.child('type'), type, PROFILE_TYPES)];
}
