/**
 * What upstream's JSON and YAML serializers check before anything else: `SimpleMetaFactory.Interpret` reads the
 * body into a struct of two strings, `apiVersion` and `kind`, with Go's encoding/json. A body whose `apiVersion` or
 * `kind` is a number, a boolean, an array or an object is rejected there, with encoding/json's
 * `UnmarshalTypeError` (the struct is anonymous, so the field is named `.kind`); `null` leaves the string empty.
 * encoding/json matches keys to fields without regard to case, so `"KIND": 1` is rejected too.
 *
 * @module
 */
import { DecodeError } from '../runtime/scheme-errors.js';
import { goJSONValueName, goUnmarshalTypeError } from './go-unmarshal-type-error.js';

/** The two fields Interpret reads, by their folded key. */
const FIELDS: ReadonlyMap<string, string> = new Map([
  ['apiversion', 'apiVersion'],
  ['kind', 'kind'],
]);

/** A key as encoding/json folds it to match a field name (ASCII case; `ſ` is `s`, the Kelvin sign `k`). */
function folded(key: string): string {
  return key.toLowerCase().replaceAll('ſ', 's');
}

/**
 * Throws Interpret's DecodeError when a key of `obj` that encoding/json would read as `apiVersion` or `kind` holds
 * something other than a string or null: `couldn't get version/kind; json parse error: json: cannot unmarshal
 * number into Go struct field .kind of type string`. The first such key in document order is named, as Go saves
 * the first type error and reads on.
 */
export function interpretKindFields(obj: Readonly<Record<string, unknown>>): void {
  for (const key in obj) {
    // The exact keys without folding (the usual body); other keys only when they are as long as one of them.
    const field = key === 'kind' || key === 'apiVersion' ? key : key.length === 4 || key.length === 10 ? FIELDS.get(folded(key)) : undefined;
    if (field === undefined) continue;
    const value = goJSONValueName(obj[key]);
    if (value === undefined || value === 'string') continue;
    throw new DecodeError(`couldn't get version/kind; json parse error: ${goUnmarshalTypeError(value, 'string', `.${field}`)}`);
  }
}
