/**
 * Authorization selectors as a SubjectAccessReview carries them (`FieldSelectorAttributes` and
 * `LabelSelectorAttributes` of `authorization.k8s.io/v1`), as the webhook authorizer sends them
 * (k8s.io/apiserver `plugin/pkg/authorizer/webhook` `fieldSelectorToAuthorizationAPI`,
 * `labelSelectorToAuthorizationAPI`): only `requirements`, never `rawSelector`; requirements whose operator has no
 * API form are left out (they are ANDed, so leaving one out only widens the check), and a selector left with none is
 * not sent.
 * @module
 */
import type { FieldRequirement, Requirement } from '@apiserver/runtime';
import type { SelectorAttributes } from './selector-attributes.js';

/** A `metav1.FieldSelectorRequirement` / `metav1.LabelSelectorRequirement` (same shape). */
export interface SelectorRequirementJSON {
  /** The field or label key. */
  readonly key: string;
  /** `In`, `NotIn`, `Exists` or `DoesNotExist`. */
  readonly operator: string;
  /** The values (absent when none). */
  readonly values?: readonly string[];
}

const FIELD_OPERATORS: Readonly<Record<string, string>> = { '=': 'In', '==': 'In', in: 'In', '!=': 'NotIn', notin: 'NotIn' };
const LABEL_OPERATORS: Readonly<Record<string, string>> = { ...FIELD_OPERATORS, exists: 'Exists', '!': 'DoesNotExist' };

/** The API form of field selector requirements; empty when none has one. */
export function fieldRequirementsToAPI(requirements: readonly FieldRequirement[]): SelectorRequirementJSON[] {
  return requirements.flatMap((r) => {
    const operator = FIELD_OPERATORS[r.operator];
    return operator === undefined ? [] : [{ key: r.field, operator, values: [r.value] }];
  });
}

/** The API form of label selector requirements, values in their order; empty when none has one. */
export function labelRequirementsToAPI(requirements: readonly Requirement[]): SelectorRequirementJSON[] {
  return requirements.flatMap((r) => {
    const operator = Object.hasOwn(LABEL_OPERATORS, r.operator) ? LABEL_OPERATORS[r.operator] : undefined;
    if (operator === undefined) return [];
    return [{ key: r.key, operator, ...(r.values.length > 0 && { values: [...r.values] }) }];
  });
}

/**
 * The `fieldSelector` and `labelSelector` of a review's `resourceAttributes` (`resourceAttributesFrom` with the
 * gate on): the requirements that parsed (even when part of a selector did not), each only when some remain.
 */
export function selectorReviewAttributes(a: SelectorAttributes): Record<string, unknown> {
  const field = fieldRequirementsToAPI(a.fieldSelectorRequirements ?? []);
  const label = labelRequirementsToAPI(a.labelSelectorRequirements ?? []);
  return {
    ...(field.length > 0 && { fieldSelector: { requirements: field } }),
    ...(label.length > 0 && { labelSelector: { requirements: label } }),
  };
}
