/**
 * Whether a webhook is called for a request, and as which resource and kind (upstream generic `ShouldCallHook`):
 * the namespace and object selectors, then the rules against the request's resource, then (matchPolicy
 * Equivalent) against each equivalent resource, then the match conditions through the injected compiler (without
 * one they cannot be evaluated).
 * @module
 */
import { goQuote, type GroupVersionKind, type GroupVersionResource, isStatusError, newForbidden, newInternalError, type StatusError } from '@apiserver/runtime';
import type { UserInfo } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';
import type { WebhookAccessor } from './accessors.js';
import { admissionRequestFields } from './admission-review.js';
import { type CompiledMatchConditions, decideMatchConditions } from './match-conditions.js';
import { matchNamespaceSelector, type NamespaceGetter, requestNamespace } from './namespace-matcher.js';
import { matchObjectSelector } from './object-matcher.js';
import { ruleMatches } from './rules.js';
import type { WebhookSpec } from './types.js';
import { type EquivalentResources, newVersionedAttributes } from './versioned-attributes.js';

/** A webhook to call, and the resource and kind it is called with. */
export interface WebhookInvocation<W extends WebhookSpec = WebhookSpec> {
  /** The webhook. */
  readonly webhook: WebhookAccessor<W>;
  /** The resource its rule matched (the request's, or an equivalent one). */
  readonly resource: GroupVersionResource;
  /** The subresource. */
  readonly subresource: string;
  /** The kind the objects are sent as. */
  readonly kind: GroupVersionKind;
}

/** What ShouldCallHook reads besides the request. */
export interface MatchContext {
  /** Reads namespaces for namespaceSelector. */
  readonly getNamespace: NamespaceGetter;
  /** Equivalent resources (matchPolicy Equivalent); without it Equivalent matches as Exact. */
  readonly equivalents?: EquivalentResources | undefined;
  /** The compiled match conditions of a webhook; absent: conditions cannot be evaluated. */
  readonly matchConditions?: ((hook: WebhookAccessor) => CompiledMatchConditions) | undefined;
}

function sameResource(a: GroupVersionResource, b: GroupVersionResource): boolean {
  return a.group === b.group && a.version === b.version && a.resource === b.resource;
}

function equivalentInvocation<W extends WebhookSpec>(hook: WebhookAccessor<W>, a: Attributes, m: MatchContext): WebhookInvocation<W> | StatusError | undefined {
  const equivalents = m.equivalents?.equivalentResourcesFor(a.resource, a.subresource) ?? [];
  const namespace = requestNamespace(a);
  // Earlier rules win over later ones, whichever equivalent they match.
  for (const rule of hook.spec.rules ?? []) {
    for (const resource of equivalents) {
      if (sameResource(resource, a.resource)) continue;
      if (!ruleMatches(rule, { operation: a.operation, resource, subresource: a.subresource, namespace })) continue;
      const kind = m.equivalents?.kindFor(resource, a.subresource);
      if (kind === undefined) {
        return newInternalError(`unable to convert to ${resource.group}/${resource.version}, Resource=${resource.resource}: unknown kind`);
      }
      return { webhook: hook, resource, subresource: a.subresource, kind };
    }
  }
  return undefined;
}

function ruleInvocation<W extends WebhookSpec>(hook: WebhookAccessor<W>, a: Attributes, m: MatchContext): WebhookInvocation<W> | StatusError | undefined {
  const target = { operation: a.operation, resource: a.resource, subresource: a.subresource, namespace: requestNamespace(a) };
  if ((hook.spec.rules ?? []).some((rule) => ruleMatches(rule, target))) {
    return { webhook: hook, resource: a.resource, subresource: a.subresource, kind: a.kind };
  }
  if ((hook.spec.matchPolicy ?? 'Equivalent') !== 'Equivalent') return undefined;
  return equivalentInvocation(hook, a, m);
}

/** Without a compiler, a condition is treated as failing to evaluate: Fail rejects (403), Ignore skips. */
function unsupportedConditions(hook: WebhookAccessor, a: Attributes): StatusError | 'skip' {
  if (hook.spec.failurePolicy === 'Ignore') return 'skip';
  const names = (hook.spec.matchConditions ?? []).map((c) => c.name).join(', ');
  return newForbidden(
    { group: a.resource.group, resource: a.resource.resource },
    a.name,
    `webhook ${goQuote(hook.spec.name)}: matchConditions [${names}] cannot be evaluated: CEL match conditions are not supported`,
  );
}

/** Upstream's match condition step: the conditions in the invocation's kind; an error is a 403 carrying it. */
async function matchConditionsOutcome(
  hook: WebhookAccessor,
  a: Attributes,
  inv: WebhookInvocation,
  m: MatchContext,
  user: UserInfo | undefined,
): Promise<StatusError | 'skip' | undefined> {
  const conditions = hook.spec.matchConditions ?? [];
  if (conditions.length === 0) return undefined;
  if (m.matchConditions === undefined) return unsupportedConditions(hook, a);
  let versioned: ReturnType<typeof newVersionedAttributes>;
  try {
    versioned = newVersionedAttributes(a, inv.kind, m.equivalents);
  } catch (err) {
    return newInternalError(err instanceof Error ? err : String(err));
  }
  const outcomes = await m.matchConditions(hook)({ versioned, request: admissionRequestFields(a, inv, user), user });
  const result = decideMatchConditions(conditions, outcomes, hook.spec.failurePolicy);
  if ('error' in result) return newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, result.error);
  return result.matches ? undefined : 'skip';
}

/** The invocation for `hook`, undefined when it is not to be called, or the StatusError that rejects the request. */
export async function shouldCallHook<W extends WebhookSpec>(hook: WebhookAccessor<W>, a: Attributes, m: MatchContext, user?: UserInfo): Promise<WebhookInvocation<W> | StatusError | undefined> {
  const nsMatch = await matchNamespaceSelector(hook, a, m.getNamespace);
  if (nsMatch === false) return undefined;
  const objMatch = matchObjectSelector(hook, a);
  if (objMatch === false) return undefined;
  const invocation = ruleInvocation(hook, a, m);
  if (invocation === undefined || isStatusError(invocation)) return invocation;
  if (nsMatch !== true) return nsMatch;
  if (objMatch !== true) return objMatch;
  const conditions = await matchConditionsOutcome(hook, a, invocation, m, user ?? a.user);
  if (conditions === 'skip') return undefined;
  return conditions ?? invocation;
}
