/**
 * CSIDriver validation (pkg/apis/storage/validation `ValidateCSIDriver`, `ValidateCSIDriverUpdate` of 1.32):
 * attachRequired, podInfoOnMount, storageCapacity and seLinuxMount set (the defaults set them), fsGroupPolicy
 * one of three, token requests with distinct audiences and 10 min ≤ expirationSeconds ≤ 2^32, lifecycle modes
 * Persistent|Ephemeral; attachRequired and volumeLifecycleModes immutable. Upstream names the attachRequired
 * path `spec.attachedRequired`; so does this port.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { isDeepStrictEqual } from 'node:util';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';

const SPEC = newPath('spec');
const FS_GROUP_POLICIES = ['File', 'None', 'ReadWriteOnceWithFSType'];
const LIFECYCLE_MODES = ['Persistent', 'Ephemeral'];
const MIN_TOKEN_SECONDS = 600;
const MAX_TOKEN_SECONDS = 2 ** 32;

function validateTokenRequests(spec: JSONRecord): FieldError[] {
  const errs: FieldError[] = [];
  const audiences = new Set<string>();
  recordsAt(spec, 'tokenRequests').forEach((req, i) => {
    const p = SPEC.child('tokenRequests').index(i);
    const audience = stringAt(req, 'audience');
    if (audiences.has(audience)) {
      errs.push(fieldDuplicate(p.child('audience'), audience));
      return;
    }
    audiences.add(audience);
    const seconds = req.expirationSeconds;
    if (typeof seconds !== 'number') return;
    if (seconds < MIN_TOKEN_SECONDS) errs.push(fieldInvalid(p.child('expirationSeconds'), seconds, 'may not specify a duration less than 10 minutes'));
    if (seconds > MAX_TOKEN_SECONDS) errs.push(fieldInvalid(p.child('expirationSeconds'), seconds, 'may not specify a duration larger than 2^32 seconds'));
  });
  return errs;
}

function validateSpec(spec: JSONRecord): FieldError[] {
  const errs: FieldError[] = [];
  const requiredFlags: [string, string][] = [
    ['attachRequired', 'attachedRequired'],
    ['podInfoOnMount', 'podInfoOnMount'],
    ['storageCapacity', 'storageCapacity'],
  ];
  for (const [key, pathName] of requiredFlags) if (typeof spec[key] !== 'boolean') errs.push(fieldRequired(SPEC.child(pathName), ''));
  const policy = spec.fsGroupPolicy;
  if (policy !== undefined && policy !== null && !FS_GROUP_POLICIES.includes(String(policy))) errs.push(fieldNotSupported(SPEC.child('fsGroupPolicy'), policy, FS_GROUP_POLICIES));
  errs.push(...validateTokenRequests(spec));
  const modes = Array.isArray(spec.volumeLifecycleModes) ? spec.volumeLifecycleModes : [];
  for (const mode of modes) if (!LIFECYCLE_MODES.includes(String(mode))) errs.push(fieldNotSupported(SPEC.child('volumeLifecycleModes'), mode, LIFECYCLE_MODES));
  if (typeof spec.seLinuxMount !== 'boolean') errs.push(fieldRequired(SPEC.child('seLinuxMount'), ''));
  return errs;
}

/** Validates a (defaulted) CSI driver. */
export function validateCSIDriver(driver: ApiObject): FieldError[] {
  return validateSpec(recordAt(driver, 'spec') ?? {});
}

/** The update rules: the spec again, with attachRequired and volumeLifecycleModes unchanged. */
export function validateCSIDriverUpdate(driver: ApiObject, old: ApiObject): FieldError[] {
  const spec = recordAt(driver, 'spec') ?? {};
  const oldSpec = recordAt(old, 'spec') ?? {};
  const errs = validateSpec(spec);
  if (spec.attachRequired !== oldSpec.attachRequired) errs.push(fieldInvalid(SPEC.child('attachedRequired'), spec.attachRequired ?? null, 'field is immutable'));
  if (!isDeepStrictEqual(spec.volumeLifecycleModes, oldSpec.volumeLifecycleModes)) {
    errs.push(fieldInvalid(SPEC.child('volumeLifecycleModes'), spec.volumeLifecycleModes ?? null, 'field is immutable'));
  }
  return errs;
}
