/**
 * Lifecycle hooks, probes and the container-level `restartPolicy` by kind of container
 * (pkg/apis/core/validation `validateLifecycle`, and the parts of `validateContainers` / `validateInitContainers`
 * about them). SidecarContainers is on in 1.32: an init container with `restartPolicy: Always` is a sidecar and
 * may have hooks and probes; other init containers may not.
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldNotSupported } from '@apiserver/runtime';
import { type JSONRecord, recordAt } from '../../../object-fields.js';
import { type HandlerAction, PROBE_ACTIONS, type ProbeKind, podGracePeriod, validateContainerProbe, validateHandler } from './probe-validation.js';

const LIFECYCLE_ACTIONS: readonly HandlerAction[] = [...PROBE_ACTIONS.filter((a) => a !== 'grpc'), 'sleep'];
const PROBES: readonly ProbeKind[] = ['livenessProbe', 'readinessProbe', 'startupProbe'];
const CONTAINER_RESTART_POLICIES: readonly string[] = ['Always'];
const INIT_FORBIDDEN = 'may not be set for init containers without restartPolicy=Always';

/** Validates `postStart` and `preStop` when set: each one handler among exec, httpGet, tcpSocket and sleep. */
export function validateLifecycle(lifecycle: JSONRecord, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const hook of ['postStart', 'preStop'] as const) {
    const handler = recordAt(lifecycle, hook);
    if (handler !== undefined) errs.push(...validateHandler(handler, LIFECYCLE_ACTIONS, gracePeriod, path.child(hook)));
  }
  return errs;
}

function validateHooksAndProbes(c: JSONRecord, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const lifecycle = recordAt(c, 'lifecycle');
  const errs = lifecycle === undefined ? [] : validateLifecycle(lifecycle, gracePeriod, path.child('lifecycle'));
  for (const kind of PROBES) errs.push(...validateContainerProbe(c, kind, gracePeriod, path));
  return errs;
}

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function validateInitContainerHandlers(c: JSONRecord, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const restartPolicy = c.restartPolicy;
  if (isSet(restartPolicy) && restartPolicy !== 'Always') {
    errs.push(fieldNotSupported(path.child('restartPolicy'), restartPolicy, CONTAINER_RESTART_POLICIES));
  }
  if (restartPolicy === 'Always') return [...errs, ...validateHooksAndProbes(c, gracePeriod, path)];
  for (const field of ['lifecycle', ...PROBES]) if (isSet(c[field])) errs.push(fieldForbidden(path.child(field), INIT_FORBIDDEN));
  return errs;
}

/**
 * Validates a container's lifecycle hooks, probes and `restartPolicy` by its kind: regular containers take hooks
 * and probes but no restartPolicy; init containers take restartPolicy `Always` only, and hooks and probes only then.
 */
export function validateContainerHandlers(c: JSONRecord, path: FieldPath, spec: JSONRecord, init: boolean): FieldError[] {
  const gracePeriod = podGracePeriod(spec);
  if (init) return validateInitContainerHandlers(c, gracePeriod, path);
  const errs = validateHooksAndProbes(c, gracePeriod, path);
  if (isSet(c.restartPolicy)) errs.push(fieldForbidden(path.child('restartPolicy'), 'may not be set for non-init containers'));
  return errs;
}
