/**
 * Ingress backends and typed references (pkg/apis/networking/validation `validateIngressBackend`,
 * `validateIngressTypedLocalObjectReference`): exactly one of a Service (by name, with a port name or number) and
 * a resource reference (kind and name path segments, an optional DNS-subdomain API group).
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, isDNS1123Subdomain, isValidPathSegmentName, nameIsDNS1035Label } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../object-fields.js';
import { isValidPortName, isValidPortNum } from '../core/pod/port-validation.js';

/** A `TypedLocalObjectReference` as Ingress backends and IngressClass parameters use it. */
export function validateTypedLocalObjectReference(ref: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof ref.apiGroup === 'string') errs.push(...isDNS1123Subdomain(ref.apiGroup).map((m) => fieldInvalid(path.child('apiGroup'), ref.apiGroup, m)));
  for (const key of ['kind', 'name'] as const) {
    const value = stringAt(ref, key);
    if (value === '') errs.push(fieldRequired(path.child(key), `${key} is required`));
    else errs.push(...isValidPathSegmentName(value).map((m) => fieldInvalid(path.child(key), value, m)));
  }
  return errs;
}

function validateServiceBackend(service: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = stringAt(service, 'name');
  if (name === '') errs.push(fieldRequired(path.child('service', 'name'), ''));
  else errs.push(...nameIsDNS1035Label(name, false).map((m) => fieldInvalid(path.child('service', 'name'), name, m)));
  const port = recordAt(service, 'port');
  const portName = stringAt(port, 'name');
  const portNumber = typeof port?.number === 'number' ? port.number : 0;
  if (portName !== '' && portNumber !== 0) errs.push(fieldInvalid(path, '', 'cannot set both port name & port number'));
  else if (portName !== '') errs.push(...isValidPortName(portName).map((m) => fieldInvalid(path.child('service', 'port', 'name'), portName, m)));
  else if (portNumber !== 0) errs.push(...isValidPortNum(portNumber).map((m) => fieldInvalid(path.child('service', 'port', 'number'), portNumber, m)));
  else errs.push(fieldRequired(path, 'port name or number is required'));
  return errs;
}

/** An IngressBackend: a service or a resource, not both, not neither. */
export function validateIngressBackend(backend: unknown, path: FieldPath): FieldError[] {
  const resource = recordAt(backend, 'resource');
  const service = recordAt(backend, 'service');
  if (resource !== undefined && service !== undefined) return [fieldInvalid(path, '', 'cannot set both resource and service backends')];
  if (resource !== undefined) return validateTypedLocalObjectReference(resource, path.child('resource'));
  if (service !== undefined) return validateServiceBackend(service, path);
  return [fieldInvalid(path, '', 'resource or service backend is required')];
}

