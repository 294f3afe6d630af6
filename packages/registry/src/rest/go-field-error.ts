/**
 * Field errors whose bad value is printed as Go's `%#v` does for types the runtime's formatter renders
 * differently (uint64 → `0x0`, `[]string` → `[]string{"a", "b"}`), so messages match upstream byte for byte.
 * @module
 */
import { FieldError, type FieldErrorTypeValue, type FieldPath, goQuote } from '@apiserver/runtime';

const TYPE_TEXT: Partial<Record<FieldErrorTypeValue, string>> = {
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueDuplicate: 'Duplicate value',
};

class GoRenderedFieldError extends FieldError {
  readonly #rendered: string;
  constructor(type: FieldErrorTypeValue, path: FieldPath, badValue: unknown, rendered: string, detail: string) {
    super(type, path.toString(), badValue, detail);
    this.#rendered = rendered;
  }
  override errorBody(): string {
    const head = `${TYPE_TEXT[this.type] ?? this.type}: ${this.#rendered}`;
    return this.detail === '' ? head : `${head}: ${this.detail}`;
  }
}

/** Go's `%#v` of a slice of a string type: `[]string{"a", "b"}`, `[]pkg.Kind{"a"}` for a named one. */
export function goStringSlice(values: readonly string[], typeName = 'string'): string {
  return `[]${typeName}{${values.map(goQuote).join(', ')}}`;
}

/** `field.Invalid` whose bad value is printed as `rendered` (Go's `%#v` of a value the runtime renders otherwise). */
export function invalidGoRendered(path: FieldPath, value: unknown, rendered: string, detail: string): FieldError {
  return new GoRenderedFieldError('FieldValueInvalid', path, value, rendered, detail);
}

/** `field.Duplicate` whose bad value is printed as `rendered` (Go's `%#v` of a struct or map, say). */
export function duplicateGoRendered(path: FieldPath, value: unknown, rendered: string): FieldError {
  return new GoRenderedFieldError('FieldValueDuplicate', path, value, rendered, '');
}

/** `field.Invalid` with a uint64 bad value (rendered `0x…`). */
export function invalidUint64(path: FieldPath, value: number, detail: string): FieldError {
  return new GoRenderedFieldError('FieldValueInvalid', path, value, `0x${value.toString(16)}`, detail);
}

/** `field.Invalid` with a `[]string` bad value. */
export function invalidStringSlice(path: FieldPath, values: readonly string[], detail: string): FieldError {
  return new GoRenderedFieldError('FieldValueInvalid', path, values, goStringSlice(values), detail);
}

/** `field.NotSupported` with a `[]string` bad value and the supported values. */
export function notSupportedStringSlice(path: FieldPath, values: readonly string[], supported: readonly string[]): FieldError {
  return new GoRenderedFieldError(
    'FieldValueNotSupported',
    path,
    values,
    goStringSlice(values),
    `supported values: ${supported.map(goQuote).join(', ')}`,
  );
}
