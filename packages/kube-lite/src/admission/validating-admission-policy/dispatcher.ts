/**
 * Enforcing the policies on one request (upstream validating `dispatcher.Dispatch`): for each policy whose
 * matchConstraints match, each binding whose matchResources match, each of its params: the validations' failures
 * act per the binding's validationActions: Deny collects a denial, Warn adds a `Validation failed for
 * ValidatingAdmissionPolicy …` warning, Audit adds the `validation.policy.admission.k8s.io/validation_failure` audit
 * annotation. Configuration errors (an unknown paramKind, unresolvable params) deny under failurePolicy Fail. The
 * first denial fails the request with its reason's code (422 Invalid by default, 403 Forbidden, 413).
 * @module
 */
import { type AdmissionBindings, AuthorizationChecks, authorizerBindings, evaluateWithChecks, jsonToCelValue } from '@apiserver/apiextensions';
import type { Authorizer } from '@apiserver/server';
import { authorizationUser } from '../cel-match-conditions.js';
import { type ApiObject, admissionRequestFields, type Attributes, newAdmissionForbidden, newVersionedAttributes, type RequestContext, type UserInfo } from '@apiserver/registry';
import { StatusError } from '@apiserver/runtime';
import type { ValidatingAdmissionPolicy } from './compiled-policy.js';
import { matchResources, type PolicyMatchContext, type ResourceMatch } from './match-resources.js';
import { collectParams, gvkString, type ParamStoreResolver, splitAPIVersion } from './params.js';
import type { PolicyHook, ValidatingAdmissionPolicyBinding } from './policy-source.js';
import { type PolicyDecision, type ValidateResult, validatePolicy } from './policy-validator.js';

/** The audit annotation key of validation failures under the Audit action. */
export const VALIDATION_FAILURE_ANNOTATION = 'validation.policy.admission.k8s.io/validation_failure';
/** The longest published audit annotation value (upstream `maxAuditAnnotationValueLength`). */
const MAX_AUDIT_ANNOTATION_VALUE_LENGTH = 10 * 1024;

/** What dispatching reads besides the request. */
export interface PolicyDispatchContext {
  /** Matching (namespaces, equivalent resources). */
  readonly match: PolicyMatchContext;
  /** Where params are read. */
  readonly paramStores: ParamStoreResolver;
  /** The checks `authorizer` makes for this request (undefined: `authorizer` is unbound). */
  readonly checks?: AuthorizationChecks | undefined;
}

interface Denial {
  readonly policy: ValidatingAdmissionPolicy;
  readonly binding: ValidatingAdmissionPolicyBinding | undefined;
  readonly decision: PolicyDecision;
}

const nameOf = (o: ApiObject): string => o.metadata.name ?? '';

/** Upstream `reasonToCode`. */
function reasonToCode(reason: string): number {
  if (reason === 'Forbidden') return 403;
  if (reason === 'RequestEntityTooLarge') return 413;
  return 422;
}

/** The Status of the first denial: admission's Forbidden, with the decision's reason and code and the message as a cause. */
function denialError(a: Attributes, d: Denial): StatusError {
  const message =
    d.binding === undefined
      ? `ValidatingAdmissionPolicy '${nameOf(d.policy)}' denied request: ${d.decision.message}`
      : `ValidatingAdmissionPolicy '${nameOf(d.policy)}' with binding '${nameOf(d.binding)}' denied request: ${d.decision.message}`;
  const forbidden = newAdmissionForbidden(a, message);
  const reason = d.decision.reason ?? 'Invalid';
  const details = forbidden.status.details ?? {};
  return new StatusError({
    ...forbidden.status,
    reason,
    code: reasonToCode(reason),
    details: { ...details, causes: [...(details.causes ?? []), { message }] },
  });
}

/** A Namespace as expressions see it (upstream `CreateNamespaceObject`): no managed fields or owner references. */
function namespaceObject(ns: ApiObject | undefined): unknown {
  if (ns === undefined) return null;
  const { managedFields: _m, ownerReferences: _o, ...metadata } = ns.metadata as Record<string, unknown>;
  return { ...ns, metadata };
}

class PolicyDispatch {
  readonly denials: Denial[] = [];
  readonly #ctx: RequestContext;
  readonly #a: Attributes;

  constructor(ctx: RequestContext, a: Attributes) {
    this.#ctx = ctx;
    this.#a = a;
  }

  configError(policy: ValidatingAdmissionPolicy, binding: ValidatingAdmissionPolicyBinding | undefined, err: Error | string): void {
    const failurePolicy = policy.spec?.failurePolicy ?? 'Fail';
    if (failurePolicy === 'Ignore') return;
    const cause = err instanceof Error ? err.message : err;
    const message =
      failurePolicy === 'Fail' ? `failed to configure ${binding === undefined ? 'policy' : 'binding'}: ${cause}` : `unrecognized failure policy: '${failurePolicy}'`;
    this.denials.push({ policy, binding, decision: { action: 'deny', evaluation: 'error', message } });
  }

