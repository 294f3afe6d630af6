/**
 * APIService validation (kube-aggregator `pkg/apis/apiregistration/validation`): the name is
 * `<version>.<group>`, group and version are DNS names, priorities are in range, local APIServices carry no
 * TLS settings and remote ones name a namespace, a name and a valid port.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  fieldInvalid,
  fieldRequired,
  isDNS1035Label,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  newPath,
} from '@apiserver/runtime';
import type { APIServiceSpec } from '../../apis/apiregistration/v1/types.js';

function specOf(obj: ApiObject): APIServiceSpec {
  return (obj.spec ?? { groupPriorityMinimum: 0, versionPriority: 0 }) as APIServiceSpec;
}

function validateName(obj: ApiObject, spec: APIServiceSpec): FieldError[] {
  const name = obj.metadata.name ?? '';
  if (name === '') return [];
  const path = newPath('metadata', 'name');
  const segment = isValidPathSegmentName(name);
  if (segment.length > 0) return segment.map((msg) => fieldInvalid(path, name, msg));
  const required = `${spec.version ?? ''}.${spec.group ?? ''}`;
  return name === required ? [] : [fieldInvalid(path, name, `must be \`spec.version+"."+spec.group\`: ${JSON.stringify(required)}`)];
}

function validateGroupVersion(spec: APIServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  const group = spec.group ?? '';
  const version = spec.version ?? '';
  if (group === '' && version !== 'v1') {
    errs.push(fieldRequired(newPath('spec', 'group'), 'only v1 may have an empty group and it better be legacy kube'));
  }
  if (group !== '') for (const msg of isDNS1123Subdomain(group)) errs.push(fieldInvalid(newPath('spec', 'group'), group, msg));
  for (const msg of isDNS1035Label(version)) errs.push(fieldInvalid(newPath('spec', 'version'), version, msg));
  return errs;
}

function validatePriorities(spec: APIServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  const group = spec.groupPriorityMinimum ?? 0;
  const version = spec.versionPriority ?? 0;
  if (group <= 0 || group > 20000) errs.push(fieldInvalid(newPath('spec', 'groupPriorityMinimum'), group, 'must be positive and less than 20000'));
  if (version <= 0 || version > 1000) errs.push(fieldInvalid(newPath('spec', 'versionPriority'), version, 'must be positive and less than 1000'));
  return errs;
}

function validateService(spec: APIServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  const caBundle = spec.caBundle ?? '';
  const insecure = spec.insecureSkipTLSVerify === true;
  const service = spec.service;
  if (service === undefined || service === null) {
    if (caBundle !== '') {
      errs.push(fieldInvalid(newPath('spec', 'caBundle'), `${Buffer.from(caBundle, 'base64').length} bytes`, 'local APIServices may not have a caBundle'));
    }
    if (insecure) errs.push(fieldInvalid(newPath('spec', 'insecureSkipTLSVerify'), insecure, 'local APIServices may not have insecureSkipTLSVerify'));
    return errs;
  }
  if ((service.namespace ?? '') === '') errs.push(fieldRequired(newPath('spec', 'service', 'namespace'), ''));
  if ((service.name ?? '') === '') errs.push(fieldRequired(newPath('spec', 'service', 'name'), ''));
  const port = service.port ?? 443;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    errs.push(fieldInvalid(newPath('spec', 'service', 'port'), port, 'port is not valid: must be between 1 and 65535, inclusive'));
  }
  if (insecure && caBundle !== '') errs.push(fieldInvalid(newPath('spec', 'insecureSkipTLSVerify'), insecure, 'may not be true if caBundle is present'));
  return errs;
}

/** Validates an APIService (`ValidateAPIService`); metadata is checked by the Store. */
export function validateAPIService(obj: ApiObject): FieldError[] {
  const spec = specOf(obj);
  return [...validateName(obj, spec), ...validateGroupVersion(spec), ...validatePriorities(spec), ...validateService(spec)];
}
