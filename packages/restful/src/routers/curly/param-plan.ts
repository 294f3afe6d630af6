import { PAGE_NOT_FOUND } from '../detect-route.js';
import { newPathParameters } from '../path-processor.js';
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

/** Reads a matched route's parameters from the request tokens (see {@link compileParamReader}). */
export type ParamReader = (path: string, bounds: Int32Array, count: number) => Record<string, string>;

/** The expression reading one step's value (`p` path, `b` bounds, `n` token count), or a throw for Go's panics. */
function valueExpression(step: ParamStep): string {
  const i = step.index;
  if (step.mode === 'tail') return `p.slice(b[${2 * i}], b[2 * n - 1])`;
  if (step.mode === 'invalid') return 'fail()';
  const start = `b[${2 * i}]`;
  const end = step.verbLength === 0 ? `b[${2 * i + 1}]` : `(b[${2 * i + 1}] - ${step.verbLength})`;
  if (step.mode === 'whole') return `p.slice(${start}, ${end})`;
  return `slice(p, ${start} + ${step.start}, ${end} - ${step.suffix})`;
}

/**
 * Compiles a plan into a function with one property store per parameter, generated
 * once per route when its WebService is compiled: a route's parameter object always
 * gets the same shape from the same code, so V8 keeps the stores monomorphic, where a
 * shared loop storing `params[name]` for every route of the table goes megamorphic.
 * Names are embedded with JSON.stringify; tokens a matched route reads always exist.
 */
export function compileParamReader(plan: ParamPlan): ParamReader {
  // Routes with the same plan (Kubernetes has a handful: {namespace, name} at the same
  // positions for every resource) share one reader, which therefore stays hot and optimized.
  const signature = JSON.stringify(plan);
  let reader = readers.get(signature);
  if (reader === undefined) {
    reader = generateReader(plan);
    readers.set(signature, reader);
  }
  return reader;
}

const readers = new Map<string, ParamReader>();

function generateReader(plan: ParamPlan): ParamReader {
  const lines = plan.map((step) => `o[${JSON.stringify(step.name)}] = ${valueExpression(step)};`);
  const body = `return function readParams(p, b, n) { const o = newParams(); ${lines.join(' ')} return o; };`;
  const fail = (): never => {
    throw PAGE_NOT_FOUND;
  };
  // Go slices `value[start:end]` and panics when end < start: the fidelity policy answers 404.
  const slice = (path: string, start: number, end: number): string => (end < start ? fail() : path.slice(start, end));
  const factory = new Function('newParams', 'fail', 'slice', body);
  const reader: ParamReader = factory(newPathParameters, fail, slice);
  return reader;
}
