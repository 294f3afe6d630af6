/**
 * Validating and mutating webhook configurations (pkg/apis/admissionregistration/validation
 * `ValidateValidatingWebhookConfiguration`, `ValidateMutatingWebhookConfiguration` and their `…Update` forms):
 * fully qualified, unique webhook names, rules, failure/match/reinvocation policies, side effects None or
 * NoneOnDryRun, a 1-30 s timeout, strict selectors, the client config, match conditions and admission review
 * versions. An update relaxes the rules the stored configuration already broke, as upstream does.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { invalidStringSlice } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, isDNS1035Label, isDNS1123Subdomain, jsonValuesEqual, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../object-fields.js';
import { validateLabelSelector } from '../label-selector-validation.js';
import { validateClientConfig } from './client-config-validation.js';
import { validateMatchConditions } from './match-conditions.js';
import { MATCH_POLICIES, validateRuleWithOperations } from './rule-validation.js';

/** `supportedFailurePolicies.List()`. */
export const FAILURE_POLICIES = ['Fail', 'Ignore'];
const ALL_SIDE_EFFECTS = ['None', 'NoneOnDryRun', 'Some', 'Unknown'];
const NO_SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION_POLICIES = ['IfNeeded', 'Never'];
/** `AcceptedAdmissionReviewVersions`. */
const ACCEPTED_REVIEW_VERSIONS = ['v1', 'v1beta1'];
const WEBHOOKS = newPath('webhooks');

/** What an update relaxes (upstream's `validationOptions` of the webhook configurations). */
interface WebhookValidationOptions {
  readonly ignoreMatchConditions: boolean;
  readonly requireNoSideEffects: boolean;
  readonly requireRecognizedAdmissionReviewVersion: boolean;
  readonly requireUniqueWebhookNames: boolean;
  readonly allowInvalidLabelValueInSelector: boolean;
}

const CREATE_OPTIONS: WebhookValidationOptions = {
  ignoreMatchConditions: false,
  requireNoSideEffects: true,
  requireRecognizedAdmissionReviewVersion: true,
  requireUniqueWebhookNames: true,
  allowInvalidLabelValueInSelector: false,
};

/** `utilvalidation.IsFullyQualifiedName`: a DNS subdomain of at least three dot-separated segments. */
function validateFullyQualifiedName(name: string, path: FieldPath): FieldError[] {
  if (name === '') return [fieldRequired(path, '')];
  const errs = isDNS1123Subdomain(name);
  if (errs.length > 0) return [fieldInvalid(path, name, errs.join(','))];
  if (name.split('.').length < 3) return [fieldInvalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

function validateEnum(hook: JSONRecord, key: string, supported: readonly string[], path: FieldPath): FieldError[] {
  const value = hook[key];
  return typeof value === 'string' && !supported.includes(value) ? [fieldNotSupported(path.child(key), value, supported)] : [];
}

function validateSideEffects(hook: JSONRecord, o: WebhookValidationOptions, path: FieldPath): FieldError[] {
  const allowed = o.requireNoSideEffects ? NO_SIDE_EFFECTS : ALL_SIDE_EFFECTS;
  const sideEffects = hook.sideEffects;
  if (typeof sideEffects !== 'string') return [fieldRequired(path.child('sideEffects'), `must specify one of ${allowed.join(', ')}`)];
  return allowed.includes(sideEffects) ? [] : [fieldNotSupported(path.child('sideEffects'), sideEffects, allowed)];
}

function validateSelectors(hook: JSONRecord, o: WebhookValidationOptions, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['namespaceSelector', 'objectSelector']) {
    const selector = recordAt(hook, key);
    if (selector !== undefined) errs.push(...validateLabelSelector(selector, path.child(key), o.allowInvalidLabelValueInSelector));
  }
  return errs;
}

/** `validateValidatingWebhook` / `validateMutatingWebhook`. */
function validateWebhook(hook: JSONRecord, mutating: boolean, o: WebhookValidationOptions, path: FieldPath): FieldError[] {
  const errs = validateFullyQualifiedName(stringAt(hook, 'name'), path.child('name'));
  recordsAt(hook, 'rules').forEach((rule, i) => {
    errs.push(...validateRuleWithOperations(rule, path.child('rules').index(i)));
  });
  errs.push(...validateEnum(hook, 'failurePolicy', FAILURE_POLICIES, path), ...validateEnum(hook, 'matchPolicy', MATCH_POLICIES, path));
  errs.push(...validateSideEffects(hook, o, path));
  const timeout = hook.timeoutSeconds;
  if (typeof timeout === 'number' && (timeout > 30 || timeout < 1)) {
    errs.push(fieldInvalid(path.child('timeoutSeconds'), timeout, 'the timeout value must be between 1 and 30 seconds'));
  }
  errs.push(...validateSelectors(hook, o, path));
  if (mutating) errs.push(...validateEnum(hook, 'reinvocationPolicy', REINVOCATION_POLICIES, path));
  errs.push(...validateClientConfig(recordAt(hook, 'clientConfig'), path.child('clientConfig')));
  if (!o.ignoreMatchConditions) errs.push(...validateMatchConditions(recordsAt(hook, 'matchConditions'), path.child('matchConditions')));
  return errs;
}

/** `validateAdmissionReviewVersions`: unique DNS-1035 labels, one of them understood when required. */
function validateAdmissionReviewVersions(versions: readonly string[], requireRecognized: boolean, path: FieldPath): FieldError[] {
  if (versions.length === 0) return [fieldRequired(path, `must specify one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}`)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldInvalid(path.index(i), v, 'duplicate version'));
      return;
    }
    seen.add(v);
    errs.push(...isDNS1035Label(v).map((m) => fieldInvalid(path.index(i), v, m)));
  });
  if (requireRecognized && !versions.some((v) => ACCEPTED_REVIEW_VERSIONS.includes(v))) {
    errs.push(invalidStringSlice(path, versions, `must include at least one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}`));
  }
  return errs;
}

