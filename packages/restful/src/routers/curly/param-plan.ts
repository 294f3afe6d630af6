import { PAGE_NOT_FOUND_MESSAGE, routingError } from '../detect-route.js';
import { newPathParameters, untokenizePath } from '../path-processor.js';
import type { SelectableRoute } from '../route-selector.js';

/** How one path parameter is read from its request token; see {@link ParamPlan}. */
interface ParamStep {
  /** The request token index. */
  readonly index: number;
  /** The parameter name. */
  readonly name: string;
  /** Characters of custom verb (`:verb`) to cut from the token's end first, 0 for none. */
  readonly verbLength: number;
  /** `whole` token, `slice` [start, len − suffix), the `tail` joined from index on, or `invalid` (Go panics). */
  readonly mode: 'whole' | 'slice' | 'tail' | 'invalid';
  /** Literal prefix length (`slice`). */
  readonly start: number;
  /** Literal suffix length (`slice`). */
  readonly suffix: number;
}

/**
 * A route's path parameter extraction, precomputed from its template so that the
 * router reads parameters with index arithmetic only; the result equals
 * go-restful's `defaultPathProcessor` (see path-processor.ts) on every path the
 * route matches.
 */
export type ParamPlan = readonly ParamStep[];

function stepFor(index: number, key: string, verbLength: number): ParamStep | undefined {
  if (!key.includes('{')) return undefined;
  const colon = key.indexOf(':');
  const base = { index, verbLength, start: 0, suffix: 0 };
  if (colon !== -1) {
    if (colon < 1) return { ...base, name: '', mode: 'invalid' };
    const mode = key.slice(colon + 1, key.length - 1) === '*' ? 'tail' : 'whole';
    return { ...base, name: key.slice(1, colon), mode };
  }
  const start = key.indexOf('{');
  const endKey = key.indexOf('}');
  if (endKey < start + 1) return { ...base, name: '', mode: 'invalid' };
  const suffix = key.length - endKey - 1;
  if (start === 0 && suffix === 0) return { ...base, name: key.slice(1, endKey), mode: 'whole' };
  return { ...base, name: key.slice(start + 1, endKey), mode: 'slice', start, suffix };
}

/** Builds the extraction plan of a route from its template tokens. */
export function paramPlanOf(route: SelectableRoute): ParamPlan {
  const steps: ParamStep[] = [];
  const tokens = route.template.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) break;
    const verbLength = token.verb === undefined ? 0 : token.verb.length + 1;
    const step = stepFor(i, token.verb === undefined ? token.raw : token.text, verbLength);
    if (step === undefined) continue;
    steps.push(step);
    if (step.mode === 'tail') break;
  }
  return Object.freeze(steps);
}

/** Reads the parameters of a matched route; throws a 404 where Go would panic (slice out of range). */
export function extractWithPlan(plan: ParamPlan, tokens: readonly string[]): Record<string, string> {
  const params = newPathParameters();
  for (let s = 0; s < plan.length; s++) {
    const step = plan[s] as ParamStep;
    if (step.mode === 'tail') {
      params[step.name] = untokenizePath(step.index, tokens);
      break;
    }
    let value = tokens[step.index] ?? '';
    // The matcher verified the token ends in `:verb`, so the verb is exactly its last characters.
    if (step.verbLength > 0) value = value.slice(0, value.length - step.verbLength);
    if (step.mode === 'whole') {
      params[step.name] = value;
    } else {
      const end = value.length - step.suffix;
      if (step.mode === 'invalid' || end < step.start) throw routingError(404, PAGE_NOT_FOUND_MESSAGE);
      params[step.name] = value.slice(step.start, end);
    }
  }
  return params;
}
