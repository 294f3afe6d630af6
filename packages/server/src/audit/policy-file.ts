/**
 * Reading and validating an audit policy file (`--audit-policy-file`, apiserver `pkg/audit/policy/reader.go` and
 * `pkg/apis/audit/validation`): YAML or JSON of an `audit.k8s.io/v1` `Policy`, with at least one rule.
 * @module
 */
import { readFileSync } from 'node:fs';
import {
  aggregateFieldErrors,
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1123Subdomain,
  newPath,
  yamlToJSON,
} from '@apiserver/runtime';
import { AUDIT_LEVELS, AUDIT_STAGES, type AuditPolicy, type AuditStage, type GroupResources, type PolicyRule } from './policy.js';

/** An unusable policy file; the server does not start. */
export class AuditPolicyError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'AuditPolicyError';
  }
}

function validateOmitStages(stages: readonly string[] | undefined, path: FieldPath): FieldError[] {
  return (stages ?? [])
    .map((stage, i) => ((AUDIT_STAGES as readonly string[]).includes(stage) ? undefined : fieldInvalid(path.index(i), stage, `allowed stages are ${AUDIT_STAGES.join(',')}`)))
    .filter((e) => e !== undefined);
}

function validateLevel(level: string | undefined, path: FieldPath): FieldError[] {
  if (level === undefined || level === '') return [fieldRequired(path)];
  return (AUDIT_LEVELS as readonly string[]).includes(level) ? [] : [fieldNotSupported(path, level, AUDIT_LEVELS)];
}

function validateNonResourceURLs(urls: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  urls.forEach((url, i) => {
    if (url === '*') return;
    if (!url.startsWith('/')) errs.push(fieldInvalid(path.index(i), url, "non-resource URL rules must begin with a '/' character"));
    if (url !== '' && url.slice(0, -1).includes('*')) errs.push(fieldInvalid(path.index(i), url, "non-resource URL wildcards '*' must be the final character of the rule"));
  });
  return errs;
}

function validateResources(groups: readonly GroupResources[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const gr of groups) {
    const group = gr.group ?? '';
    const msgs = group === '' ? [] : isDNS1123Subdomain(group);
    if (msgs.length > 0) errs.push(fieldInvalid(path.child('group'), group, msgs.join(',')));
    if ((gr.resourceNames ?? []).length > 0 && (gr.resources ?? []).length === 0) {
      errs.push(fieldInvalid(path.child('resourceNames'), gr.resourceNames, 'using resourceNames requires at least one resource'));
    }
  }
  return errs;
}

function validateRule(rule: PolicyRule, path: FieldPath): FieldError[] {
  const urls = rule.nonResourceURLs ?? [];
  const errs = [
    ...validateLevel(rule.level, path.child('level')),
    ...validateNonResourceURLs(urls, path.child('nonResourceURLs')),
    ...validateResources(rule.resources ?? [], path.child('resources')),
    ...validateOmitStages(rule.omitStages, path.child('omitStages')),
  ];
  if (urls.length > 0 && ((rule.resources ?? []).length > 0 || (rule.namespaces ?? []).length > 0)) {
    errs.push(fieldInvalid(path.child('nonResourceURLs'), urls, 'rules cannot apply to both regular resources and non-resource URLs'));
  }
  return errs;
}

/** The field errors of a policy (`ValidatePolicy`). */
export function validateAuditPolicy(policy: AuditPolicy): FieldError[] {
  const rules = newPath('rules');
  return [...validateOmitStages(policy.omitStages, newPath('omitStages')), ...policy.rules.flatMap((rule, i) => validateRule(rule, rules.index(i)))];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringList(v: unknown, what: string): readonly string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new AuditPolicyError(`${what} must be a list of strings`);
  return v as string[];
}

function toGroupResources(v: unknown): GroupResources {
  if (!isRecord(v)) throw new AuditPolicyError('rules[].resources[] must be objects');
  const group = v.group ?? '';
  if (typeof group !== 'string') throw new AuditPolicyError('rules[].resources[].group must be a string');
  const resources = stringList(v.resources, 'resources[].resources');
  const resourceNames = stringList(v.resourceNames, 'resources[].resourceNames');
  return { group, ...(resources && { resources }), ...(resourceNames && { resourceNames }) };
}

function optionalBoolean(v: unknown, what: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new AuditPolicyError(`${what} must be a boolean`);
  return v;
}

function toRule(v: unknown): PolicyRule {
  if (!isRecord(v)) throw new AuditPolicyError('rules[] must be objects');
  const resources = v.resources === undefined || v.resources === null ? undefined : Array.isArray(v.resources) ? v.resources.map(toGroupResources) : undefined;
  if (v.resources !== undefined && v.resources !== null && resources === undefined) throw new AuditPolicyError('rules[].resources must be a list');
  const omitManagedFields = optionalBoolean(v.omitManagedFields, 'rules[].omitManagedFields');
  const lists = Object.fromEntries(
    (['users', 'userGroups', 'verbs', 'namespaces', 'nonResourceURLs', 'omitStages'] as const)
      .map((k) => [k, stringList(v[k], `rules[].${k}`)] as const)
      .filter(([, list]) => list !== undefined),
  );
  return { level: (typeof v.level === 'string' ? v.level : '') as PolicyRule['level'], ...lists, ...(resources && { resources }), ...(omitManagedFields !== undefined && { omitManagedFields }) };
}

/** Parses and validates a policy document (YAML or JSON text); throws {@link AuditPolicyError}. */
export function parseAuditPolicy(text: string, source = 'policy'): AuditPolicy {
  let doc: unknown;
  try {
    doc = yamlToJSON(text).value;
  } catch (err) {
    throw new AuditPolicyError(`failed decoding file ${JSON.stringify(source)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isRecord(doc) || doc.kind !== 'Policy' || doc.apiVersion !== 'audit.k8s.io/v1') {
    throw new AuditPolicyError(`failed decoding file ${JSON.stringify(source)}: not an audit.k8s.io/v1 Policy`);
  }
  const rules = Array.isArray(doc.rules) ? doc.rules.map(toRule) : [];
  const omitStages = stringList(doc.omitStages, 'omitStages') as readonly AuditStage[] | undefined;
  const omitManagedFields = optionalBoolean(doc.omitManagedFields, 'omitManagedFields');
  const policy: AuditPolicy = { rules, ...(omitStages && { omitStages }), ...(omitManagedFields !== undefined && { omitManagedFields }) };
  const errs = validateAuditPolicy(policy);
  if (errs.length > 0) throw new AuditPolicyError(`failed to validate policy file ${JSON.stringify(source)}: ${aggregateFieldErrors(errs)}`);
  if (rules.length === 0) throw new AuditPolicyError(`loaded illegal policy with 0 rules from file ${source}`);
  return policy;
}

/** Reads `--audit-policy-file`; throws {@link AuditPolicyError}. */
export function loadAuditPolicyFile(path: string): AuditPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new AuditPolicyError(`failed to read file path ${JSON.stringify(path)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseAuditPolicy(text, path);
}
