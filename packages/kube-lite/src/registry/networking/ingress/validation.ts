/**
 * Ingress validation (pkg/apis/networking/validation `ValidateIngressCreate`, `ValidateIngressUpdate`,
 * `ValidateIngressSpec`, `validateIngressTLS`, `ValidateIngressStatusUpdate`): a default backend or rules, the
 * rules, TLS hosts and secret names, the class name, the `kubernetes.io/ingress.class` annotation agreeing with
 * it, and load-balancer status addresses.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, isDNS1123Subdomain, nameIsDNSSubdomain, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateIP } from '../../ip-address.js';
import { validateIngressBackend } from '../backend-validation.js';
import { looksLikeIP, validateHostName } from '../host-validation.js';
import { type IngressValidationOptions, validateIngressRules, validateIngressRuleValue } from './rule-validation.js';

/** The legacy class annotation (`annotationIngressClass`). */
export const INGRESS_CLASS_ANNOTATION = 'kubernetes.io/ingress.class';
const SPEC = newPath('spec');

function validateTLS(spec: JSONRecord, path: FieldPath, opts: IngressValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  recordsAt(spec, 'tls').forEach((tls, i) => {
    stringsAt(tls, 'hosts').forEach((host, j) => {
      errs.push(...validateHostName(host, path.index(i).child('hosts').index(j)));
    });
    const secretName = stringAt(tls, 'secretName');
    if (!opts.allowInvalidSecretName && secretName !== '') {
      errs.push(...nameIsDNSSubdomain(secretName, false).map((m) => fieldInvalid(path.index(i).child('secretName'), secretName, m)));
    }
  });
  return errs;
}

/** `ValidateIngressSpec`. */
export function validateIngressSpec(spec: JSONRecord, opts: IngressValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const rules = recordsAt(spec, 'rules');
  const defaultBackend = recordAt(spec, 'defaultBackend');
  // Go renders the nil rule list as `[]networking.IngressRule(nil)`; JSON has no such value.
  if (rules.length === 0 && defaultBackend === undefined) errs.push(fieldInvalid(SPEC, null, 'either `defaultBackend` or `rules` must be specified'));
  if (defaultBackend !== undefined) errs.push(...validateIngressBackend(defaultBackend, SPEC.child('defaultBackend')));
  if (rules.length > 0) errs.push(...validateIngressRules(rules, SPEC.child('rules'), opts));
  if (recordsAt(spec, 'tls').length > 0) errs.push(...validateTLS(spec, SPEC.child('tls'), opts));
  if (typeof spec.ingressClassName === 'string') {
    const name = spec.ingressClassName;
    errs.push(...nameIsDNSSubdomain(name, false).map((m) => fieldInvalid(SPEC.child('ingressClassName'), name, m)));
  }
  return errs;
}

const specOf = (obj: ApiObject): JSONRecord => recordAt(obj, 'spec') ?? {};

/** Validates a new Ingress: the spec with no allowances, and the class annotation matching `ingressClassName`. */
export function validateIngressCreate(obj: ApiObject): FieldError[] {
  const errs = validateIngressSpec(specOf(obj), { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false });
  const annotation = obj.metadata.annotations?.[INGRESS_CLASS_ANNOTATION];
  const className = specOf(obj).ingressClassName;
  if (annotation !== undefined && typeof className === 'string' && annotation !== className) {
    errs.push(fieldInvalid(newPath('annotations').child(INGRESS_CLASS_ANNOTATION), annotation, 'must match `ingressClassName` when both are specified'));
  }
  return errs;
}

function hasInvalidSecretName(spec: JSONRecord): boolean {
  return recordsAt(spec, 'tls').some((tls) => {
    const name = stringAt(tls, 'secretName');
    return name !== '' && nameIsDNSSubdomain(name, false).length > 0;
  });
}

function hasInvalidWildcardHostRule(spec: JSONRecord): boolean {
  return recordsAt(spec, 'rules').some((rule) => stringAt(rule, 'host').includes('*') && validateIngressRuleValue(rule, newPath('')).length > 0);
}

/** Validates an Ingress update: the spec, keeping the invalid secret names and wildcard rules the old object had. */
export function validateIngressUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const oldSpec = specOf(old);
  return validateIngressSpec(specOf(obj), { allowInvalidSecretName: hasInvalidSecretName(oldSpec), allowInvalidWildcardHostRule: hasInvalidWildcardHostRule(oldSpec) });
}

/** `ValidateIngressStatusUpdate`: each load-balancer ingress has a valid IP and a DNS (not IP) hostname. */
export function validateIngressStatus(obj: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const path = newPath('status', 'loadBalancer', 'ingress');
  recordsAt(recordAt(recordAt(obj, 'status'), 'loadBalancer'), 'ingress').forEach((lb, i) => {
    const ip = stringAt(lb, 'ip');
    if (ip !== '') errs.push(...validateIP(path.index(i).child('ip'), ip));
    const hostname = stringAt(lb, 'hostname');
    if (hostname === '') return;
    errs.push(...isDNS1123Subdomain(hostname).map((m) => fieldInvalid(path.index(i).child('hostname'), hostname, m)));
    if (looksLikeIP(hostname)) errs.push(fieldInvalid(path.index(i).child('hostname'), hostname, 'must be a DNS name, not an IP address'));
  });
  return errs;
}
