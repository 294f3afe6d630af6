/**
 * Label selectors: parsing, matching, canonical text, and LabelSelector objects.
 *
 * @module
 */
export { labelSelectorAsSelector } from './label-selector-spec.js';
export type { LabelSelectorRequirementSpec, LabelSelectorSpec } from './label-selector-spec.js';
export { newRequirement, Requirement, SelectionOperator } from './requirement.js';
export type { SelectionOperatorValue } from './requirement.js';
export {
  LabelsSelector,
  labelSelectorFromSet,
  parseLabelSelector,
  parseLabelSelectorToRequirements,
  validatedLabelSelectorFromSet,
} from './selector.js';
export type { SetMatcher } from './set-matcher.js';
