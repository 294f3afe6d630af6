/**
 * Reading and validating a `PodSecurityConfiguration` object (pod-security.admission.config.k8s.io v1, v1beta1 or
 * v1alpha1), as the plugin's entry of an AdmissionConfiguration file holds it (`load.LoadFromData`,
 * `validation.ValidatePodSecurityConfiguration`).
 * @module
 */
import { type FieldError, fieldDuplicate, fieldInvalid, fieldRequired, nameIsDNSLabel, nameIsDNSSubdomain, newPath } from '@apiserver/runtime';
import { isRecord, type JSONRecord } from '../../../quota/json-record.js';
import { parseLevel, parseVersion } from './api.js';
import type { PodSecurityConfiguration, PodSecurityDefaults } from './configuration.js';

/** The group of the configuration kind. */
export const POD_SECURITY_CONFIGURATION_GROUP = 'pod-security.admission.config.k8s.io';
const VERSIONS = ['v1', 'v1beta1', 'v1alpha1'];
const MODES = ['enforce', 'warn', 'audit'] as const;

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s : '')) : [];
}

function defaultsOf(d: JSONRecord, errs: FieldError[]): PodSecurityDefaults {
  const out: Record<string, string> = {};
  for (const mode of MODES) {
    const level = typeof d[mode] === 'string' ? (d[mode] as string) : 'privileged';
    const version = typeof d[`${mode}-version`] === 'string' ? (d[`${mode}-version`] as string) : 'latest';
    const badLevel = parseLevel(level).error;
    if (badLevel !== undefined) errs.push(fieldInvalid(newPath('defaults', mode), level, badLevel));
    const badVersion = parseVersion(version).error;
    if (badVersion !== undefined) errs.push(fieldInvalid(newPath('defaults', `${mode}-version`), version, badVersion));
    out[mode] = level;
    out[`${mode}-version`] = version;
  }
  return out;
}

function uniqueNames(field: string, names: string[], check: (n: string) => string[], errs: FieldError[]): void {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const path = newPath('exemptions', field).index(i);
    const problems = check(name);
    if (problems.length > 0) errs.push(fieldInvalid(path, name, problems.join(', ')));
    else if (seen.has(name)) errs.push(fieldDuplicate(path, name));
    else seen.add(name);
  });
}

/**
 * The configuration an object describes, defaulted (privileged, latest, no exemptions); throws on another kind or
 * version, and on invalid levels, versions, namespace or runtime class names, empty or duplicate entries.
 */
export function podSecurityConfigurationFrom(obj: unknown): PodSecurityConfiguration {
  if (!isRecord(obj)) throw new Error('PodSecurity: the configuration is not an object');
  const [group, version] = String(obj['apiVersion'] ?? '').split('/');
  if (group !== POD_SECURITY_CONFIGURATION_GROUP || !VERSIONS.includes(version ?? '') || obj['kind'] !== 'PodSecurityConfiguration') {
    throw new Error(`PodSecurity: expected ${POD_SECURITY_CONFIGURATION_GROUP}/v1 PodSecurityConfiguration, got ${String(obj['apiVersion'])} ${String(obj['kind'])}`);
  }
  const errs: FieldError[] = [];
  const defaults = defaultsOf(isRecord(obj['defaults']) ? obj['defaults'] : {}, errs);
  const ex = isRecord(obj['exemptions']) ? obj['exemptions'] : {};
  const exemptions = { namespaces: strings(ex['namespaces']), runtimeClasses: strings(ex['runtimeClasses']), usernames: strings(ex['usernames']) };
  uniqueNames('namespaces', exemptions.namespaces, (n) => nameIsDNSLabel(n, false), errs);
  uniqueNames('runtimeClasses', exemptions.runtimeClasses, (n) => nameIsDNSSubdomain(n, false), errs);
  exemptions.usernames.forEach((name, i) => {
    const path = newPath('exemptions', 'usernames').index(i);
    if (name === '') errs.push(fieldRequired(path));
    else if (exemptions.usernames.indexOf(name) < i) errs.push(fieldDuplicate(path, name));
  });
  if (errs.length > 0) {
    const messages = errs.map(String);
    throw new Error(`PodSecurity invalid: ${messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`}`);
  }
  return { defaults, exemptions };
}
