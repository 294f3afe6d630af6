/**
 * Per-container checks of a pod status write (pkg/apis/core/validation `validateContainerStatusUsers`,
 * `validateContainerStatusAllocatedResourcesStatus`, `validateContainerStatusNoAllocatedResourcesStatus`, 1.32).
 * Upstream's paths are kept as they are, `…[i].linux.uid` without the `user` step included. 1.32's `pods/status`
 * drops no field whose gate is off (SupplementalGroupsPolicy and ResourceHealthStatus are alpha), so these run on
 * whatever a status write sends.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported } from '@apiserver/runtime';
import { isInteger, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { inclusiveRangeError } from './port-validation.js';

const MAX_ID = 2147483647;
const HEALTH_VALUES: readonly string[] = ['Healthy', 'Unhealthy', 'Unknown'];
const CLAIM_PREFIX = 'claim:';
const CLAIM_MISMATCH = "must match one of the container's resource claims in a format 'claim:<claimName>/<request>' or 'claim:<claimName>' if request is empty";
const REQUEST_MISMATCH = "must match one of the container's resource requests";

/** `IsValidUserID` / `IsValidGroupID` of an int64 field (absent is 0). */
function validateID(value: unknown, path: FieldPath): FieldError[] {
  const id = value ?? 0;
  return isInteger(id) && id >= 0 && id <= MAX_ID ? [] : [fieldInvalid(path, id, inclusiveRangeError(0, MAX_ID))];
}

function validateLinuxContainerUser(linux: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (linux === undefined) return [];
  const errs = [...validateID(linux.uid, path.child('uid')), ...validateID(linux.gid, path.child('gid'))];
  const groups = Array.isArray(linux.supplementalGroups) ? linux.supplementalGroups : [];
  for (const [g, gid] of groups.entries()) errs.push(...validateID(gid, path.child('supplementalGroups').index(g)));
  return errs;
}

/** `validateContainerStatusUsers`: Linux IDs in range; no `linux` user on a Windows pod (no `spec.os` is Linux). */
export function validateContainerStatusUsers(statuses: readonly JSONRecord[], path: FieldPath, spec: JSONRecord | undefined): FieldError[] {
  const os = recordAt(spec, 'os') === undefined ? 'linux' : stringAt(recordAt(spec, 'os'), 'name');
  const errs: FieldError[] = [];
  statuses.forEach((status, i) => {
    const user = recordAt(status, 'user');
    if (user === undefined) return;
    const at = path.index(i).child('linux');
    if (os === 'windows' && recordAt(user, 'linux') !== undefined) errs.push(fieldForbidden(at, 'cannot be set for a windows pod'));
    if (os === 'linux') errs.push(...validateLinuxContainerUser(recordAt(user, 'linux'), at));
  });
  return errs;
}

/** Whether `name` (`claim:<claim>[/<request>]`, or a resource name) is among what `container` claims or requests. */
function allocatedNameError(container: JSONRecord, name: string): string | undefined {
  const resources = recordAt(container, 'resources');
  if (name.startsWith(CLAIM_PREFIX)) {
    const claims = recordsAt(resources, 'claims').map((c) => `${CLAIM_PREFIX}${stringAt(c, 'name')}${stringAt(c, 'request') === '' ? '' : `/${stringAt(c, 'request')}`}`);
    return claims.includes(name) ? undefined : CLAIM_MISMATCH;
  }
  return Object.hasOwn(recordAt(resources, 'requests') ?? {}, name) ? undefined : REQUEST_MISMATCH;
}

function validateAllocatedResource(resource: JSONRecord, container: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = stringAt(resource, 'name');
  const nameError = container === undefined ? undefined : allocatedNameError(container, name);
  if (nameError !== undefined) errs.push(fieldInvalid(path.child('name'), name, nameError));
  const ids = new Set<string>();
  recordsAt(resource, 'resources').forEach((r, k) => {
    const at = path.child('resources').index(k);
    const health = stringAt(r, 'health');
    if (!HEALTH_VALUES.includes(health)) errs.push(fieldNotSupported(at.child('health'), health, HEALTH_VALUES));
    const id = stringAt(r, 'resourceID');
    if (ids.has(id)) errs.push(fieldDuplicate(at.child('resourceID'), id));
    ids.add(id);
  });
  return errs;
}

/**
 * `validateContainerStatusAllocatedResourcesStatus`: each entry names one of the container's requests or claims (not
 * checked for a status whose container the spec lacks), and its resources have a known health and unique IDs.
 */
export function validateContainerStatusAllocatedResourcesStatus(statuses: readonly JSONRecord[], path: FieldPath, containers: readonly JSONRecord[]): FieldError[] {
  return statuses.flatMap((status, i) => {
    const container = containers.find((c) => stringAt(c, 'name') === stringAt(status, 'name'));
    const at = path.index(i).child('allocatedResourcesStatus');
    return recordsAt(status, 'allocatedResourcesStatus').flatMap((resource, j) => validateAllocatedResource(resource, container, at.index(j)));
  });
}

/** `validateContainerStatusNoAllocatedResourcesStatus` (ephemeral containers have no resources). */
export function validateContainerStatusNoAllocatedResourcesStatus(statuses: readonly JSONRecord[], path: FieldPath): FieldError[] {
  return statuses.flatMap((status, i) =>
    Array.isArray(status.allocatedResourcesStatus) && status.allocatedResourcesStatus.length > 0
      ? [fieldForbidden(path.index(i).child('allocatedResourcesStatus'), 'must not be specified in container status')]
      : [],
  );
}
