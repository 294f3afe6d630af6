/**
 * Probe and handler checks of a container (pkg/apis/core/validation `validateLivenessProbe`,
 * `validateReadinessProbe`, `validateStartupProbe`, `validateProbe`, `validateHandler` and the actions it
 * dispatches to: exec, httpGet, tcpSocket, grpc and — for lifecycle hooks — sleep).
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  regexError,
  validateNonnegativeField,
} from '@apiserver/runtime';
import { isInteger, isRecord, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { isValidPortNum, validatePortNumOrName } from './port-validation.js';

const HTTP_SCHEMES: readonly string[] = ['HTTP', 'HTTPS'];
const HTTP_HEADER_NAME_FMT = '[-A-Za-z0-9]+';
const HTTP_HEADER_NAME_RE = new RegExp(`^${HTTP_HEADER_NAME_FMT}$`);
const HTTP_HEADER_NAME_ERR = "a valid HTTP header must consist of alphanumeric characters or '-'";
const MORE_THAN_ONE_HANDLER = 'may not specify more than 1 handler type';

/** The handler actions a probe may name; lifecycle hooks add `sleep`. */
export type HandlerAction = 'exec' | 'httpGet' | 'tcpSocket' | 'grpc' | 'sleep';

/** The actions of a probe handler, in upstream's checking order. */
export const PROBE_ACTIONS: readonly HandlerAction[] = ['exec', 'httpGet', 'tcpSocket', 'grpc'];

/**
 * The pod's `terminationGracePeriodSeconds` (what a sleep action must not exceed), or undefined when unset
 * (defaulting sets 30, so only an invalid spec leaves it out; the sleep check is then skipped, as upstream does).
 */
export function podGracePeriod(spec: JSONRecord): number | undefined {
  const grace = spec.terminationGracePeriodSeconds;
  return isInteger(grace) ? grace : undefined;
}

/** A Go integer or int-or-string field as decoded: absent is the integer 0. */
function orZero(v: unknown): unknown {
  return v === undefined || v === null ? 0 : v;
}

function validateHTTPGetAction(http: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (stringAt(http, 'path') === '') errs.push(fieldRequired(path.child('path'), ''));
  errs.push(...validatePortNumOrName(orZero(http.port), path.child('port')));
  const scheme = stringAt(http, 'scheme');
  if (!HTTP_SCHEMES.includes(scheme)) errs.push(fieldNotSupported(path.child('scheme'), scheme, HTTP_SCHEMES));
  for (const header of recordsAt(http, 'httpHeaders')) {
    const name = stringAt(header, 'name');
    if (!HTTP_HEADER_NAME_RE.test(name)) {
      errs.push(fieldInvalid(path.child('httpHeaders'), name, regexError(HTTP_HEADER_NAME_ERR, HTTP_HEADER_NAME_FMT, 'X-Header-Name')));
    }
  }
  return errs;
}

function validateGRPCAction(grpc: JSONRecord, path: FieldPath): FieldError[] {
  const port = orZero(grpc.port);
  return isValidPortNum(port).map((msg) => fieldInvalid(path, port, msg));
}

/**
 * The sleep action of a lifecycle hook: 1…grace period seconds. PodLifecycleSleepActionAllowZero is alpha (off)
 * in 1.32, so zero is refused with upstream's hint to enable it.
 */
function validateSleepAction(sleep: JSONRecord, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  if (gracePeriod === undefined) return [];
  const seconds = orZero(sleep.seconds);
  if (isInteger(seconds) && seconds > 0 && seconds <= gracePeriod) return [];
  const msg = `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`;
  return [fieldInvalid(path, seconds, msg)];
}

function validateAction(action: HandlerAction, body: JSONRecord, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  switch (action) {
    case 'exec':
      return Array.isArray(body.command) && body.command.length > 0 ? [] : [fieldRequired(path.child('command'), '')];
    case 'httpGet':
      return validateHTTPGetAction(body, path);
    case 'tcpSocket':
      return validatePortNumOrName(orZero(body.port), path.child('port'));
    case 'grpc':
      return validateGRPCAction(body, path.child('port'));
    case 'sleep':
      return validateSleepAction(body, gracePeriod, path);
  }
}

/**
 * Validates a handler (`validateHandler`): the first action set is checked, every further one is Forbidden
 * (`may not specify more than 1 handler type`), and none at all is `Required: must specify a handler type`.
 */
export function validateHandler(
  handler: JSONRecord,
  actions: readonly HandlerAction[],
  gracePeriod: number | undefined,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  let found = false;
  for (const action of actions) {
    const body = handler[action];
    if (!isRecord(body)) continue;
    if (found) errs.push(fieldForbidden(path.child(action), MORE_THAN_ONE_HANDLER));
    else errs.push(...validateAction(action, body, gracePeriod, path.child(action)));
    found = true;
  }
  if (!found) errs.push(fieldRequired(path, 'must specify a handler type'));
  return errs;
}

/** `validateProbe`: one handler, non-negative delays and thresholds, a positive probe grace period when set. */
function validateProbe(probe: JSONRecord, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs = validateHandler(probe, PROBE_ACTIONS, gracePeriod, path);
  for (const field of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    errs.push(...validateNonnegativeField(probe[field], path.child(field)));
  }
  const grace = probe.terminationGracePeriodSeconds;
  if (typeof grace === 'number' && grace <= 0) errs.push(fieldInvalid(path.child('terminationGracePeriodSeconds'), grace, 'must be greater than 0'));
  return errs;
}

/** The three probes of a container. */
export type ProbeKind = 'livenessProbe' | 'readinessProbe' | 'startupProbe';

/**
 * Validates one probe of a container when set: the common checks, then successThreshold must be 1 (liveness,
 * startup) or terminationGracePeriodSeconds must not be set (readiness).
 */
export function validateContainerProbe(container: JSONRecord, kind: ProbeKind, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const probe = recordAt(container, kind);
  if (probe === undefined) return [];
  const p = path.child(kind);
  const errs = validateProbe(probe, gracePeriod, p);
  if (kind === 'readinessProbe') {
    const grace = probe.terminationGracePeriodSeconds;
    if (grace !== undefined && grace !== null) errs.push(fieldInvalid(p.child('terminationGracePeriodSeconds'), grace, 'must not be set for readinessProbes'));
  } else {
    const threshold = probe.successThreshold ?? 0;
    if (threshold !== 1) errs.push(fieldInvalid(p.child('successThreshold'), threshold, 'must be 1'));
  }
  return errs;
}
