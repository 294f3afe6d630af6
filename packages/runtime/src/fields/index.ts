/**
 * Field selectors: parsing, escaping, matching and transforming.
 *
 * @module
 */
export { escapeFieldValue, unescapeFieldValue } from './escape.js';
export {
  FieldsSelector,
  fieldSelectorFromSet,
  parseAndTransformFieldSelector,
  parseFieldSelector,
} from './selector.js';
export type { FieldRequirement, FieldTransformFunc } from './selector.js';
