/**
 * Conversion of a `metav1.LabelSelector` object (matchLabels + matchExpressions) into a
 * selector (`metav1.LabelSelectorAsSelector`).
 *
 * @module
 */
import { newBadRequest } from '../errors/factories.js';
import { goQuote } from '../validation/field/go-format.js';
import { newRequirement, type Requirement } from './requirement.js';
import { LabelsSelector } from './selector.js';

/** One `matchExpressions` entry (`metav1.LabelSelectorRequirement`). */
export interface LabelSelectorRequirementSpec {
  /** The label key. */
  readonly key: string;
  /** `In`, `NotIn`, `Exists` or `DoesNotExist`. */
  readonly operator: string;
  /** The values (required for In/NotIn, empty otherwise). */
  readonly values?: readonly string[] | null;
}

/** The `metav1.LabelSelector` object shape, as found in `spec.selector`. */
export interface LabelSelectorSpec {
  /** Exact key/value matches. */
  readonly matchLabels?: Readonly<Record<string, string>> | null;
  /** Set-based requirements. */
  readonly matchExpressions?: readonly LabelSelectorRequirementSpec[] | null;
}

const OPERATORS: Readonly<Record<string, 'in' | 'notin' | 'exists' | '!'>> = {
  In: 'in',
  NotIn: 'notin',
  Exists: 'exists',
  DoesNotExist: '!',
};

/**
 * Converts a LabelSelector object to a selector: `null`/`undefined` selects nothing, an
 * empty object selects everything. Invalid keys, values or operators throw BadRequest
 * (`"Foo" is not a valid label selector operator`).
 */
export function labelSelectorAsSelector(spec: LabelSelectorSpec | null | undefined): LabelsSelector {
  if (spec === null || spec === undefined) return LabelsSelector.nothing();
  const matchLabels = Object.entries(spec.matchLabels ?? {});
  const expressions = spec.matchExpressions ?? [];
  if (matchLabels.length + expressions.length === 0) return LabelsSelector.everything();
  const requirements: Requirement[] = matchLabels.map(([k, v]) => newRequirement(k, '=', [v]));
  for (const expr of expressions) {
    const op = Object.hasOwn(OPERATORS, expr.operator) ? OPERATORS[expr.operator] : undefined;
    if (op === undefined) throw newBadRequest(`${goQuote(expr.operator)} is not a valid label selector operator`);
    requirements.push(newRequirement(expr.key, op, expr.values ?? []));
  }
  return LabelsSelector.of(requirements);
}
