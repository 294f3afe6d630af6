/**
 * The authorization checks CEL admission expressions make through the `authorizer` variable (upstream's caching
 * authorizer of one admission request): each distinct check asks the server's authorizer once and is remembered.
 * CEL evaluation is synchronous while an authorizer may answer later, so a check whose answer is not known yet
 * starts the question and fails the evaluation; {@link evaluateWithChecks} then waits for the answers and evaluates
 * again. Expressions are deterministic, so the final evaluation, in which every answer is known, is the one a
 * synchronous authorizer would have given; only its result and cost count.
 * @module
 */
import type { Attributes, Authorizer, Decision } from '@apiserver/server';

/** A check's outcome as a CEL `Decision` carries it: the decision, its reason, and the authorizer's error if any. */
export interface CheckDecision {
  /** Allow, Deny or NoOpinion. */
  readonly decision: Decision;
  /** The authorizer's reason. */
  readonly reason: string;
  /** The authorizer's error message, when it failed. */
  readonly error?: string;
}

/** The message of the error a check fails with while its answer is awaited (never seen in a final evaluation). */
export const CHECK_PENDING = 'authorization check pending';

function failed(err: unknown): CheckDecision {
  return { decision: 'NoOpinion', reason: '', error: err instanceof Error ? err.message : String(err) };
}

function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown }).then === 'function';
}

/** The checks of one admission request against one authorizer. */
export class AuthorizationChecks {
  readonly #authorizer: Authorizer;
  readonly #decided = new Map<string, CheckDecision>();
  readonly #pending = new Map<string, Promise<void>>();

  /** Checks against `authorizer`. */
  constructor(authorizer: Authorizer) {
    this.#authorizer = authorizer;
  }

  /** The decision on `attributes` when known; otherwise the question is asked and `undefined` returned. */
  decide(attributes: Attributes): CheckDecision | undefined {
    const key = JSON.stringify(attributes);
    const known = this.#decided.get(key);
    if (known !== undefined || this.#pending.has(key)) return known;
    let answer: ReturnType<Authorizer['authorize']>;
    try {
      answer = this.#authorizer.authorize(attributes);
    } catch (err) {
      this.#decided.set(key, failed(err));
      return this.#decided.get(key);
    }
    if (!isPromise(answer)) {
      this.#decided.set(key, { decision: answer.decision, reason: answer.reason });
      return this.#decided.get(key);
    }
    const settled = answer.then(
      (a) => ({ decision: a.decision, reason: a.reason }),
      (err: unknown) => failed(err),
    );
    this.#pending.set(
      key,
      settled.then((d) => {
        this.#decided.set(key, d);
        this.#pending.delete(key);
      }),
    );
    return undefined;
  }

  /** Whether some question is still unanswered. */
  get pending(): boolean {
    return this.#pending.size > 0;
  }

  /** Resolves once every question asked so far is answered. */
  async settle(): Promise<void> {
    await Promise.all(this.#pending.values());
  }
}

/**
 * Runs `evaluate` (which may make checks through `checks`) until it asked nothing that was not already answered,
 * waiting for the answers between runs; returns the last run's result.
 */
export async function evaluateWithChecks<T>(checks: AuthorizationChecks | undefined, evaluate: () => T): Promise<T> {
  for (;;) {
    const result = evaluate();
    if (checks === undefined || !checks.pending) return result;
    await checks.settle();
  }
}
