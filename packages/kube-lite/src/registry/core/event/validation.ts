/**
 * Event validation for the core/v1 API (pkg/apis/core/validation `ValidateEventCreate`/`Update` →
 * `legacyValidateEvent` with request version v1): namespace agreement with the involved object, and for
 * "new" events (with eventTime) the reporting fields, action and reason with their length limits.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldInvalid, fieldRequired, isDNS1123Subdomain, isQualifiedName, newPath } from '@apiserver/runtime';
import { recordAt, stringAt } from '../../../object-fields.js';

/** Longest `reportingInstance`, `action` and `reason` (upstream's *LengthLimit constants). */
export const EVENT_FIELD_LENGTH_LIMIT = 128;
/** Longest `message` of a new-style event (`NoteLengthLimit`, 1 kB). */
export const EVENT_NOTE_LENGTH_LIMIT = 1024;

function namespaceMismatch(involvedNamespace: string): FieldError {
  return fieldInvalid(newPath('involvedObject', 'namespace'), involvedNamespace, 'does not match event.namespace');
}

function hasEventTime(event: ApiObject): boolean {
  return typeof event.eventTime === 'string' && event.eventTime !== '' && !Number.isNaN(Date.parse(event.eventTime));
}

function limited(event: ApiObject, field: string, limit: number): FieldError[] {
  return stringAt(event, field).length > limit ? [fieldInvalid(newPath(field), '', `can have at most ${limit} characters`)] : [];
}

function required(event: ApiObject, field: string): FieldError[] {
  return stringAt(event, field) === '' ? [fieldRequired(newPath(field), '')] : [];
}

function validateNewStyleEvent(event: ApiObject, namespace: string, involvedNamespace: string): FieldError[] {
  const errs: FieldError[] = [];
  if (involvedNamespace === '' && namespace !== 'default' && namespace !== 'kube-system') errs.push(namespaceMismatch(involvedNamespace));
  // Upstream validates the internal type, whose field is ReportingController: the path says so for core/v1 too.
  const controller = stringAt(event, 'reportingComponent');
  if (controller === '') errs.push(fieldRequired(newPath('reportingController'), ''));
  errs.push(...isQualifiedName(controller).map((msg) => fieldInvalid(newPath('reportingController'), controller, msg)));
  errs.push(...required(event, 'reportingInstance'), ...limited(event, 'reportingInstance', EVENT_FIELD_LENGTH_LIMIT));
  errs.push(...required(event, 'action'), ...limited(event, 'action', EVENT_FIELD_LENGTH_LIMIT));
  errs.push(...required(event, 'reason'), ...limited(event, 'reason', EVENT_FIELD_LENGTH_LIMIT));
  errs.push(...limited(event, 'message', EVENT_NOTE_LENGTH_LIMIT));
  return errs;
}

/** Validates a core/v1 Event on create and update (the same rules apply to both). */
export function validateEvent(event: ApiObject): FieldError[] {
  const namespace = event.metadata.namespace ?? '';
  const involvedNamespace = stringAt(recordAt(event, 'involvedObject'), 'namespace');
  const errs: FieldError[] = [];
  if (hasEventTime(event)) {
    errs.push(...validateNewStyleEvent(event, namespace, involvedNamespace));
  } else if (involvedNamespace === '' ? namespace !== '' && namespace !== 'default' : namespace !== involvedNamespace) {
    errs.push(namespaceMismatch(involvedNamespace));
  }
  errs.push(...isDNS1123Subdomain(namespace).map((msg) => fieldInvalid(newPath('namespace'), namespace, msg)));
  return errs;
}
