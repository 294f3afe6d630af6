/**
 * Ephemeral containers of a pod spec (pkg/apis/core/validation `validateEphemeralContainers`): the common container
 * checks, names unique across every container type, a `targetContainerName` naming a regular or init container, and
 * an allow list of fields — ports, resources, resize and restart policies, probes and lifecycle hooks are refused, as
 * are volume mount sub-paths — since debugging containers must not become part of what the pod serves.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotFound, fieldRequired, isDNS1123Label } from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordsAt, stringAt } from '../../../object-fields.js';
import { validateContainerCommon } from './container-validation.js';

/** The container fields an ephemeral container may not set, in the order of Go's `EphemeralContainerCommon`. */
const FORBIDDEN_FIELDS: readonly string[] = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'];
const FORBIDDEN = 'cannot be set for an Ephemeral Container';

/** Whether a JSON value decodes to something other than its Go zero value (a struct of zero fields counts as zero). */
function isSet(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (isRecord(v)) return Object.values(v).some((f) => f !== undefined && f !== null);
  return true;
}

/** The errors of `spec.ephemeralContainers` at `path` (the pod spec's path). */
export function validateEphemeralContainers(spec: JSONRecord, path: FieldPath, volumes: ReadonlySet<string>): FieldError[] {
  const ephemeral = recordsAt(spec, 'ephemeralContainers');
  if (ephemeral.length === 0) return [];
  const others = new Set([...recordsAt(spec, 'containers'), ...recordsAt(spec, 'initContainers')].map((c) => stringAt(c, 'name')));
  const all = new Set(others);
  const errs: FieldError[] = [];
  ephemeral.forEach((c, i) => {
    const p = path.child('ephemeralContainers').index(i);
    const name = stringAt(c, 'name');
    if (name === '') errs.push(fieldRequired(p.child('name'), ''));
    else for (const msg of isDNS1123Label(name)) errs.push(fieldInvalid(p.child('name'), name, msg));
    errs.push(...validateContainerCommon(c, p, volumes, true));
    if (all.has(name)) errs.push(fieldDuplicate(p.child('name'), name));
    else all.add(name);
    const target = stringAt(c, 'targetContainerName');
    if (target !== '' && !others.has(target)) errs.push(fieldNotFound(p.child('targetContainerName'), target));
    // Resources is a struct: `{}` is its zero value; an empty list or map is not.
    for (const field of FORBIDDEN_FIELDS) if (field === 'resources' ? isSet(c[field]) : c[field] !== undefined && c[field] !== null) errs.push(fieldForbidden(p.child(field), FORBIDDEN));
    recordsAt(c, 'volumeMounts').forEach((m, j) => {
      for (const sub of ['subPath', 'subPathExpr']) if (stringAt(m, sub) !== '') errs.push(fieldForbidden(p.child('volumeMounts').index(j).child(sub), FORBIDDEN));
    });
  });
  return errs;
}
