/**
 * Field-level validation errors (`field.Error` / `field.ErrorList` in apimachinery) with
 * Kubernetes' exact wording, and the aggregate message `NewInvalid` puts in a Status.
 *
 * @module
 */
import { formatBadValue, goQuote } from './go-format.js';
import { type FieldPath, pathString } from './path.js';

/** The machine-readable type of a field error; equal to the Status cause type. */
export const FieldErrorType = {
  /** A referenced value was not found. */
  NotFound: 'FieldValueNotFound',
  /** A required value is missing. */
  Required: 'FieldValueRequired',
  /** A value that must be unique is duplicated. */
  Duplicate: 'FieldValueDuplicate',
  /** A value is malformed. */
  Invalid: 'FieldValueInvalid',
  /** A value is not one of an enumeration. */
  NotSupported: 'FieldValueNotSupported',
  /** A value is valid but not permitted under the current conditions. */
  Forbidden: 'FieldValueForbidden',
  /** A value is too long. */
  TooLong: 'FieldValueTooLong',
  /** A list has too many items. */
  TooMany: 'FieldValueTooMany',
  /** A value is too short. */
  TooShort: 'FieldValueTooShort',
  /** A list has too few items. */
  TooFew: 'FieldValueTooFew',
  /** An error not caused by user input. */
  Internal: 'InternalError',
  /** A value does not have the schema's type. */
  TypeInvalid: 'FieldValueTypeInvalid',
} as const;

/** One of the {@link FieldErrorType} values. */
export type FieldErrorTypeValue = (typeof FieldErrorType)[keyof typeof FieldErrorType];

const TYPE_TEXT: Readonly<Record<FieldErrorTypeValue, string>> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueTooShort: 'Too short',
  FieldValueTooFew: 'Too few',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Types whose message never shows the bad value. */
const VALUELESS: ReadonlySet<FieldErrorTypeValue> = new Set<FieldErrorTypeValue>([
  'FieldValueRequired',
  'FieldValueForbidden',
  'FieldValueTooLong',
  'InternalError',
]);

/** Marks a bad value that must not be printed (`field.omitValue`). */
export const OMIT_VALUE: unique symbol = Symbol('omitValue');

/** A validation error about one field: `metadata.name: Invalid value: "A": <detail>`. */
export class FieldError {
  /** The error type. */
  readonly type: FieldErrorTypeValue;
  /** The rendered field path. */
  readonly field: string;
  /** The offending value (or {@link OMIT_VALUE}). */
  readonly badValue: unknown;
  /** Extra human-readable detail; may be empty. */
  readonly detail: string;

  /** Creates a field error; prefer the helpers (`required`, `invalid`, …). */
  constructor(type: FieldErrorTypeValue, field: string, badValue: unknown, detail: string) {
    this.type = type;
    this.field = field;
    this.badValue = badValue;
    this.detail = detail;
  }

  /** The message without the field name (`field.Error.ErrorBody`), used as a Status cause message. */
  errorBody(): string {
    let s = TYPE_TEXT[this.type];
    if (!VALUELESS.has(this.type) && this.badValue !== OMIT_VALUE) {
      s += `: ${formatBadValue(this.badValue)}`;
    }
    return this.detail.length > 0 ? `${s}: ${this.detail}` : s;
  }

  /** The full message, `<field>: <body>`. */
  toString(): string {
    return `${this.field}: ${this.errorBody()}`;
  }
}

/** A list of field errors (`field.ErrorList`). */
export type FieldErrorList = readonly FieldError[];

/** A required value is missing (`field.Required`). */
export function required(path: FieldPath | undefined, detail = ''): FieldError {
  return new FieldError('FieldValueRequired', pathString(path), '', detail);
}

/** A value is malformed (`field.Invalid`). */
export function invalid(path: FieldPath | undefined, value: unknown, detail = ''): FieldError {
  return new FieldError('FieldValueInvalid', pathString(path), value, detail);
}

/** A value is not one of `validValues` (`field.NotSupported`): `supported values: "a", "b"`. */
export function notSupported(
  path: FieldPath | undefined,
  value: unknown,
  validValues: readonly string[] = [],
): FieldError {
  const detail = validValues.length > 0 ? `supported values: ${validValues.map(goQuote).join(', ')}` : '';
  return new FieldError('FieldValueNotSupported', pathString(path), value, detail);
}