  /** Acts on one evaluation's decisions and collects its audit annotations into `annotations`. */
  act(hook: PolicyHook, binding: ValidatingAdmissionPolicyBinding, result: ValidateResult, annotations: Map<string, string[]>): void {
    const actions = binding.spec?.validationActions ?? [];
    for (const [index, decision] of result.decisions.entries()) {
      if (decision.action !== 'deny') continue;
      for (const action of actions) {
        if (action === 'Deny') this.denials.push({ policy: hook.policy, binding, decision });
        else if (action === 'Warn') {
          this.#ctx.addWarning?.(`Validation failed for ValidatingAdmissionPolicy '${nameOf(hook.policy)}' with binding '${nameOf(binding)}': ${decision.message}`);
        } else if (action === 'Audit') {
          const value = [{ message: decision.message, policy: binding.spec?.policyName ?? '', binding: nameOf(binding), expressionIndex: index, validationActions: actions }];
          this.#ctx.addAuditAnnotation?.(VALIDATION_FAILURE_ANNOTATION, JSON.stringify(value));
        }
      }
    }
    for (const outcome of result.auditAnnotations) {
      if (outcome.action === 'publish') {
        const values = annotations.get(outcome.key) ?? [];
        const value = outcome.value.slice(0, MAX_AUDIT_ANNOTATION_VALUE_LENGTH);
        if (!values.includes(value)) annotations.set(outcome.key, [...values, value]);
      } else if (outcome.action === 'error') {
        this.denials.push({ policy: hook.policy, binding, decision: { action: 'deny', evaluation: 'error', message: outcome.message } });
      }
    }
  }

  publish(policy: ValidatingAdmissionPolicy, annotations: Map<string, string[]>): void {
    for (const [key, values] of annotations) this.#ctx.addAuditAnnotation?.(`${nameOf(policy)}/${key}`, values.join(', '));
  }

  get attributes(): Attributes {
    return this.#a;
  }
}

/** The bindings of the variables that do not depend on the binding: object, oldObject, request, namespaceObject. */
async function requestBindings(a: Attributes, match: ResourceMatch, user: UserInfo | undefined, c: PolicyDispatchContext): Promise<AdmissionBindings> {
  const versioned = newVersionedAttributes(a, match.kind, c.match.equivalents);
  const request = admissionRequestFields(a, { kind: match.kind, resource: match.resource, subresource: a.subresource }, user);
  // A Namespace request's own namespace is not looked up (upstream unsets it for Namespaces).
  const isNamespace = a.kind.group === '' && a.kind.version === 'v1' && a.kind.kind === 'Namespace';
  const ns = a.namespace === '' || isNamespace ? undefined : await c.match.getNamespace(a.namespace);
  return {
    object: jsonToCelValue(versioned.object ?? null),
    oldObject: jsonToCelValue(versioned.oldObject ?? null),
    request: jsonToCelValue(request),
    namespaceObject: jsonToCelValue(namespaceObject(ns)),
  };
}

/** `authorizer` and `authorizer.requestResource` for `user`'s request `a` (none without checks). */
function authzBindings(a: Attributes, user: UserInfo | undefined, checks: AuthorizationChecks | undefined): AdmissionBindings {
  if (checks === undefined) return {};
  const requestResource = { group: a.resource.group, resource: a.resource.resource, subresource: a.subresource, namespace: a.namespace, name: a.name };
  return authorizerBindings(checks, authorizationUser(user), requestResource);
}

async function dispatchHook(d: PolicyDispatch, hook: PolicyHook, user: UserInfo | undefined, c: PolicyDispatchContext): Promise<void> {
  const a = d.attributes;
  const policy = hook.policy;
  const match = await matchResources(policy.spec?.matchConstraints, a, c.match);
  if (match === undefined || match instanceof Error) return;
  let base: AdmissionBindings;
  try {
    base = await requestBindings(a, match, user, c);
  } catch (err) {
    d.configError(policy, undefined, `failed to convert object version: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  const paramKind = policy.spec?.paramKind;
  const store = paramKind === undefined ? undefined : c.paramStores(...splitAPIVersion(paramKind.apiVersion ?? ''), paramKind.kind ?? '');
  if (paramKind !== undefined && store === undefined) {
    d.configError(policy, undefined, `failed to find resource referenced by paramKind: '${gvkString(paramKind)}'`);
    return;
  }
  const annotations = new Map<string, string[]>();
  const authz = authzBindings(a, user, c.checks);
  for (const binding of hook.bindings) {
    const bound = binding.spec?.matchResources === undefined ? match : await matchResources(binding.spec.matchResources, a, c.match);
    if (bound instanceof Error) {
      d.configError(policy, binding, bound);
      continue;
    }
    if (bound === undefined) continue;
    const params = await collectParams(paramKind, store, binding.spec?.paramRef, a.namespace);
    if (params instanceof Error) {
      d.configError(policy, binding, params);
      continue;
    }
    for (const param of params) {
      const bindings = { ...base, params: jsonToCelValue(param) };
      const result = await evaluateWithChecks(c.checks, () => validatePolicy(hook.compiled, bindings, policy.spec?.failurePolicy ?? 'Fail', authz));
      d.act(hook, binding, result, annotations);
    }
  }
  d.publish(policy, annotations);
}

/**
 * Enforces `hooks` on `a` as `user`, `authorizer` asking `authorizer` (each distinct check once per request);
 * rejects with the StatusError of the first denial.
 */
export async function dispatchPolicies(
  hooks: readonly PolicyHook[],
  ctx: RequestContext,
  a: Attributes,
  user: UserInfo | undefined,
  c: PolicyDispatchContext,
  authorizer?: Authorizer,
): Promise<void> {
  const d = new PolicyDispatch(ctx, a);
  const withChecks = { ...c, checks: authorizer === undefined ? undefined : new AuthorizationChecks(authorizer) };
  for (const hook of hooks) await dispatchHook(d, hook, user, withChecks);
  const first = d.denials[0];
  if (first !== undefined) throw denialError(a, first);
}
