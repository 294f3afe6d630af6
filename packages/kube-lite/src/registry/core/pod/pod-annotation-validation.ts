/**
 * What pod validation checks in a pod's annotations (pkg/apis/core/validation `ValidatePodSpecificAnnotations`, and on
 * create `validateSeccompAnnotationsAndFields` / `validateAppArmorAnnotationsAndFieldsMatchOnCreate`): a mirror pod
 * names its node, the deletion cost is a 32-bit integer, the deprecated seccomp and AppArmor annotations hold valid
 * profiles (an AppArmor one names an existing container), and on create an annotation and the field it duplicates
 * agree. Upstream walks the annotations as a Go map, in no set order; kube-lite walks them in the object's order.
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';
import { APPARMOR_ANNOTATION_PREFIX } from './apparmor-version-skew.js';
import { visitContainers } from './container-warnings.js';
import { validateLocalDescendingPath } from './security-profile-validation.js';
import { SECCOMP_POD_ANNOTATION } from './warnings.js';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
/** The annotation ranking a ReplicaSet's pods for scale-down (`controller.kubernetes.io/pod-deletion-cost`). */
export const POD_DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const SECCOMP_LOCALHOST_PREFIX = 'localhost/';
const ANNOTATIONS = newPath('metadata', 'annotations');

