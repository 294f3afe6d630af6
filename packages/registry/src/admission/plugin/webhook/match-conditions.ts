/**
 * Webhook match conditions (upstream webhook/matchconditions `Matcher`): the plugins do not evaluate CEL
 * themselves; a {@link MatchConditionCompiler} (kube-lite's, on the apiextensions CEL) is injected. Evaluated in
 * the webhook's kind before the call: any condition false skips the webhook; otherwise an evaluation error fails
 * the request (failurePolicy Fail, a 403 naming the errors) or skips the webhook (Ignore); all true calls it.
 * @module
 */
import type { ApiObject, UserInfo } from '../../../rest/types.js';
import type { MatchCondition } from './types.js';
import type { VersionedAttributes } from './versioned-attributes.js';

/** What a condition reads: the objects in the webhook's kind, and the AdmissionRequest as JSON. */
export interface MatchConditionInput {
  /** The request's objects in the kind the webhook is called with. */
  readonly versioned: VersionedAttributes;
  /** The AdmissionRequest (`request`), without its objects. */
  readonly request: Readonly<Record<string, unknown>>;
  /** The params object (ValidatingAdmissionPolicy match conditions); null or absent for webhooks. */
  readonly params?: ApiObject | null;
  /** The requesting user (whom `authorizer` checks). */
  readonly user?: UserInfo | undefined;
}

/** One condition's outcome: its boolean value, or the evaluation error as upstream words it. */
export type ConditionOutcome = boolean | { readonly error: string };

/**
 * Compiled conditions: evaluates every condition, in order (asynchronously when a condition waits for an
 * authorization check).
 */
export type CompiledMatchConditions = (input: MatchConditionInput) => readonly ConditionOutcome[] | Promise<readonly ConditionOutcome[]>;

/** Compiles a webhook's (or policy's) match conditions (compile errors become evaluation errors). */
export interface MatchConditionCompiler {
  /** Compiles `conditions`. */
  compile(conditions: readonly MatchCondition[]): CompiledMatchConditions;
}

/** The decision over the conditions: matched, skipped (the first false condition's name) or failed. */
export type MatchConditionsResult = { readonly matches: true } | { readonly matches: false; readonly failedConditionName?: string } | { readonly error: string };

/** Go's `utilerrors.NewAggregate(errs).Error()`: one message alone, several bracketed. */
function aggregateMessage(errors: readonly string[]): string {
  return errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`;
}

/**
 * Upstream `Match`: a false condition skips whatever the errors; errors with failurePolicy Fail (the default) fail,
 * with Ignore skip.
 */
export function decideMatchConditions(conditions: readonly MatchCondition[], outcomes: readonly ConditionOutcome[], failurePolicy: string | undefined): MatchConditionsResult {
  const errors: string[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome === false) return { matches: false, failedConditionName: conditions[i]?.name ?? '' };
    if (typeof outcome === 'object') errors.push(outcome.error);
  }
  if (errors.length === 0) return { matches: true };
  return failurePolicy === 'Ignore' ? { matches: false } : { error: aggregateMessage(errors) };
}
