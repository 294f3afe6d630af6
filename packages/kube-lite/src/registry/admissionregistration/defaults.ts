/**
 * admissionregistration.k8s.io/v1 defaulting (pkg/apis/admissionregistration/v1 `SetDefaults_*` and the generated
 * object defaulters that walk into rules, service references and match resources): webhooks fail closed with
 * matchPolicy Equivalent, match-everything selectors and a 10 s timeout (mutating ones are not reinvoked), rules
 * cover every scope, services listen on 443, and policies fail closed.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { isRecord, type JSONRecord, recordAt, recordsAt } from '../../object-fields.js';

const isNil = (v: unknown): boolean => v === undefined || v === null;

/** `SetDefaults_Rule` over a list of rules (or NamedRuleWithOperations, which embed one). */
function defaultRules(rules: readonly JSONRecord[]): void {
  for (const rule of rules) if (isNil(rule.scope)) rule.scope = '*';
}

/** `SetDefaults_MatchResources` and the rule defaults inside it. */
export function defaultMatchResources(match: JSONRecord | undefined): void {
  if (match === undefined) return;
  if (isNil(match.matchPolicy)) match.matchPolicy = 'Equivalent';
  if (isNil(match.namespaceSelector)) match.namespaceSelector = {};
  if (isNil(match.objectSelector)) match.objectSelector = {};
  defaultRules(recordsAt(match, 'resourceRules'));
  defaultRules(recordsAt(match, 'excludeResourceRules'));
}

/** `SetDefaults_ValidatingWebhook` (or the mutating one, with its reinvocationPolicy) and the nested defaults. */
function defaultWebhook(hook: JSONRecord, mutating: boolean): void {
  if (isNil(hook.failurePolicy)) hook.failurePolicy = 'Fail';
  if (isNil(hook.matchPolicy)) hook.matchPolicy = 'Equivalent';
  if (isNil(hook.namespaceSelector)) hook.namespaceSelector = {};
  if (isNil(hook.objectSelector)) hook.objectSelector = {};
  if (isNil(hook.timeoutSeconds)) hook.timeoutSeconds = 10;
  if (mutating && isNil(hook.reinvocationPolicy)) hook.reinvocationPolicy = 'Never';
  defaultRules(recordsAt(hook, 'rules'));
  const service = recordAt(recordAt(hook, 'clientConfig'), 'service');
  if (service !== undefined && isNil(service.port)) service.port = 443;
}

/** Defaults every webhook of a Validating- or MutatingWebhookConfiguration in place. */
export function defaultWebhookConfiguration(config: ApiObject, mutating: boolean): void {
  if (!Array.isArray(config.webhooks)) return;
  for (const hook of config.webhooks) if (isRecord(hook)) defaultWebhook(hook, mutating);
}

/** `SetDefaults_ValidatingAdmissionPolicySpec` (failurePolicy Fail) and the match constraints' defaults. */
export function defaultValidatingAdmissionPolicy(policy: ApiObject): void {
  const spec = recordAt(policy, 'spec');
  if (spec === undefined) return;
  if (isNil(spec.failurePolicy)) spec.failurePolicy = 'Fail';
  defaultMatchResources(recordAt(spec, 'matchConstraints'));
}

/** The match resources' defaults of a ValidatingAdmissionPolicyBinding. */
export function defaultValidatingAdmissionPolicyBinding(binding: ApiObject): void {
  defaultMatchResources(recordAt(recordAt(binding, 'spec'), 'matchResources'));
}