function validateConfiguration(config: ApiObject, mutating: boolean, o: WebhookValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  recordsAt(config, 'webhooks').forEach((hook, i) => {
    const path = WEBHOOKS.index(i);
    errs.push(...validateWebhook(hook, mutating, o, path));
    errs.push(...validateAdmissionReviewVersions(stringsAt(hook, 'admissionReviewVersions'), o.requireRecognizedAdmissionReviewVersion, path.child('admissionReviewVersions')));
    const name = stringAt(hook, 'name');
    if (!o.requireUniqueWebhookNames || name === '') return;
    if (names.has(name)) errs.push(fieldDuplicate(path.child('name'), name));
    else names.add(name);
  });
  return errs;
}

/** Validates a new webhook configuration (`mutating` selects the MutatingWebhookConfiguration rules). */
export function validateWebhookConfiguration(config: ApiObject, mutating: boolean): FieldError[] {
  return validateConfiguration(config, mutating, CREATE_OPTIONS);
}

function hasInvalidSelector(hook: JSONRecord): boolean {
  return ['namespaceSelector', 'objectSelector'].some((key) => {
    const selector = recordAt(hook, key);
    return selector !== undefined && validateLabelSelector(selector, newPath(key), false).length > 0;
  });
}

/** The options an update gets from the stored webhooks: what they already break stays allowed. */
function updateOptions(config: ApiObject, old: ApiObject): WebhookValidationOptions {
  const hooks = recordsAt(config, 'webhooks');
  const oldHooks = recordsAt(old, 'webhooks');
  const oldNames = oldHooks.map((h) => stringAt(h, 'name'));
  return {
    ignoreMatchConditions: hooks.length === oldHooks.length && oldHooks.every((h, i) => jsonValuesEqual(h.matchConditions, hooks[i]?.matchConditions)),
    requireNoSideEffects: oldHooks.every((h) => NO_SIDE_EFFECTS.includes(stringAt(h, 'sideEffects'))),
    requireRecognizedAdmissionReviewVersion: oldHooks.every((h) => {
      const versions = stringsAt(h, 'admissionReviewVersions');
      return versions.length === 0 || versions.some((v) => ACCEPTED_REVIEW_VERSIONS.includes(v));
    }),
    requireUniqueWebhookNames: new Set(oldNames).size === oldNames.length,
    allowInvalidLabelValueInSelector: oldHooks.some(hasInvalidSelector),
  };
}

/** Validates an update of a webhook configuration. */
export function validateWebhookConfigurationUpdate(config: ApiObject, old: ApiObject, mutating: boolean): FieldError[] {
  return validateConfiguration(config, mutating, updateOptions(config, old));
}