/** A value is not permitted under the current conditions (`field.Forbidden`). */
export function forbidden(path: FieldPath | undefined, detail = ''): FieldError {
  return new FieldError('FieldValueForbidden', pathString(path), '', detail);
}

/** The bad value Kubernetes 1.32 records for every TooLong error: the too-long value itself is never kept. */
export const TOO_LONG_BAD_VALUE = '<value omitted>';

/**
 * A value is longer than `maxLength` bytes (`field.TooLong`, apimachinery v0.32): `may not be more than 63 bytes`
 * (`bytes` even for 1, as in 1.32), or `value is too long` when `maxLength` is negative. The message never shows the
 * value; the error's bad value is {@link TOO_LONG_BAD_VALUE} whatever `value` is (1.32 ignores the argument too).
 */
export function tooLong(path: FieldPath | undefined, _value: unknown, maxLength: number): FieldError {
  const detail = maxLength >= 0 ? `may not be more than ${maxLength} bytes` : 'value is too long';
  return new FieldError('FieldValueTooLong', pathString(path), TOO_LONG_BAD_VALUE, detail);
}

/**
 * `field.TooLongMaxLength`, which Kubernetes 1.32 keeps only as a deprecated alias: it returns exactly what
 * {@link tooLong} returns (1.31 and earlier worded it `may not be longer than 63`). Kept so that each call site
 * ported from upstream names the function upstream calls.
 */
export function tooLongMaxLength(path: FieldPath | undefined, value: unknown, maxLength: number): FieldError {
  return tooLong(path, value, maxLength);
}

/**
 * A list has more than `maxQuantity` items (`field.TooMany`, apimachinery v0.32): `must have at most 3 items`
 * (`items` even for 1, as in 1.32), or `has too many items` when `maxQuantity` is negative.
 */
export function tooMany(path: FieldPath | undefined, actualQuantity: number, maxQuantity: number): FieldError {
  const detail = maxQuantity >= 0 ? `must have at most ${maxQuantity} items` : 'has too many items';
  const actual = actualQuantity >= 0 ? actualQuantity : OMIT_VALUE;
  return new FieldError('FieldValueTooMany', pathString(path), actual, detail);
}

/** A value is shorter than `minLength` characters (`field.TooShort`). */
export function tooShort(path: FieldPath | undefined, value: string, minLength: number): FieldError {
  const detail =
    minLength >= 0
      ? `must be at least ${minLength} ${minLength === 1 ? 'character' : 'characters'}`
      : 'value is too short';
  return new FieldError('FieldValueTooShort', pathString(path), value, detail);
}

/** A list has fewer than `minQuantity` items (`field.TooFew`). */
export function tooFew(path: FieldPath | undefined, actualQuantity: number, minQuantity: number): FieldError {
  const detail =
    minQuantity >= 0 ? `must have at least ${minQuantity} ${minQuantity === 1 ? 'item' : 'items'}` : 'has too few items';
  return new FieldError('FieldValueTooFew', pathString(path), actualQuantity, detail);
}

/** A value that must be unique is repeated (`field.Duplicate`). */
export function duplicate(path: FieldPath | undefined, value: unknown): FieldError {
  return new FieldError('FieldValueDuplicate', pathString(path), value, '');
}

/** A referenced value was not found (`field.NotFound`). */
export function notFound(path: FieldPath | undefined, value: unknown): FieldError {
  return new FieldError('FieldValueNotFound', pathString(path), value, '');
}

/** A value has the wrong type (`field.TypeInvalid`). */
export function typeInvalid(path: FieldPath | undefined, value: unknown, detail = ''): FieldError {
  return new FieldError('FieldValueTypeInvalid', pathString(path), value, detail);
}

/** An error unrelated to user input (`field.InternalError`). */
export function internalError(path: FieldPath | undefined, err: Error): FieldError {
  return new FieldError('InternalError', pathString(path), err, err.message);
}

/**
 * The aggregate message of a list (`ErrorList.ToAggregate().Error()`): duplicates removed,
 * one message as is, several as `[a, b]`; `undefined` for an empty list.
 */
export function aggregateMessage(errors: readonly { toString(): string }[]): string | undefined {
  const seen = new Set<string>();
  for (const e of errors) seen.add(e.toString());
  if (seen.size === 0) return undefined;
  const msgs = [...seen];
  return msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`;
}
