/**
 * Name validation: DNS names, qualified names, label values, path segments, object names
 * and generateName.
 *
 * @module
 */
export {
  GENERATED_NAME_ALPHABET,
  GENERATED_SUFFIX_LENGTH,
  generateName,
  MAX_GENERATED_NAME_LENGTH,
  randomSuffix,
} from './generate-name.js';
export type { RandomIntFn } from './generate-name.js';
export { assertValidListOptions, validateListOptions } from './list-options.js';
export type { ListOptionsToValidate, ValidateListOptionsConfig } from './list-options.js';
export {
  maskTrailingDash,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validateLabelName,
  validateLabels,
  validateObjectMetaName,
} from './name-rules.js';
export type { NamedMeta, ValidateNameFunc } from './name-rules.js';
export {
  DNS1035_LABEL_MAX_LENGTH,
  DNS1123_LABEL_MAX_LENGTH,
  DNS1123_SUBDOMAIN_MAX_LENGTH,
  emptyError,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  LABEL_VALUE_MAX_LENGTH,
  maxLenError,
  QUALIFIED_NAME_MAX_LENGTH,
  regexError,
} from './names.js';
export { IS_NEGATIVE_ERROR_MSG, validateNonnegativeField } from './nonnegative.js';
export { annotationsSize, TOTAL_ANNOTATION_SIZE_LIMIT_B, validateAnnotationsSize } from './annotations.js';
export { type OwnerReferenceFields, validateOwnerReferences } from './owner-references.js';
export {
  isValidPathSegmentName,
  isValidPathSegmentPrefix,
  NAME_MAY_NOT_BE,
  NAME_MAY_NOT_CONTAIN,
  validatePathSegmentName,
} from './path-segment.js';