function stringAnnotations(pod: JSONRecord): [string, string][] {
  return Object.entries(recordAt(recordAt(pod, 'metadata'), 'annotations') ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** Whether a deletion cost parses as Go's `strconv.ParseInt(v, 10, 32)` does. */
function isInt32(value: string): boolean {
  if (!/^[+-]?\d+$/.test(value)) return false;
  const n = Number(value);
  return n >= -2147483648 && n <= 2147483647;
}

/** A deprecated seccomp annotation's value (`ValidateSeccompProfile`); its path is `Child`, not `Key`, upstream. */
function validateSeccompAnnotation(value: string, path: FieldPath): FieldError[] {
  if (value === 'runtime/default' || value === 'docker/default' || value === 'unconfined') return [];
  if (value.startsWith(SECCOMP_LOCALHOST_PREFIX)) return validateLocalDescendingPath(value.slice(SECCOMP_LOCALHOST_PREFIX.length), path);
  return [fieldInvalid(path, value, 'must be a valid seccomp profile')];
}

/** Whether `name` is a container, init container or ephemeral container of the spec. */
function hasContainer(spec: JSONRecord, name: string): boolean {
  return visitContainers(spec, newPath('spec')).some(([c]) => stringAt(c, 'name') === name);
}

/** `ValidatePodSpecificAnnotations`: the annotation checks of every pod create and update. */
export function validatePodSpecificAnnotations(pod: JSONRecord, allowInvalidDeletionCost = false): FieldError[] {
  const spec = recordAt(pod, 'spec') ?? {};
  const errs: FieldError[] = [];
  const annotations = stringAnnotations(pod);
  const mirror = annotations.find(([k]) => k === MIRROR_POD_ANNOTATION);
  if (mirror !== undefined && stringAt(spec, 'nodeName') === '') {
    errs.push(fieldInvalid(ANNOTATIONS.key(MIRROR_POD_ANNOTATION), mirror[1], 'must set spec.nodeName if mirror pod annotation is set'));
  }
  const cost = annotations.find(([k]) => k === POD_DELETION_COST_ANNOTATION);
  if (!allowInvalidDeletionCost && cost !== undefined && !isInt32(cost[1])) {
    errs.push(fieldInvalid(ANNOTATIONS.key(POD_DELETION_COST_ANNOTATION), cost[1], 'must be a 32bit integer'));
  }
  const seccompPod = annotations.find(([k]) => k === SECCOMP_POD_ANNOTATION);
  if (seccompPod !== undefined) errs.push(...validateSeccompAnnotation(seccompPod[1], ANNOTATIONS.child(SECCOMP_POD_ANNOTATION)));
  for (const [k, v] of annotations) if (k.startsWith(SECCOMP_CONTAINER_PREFIX)) errs.push(...validateSeccompAnnotation(v, ANNOTATIONS.child(k)));
  for (const [k, v] of annotations) {
    if (!k.startsWith(APPARMOR_ANNOTATION_PREFIX)) continue;
    const container = k.slice(APPARMOR_ANNOTATION_PREFIX.length);
    if (!hasContainer(spec, container)) errs.push(fieldInvalid(ANNOTATIONS.key(k), container, 'container not found'));
    if (v !== '' && v !== 'runtime/default' && v !== 'unconfined' && !v.startsWith('localhost/')) {
      errs.push(fieldInvalid(ANNOTATIONS.key(k), v, `invalid AppArmor profile name: ${JSON.stringify(v)}`));
    }
  }
  return errs;
}

/**
 * `ValidatePodSpecificAnnotationUpdates`: on every pod update (through `/status` too) the AppArmor and mirror-pod
 * annotations may not be added, changed or removed, then {@link validatePodSpecificAnnotations} of the new pod.
 */
export function validatePodSpecificAnnotationUpdates(pod: JSONRecord, old: JSONRecord, allowInvalidDeletionCost = false): FieldError[] {
  const now = new Map(stringAnnotations(pod));
  const before = new Map(stringAnnotations(old));
  const guarded = (k: string) => (k.startsWith(APPARMOR_ANNOTATION_PREFIX) ? 'AppArmor annotations' : k === MIRROR_POD_ANNOTATION ? 'mirror pod annotation' : undefined);
  const errs: FieldError[] = [];
  for (const [k, v] of before) {
    const what = guarded(k);
    if (what !== undefined && now.get(k) !== v) errs.push(fieldForbidden(ANNOTATIONS.key(k), `may not remove or update ${what}`));
  }
  for (const k of now.keys()) {
    const what = guarded(k);
    if (what !== undefined && !before.has(k)) errs.push(fieldForbidden(ANNOTATIONS.key(k), `may not add ${what}`));
  }
  return [...errs, ...validatePodSpecificAnnotations(pod, allowInvalidDeletionCost)];
}

/** The Forbidden of an annotation that disagrees with its field (`…AnnotationsAndFieldsMatch`), or none. */
function profileMismatch(kind: 'seccomp' | 'apparmor', annotation: string, field: JSONRecord, path: FieldPath): FieldError[] {
  const typeMismatch = [fieldForbidden(path.child('type'), `${kind} type in annotation and field must match`)];
  switch (field.type) {
    case 'Unconfined':
      return annotation === 'unconfined' ? [] : typeMismatch;
    case 'RuntimeDefault':
      return annotation === 'runtime/default' || (kind === 'seccomp' && annotation === 'docker/default') ? [] : typeMismatch;
    case 'Localhost':
      if (!annotation.startsWith('localhost/')) return typeMismatch;
      return field.localhostProfile === annotation.slice('localhost/'.length)
        ? []
        : [fieldForbidden(path.child('localhostProfile'), `${kind} profile in annotation and field must match`)];
    default:
      return [];
  }
}

/** On create: the seccomp annotations agree with the seccompProfile fields, then the AppArmor ones with theirs. */
export function validateSecurityAnnotationsMatchOnCreate(pod: JSONRecord): FieldError[] {
  const spec = recordAt(pod, 'spec') ?? {};
  const annotations = new Map(stringAnnotations(pod));
  const errs: FieldError[] = [];
  const podSeccomp = recordAt(recordAt(spec, 'securityContext'), 'seccompProfile');
  const seccompPod = annotations.get(SECCOMP_POD_ANNOTATION);
  if (podSeccomp !== undefined && seccompPod !== undefined) {
    errs.push(...profileMismatch('seccomp', seccompPod, podSeccomp, newPath('spec', 'securityContext', 'seccompProfile')));
  }
  const containers = visitContainers(spec, newPath('spec'));
  for (const [c, p] of containers) {
    const field = recordAt(recordAt(c, 'securityContext'), 'seccompProfile');
    const annotation = annotations.get(SECCOMP_CONTAINER_PREFIX + stringAt(c, 'name'));
    if (field !== undefined && annotation !== undefined) errs.push(...profileMismatch('seccomp', annotation, field, p.child('securityContext', 'seccompProfile')));
  }
  if (stringAt(recordAt(spec, 'os'), 'name') === 'windows') return errs;
  const podAppArmor = recordAt(recordAt(spec, 'securityContext'), 'appArmorProfile');
  for (const [c, p] of containers) {
    const field = recordAt(recordAt(c, 'securityContext'), 'appArmorProfile') ?? podAppArmor;
    const annotation = annotations.get(APPARMOR_ANNOTATION_PREFIX + stringAt(c, 'name'));
    if (field !== undefined && annotation !== undefined) errs.push(...profileMismatch('apparmor', annotation, field, p.child('securityContext', 'appArmorProfile')));
  }
  return errs;
}
