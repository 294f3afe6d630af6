/**
 * Field paths and field errors, like Go's `k8s.io/apimachinery/pkg/util/validation/field`.
 * The package index re-exports the constructors with a `field` prefix
 * (`fieldInvalid(newPath('metadata', 'name'), name, msg)`).
 *
 * @module
 */
export { childPath, FieldPath, newPath, pathString } from './path.js';
export {
  aggregateMessage,
  duplicate,
  FieldError,
  FieldErrorType,
  forbidden,
  internalError,
  invalid,
  notFound,
  notSupported,
  OMIT_VALUE,
  required,
  tooFew,
  TOO_LONG_BAD_VALUE,
  tooLong,
  tooLongMaxLength,
  tooMany,
  tooShort,
  typeInvalid,
} from './errors.js';
export type { FieldErrorList, FieldErrorTypeValue } from './errors.js';
export { formatBadValue, goQuote, goSprintValue } from './go-format.js';
