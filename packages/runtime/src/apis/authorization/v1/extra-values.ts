/** extraValuesSchema: `map[string]ExtraValue` (UserInfo and SubjectAccessReviewSpec extra). */
import { Type } from 'typebox';
import { X_K8S_CODEC } from '../../../schema/extensions.js';

/** A `map[string]ExtraValue` schema (ExtraValue is a `[]string` wrapped in a message on the wire). */
export function extraValuesSchema(): ReturnType<typeof Type.Record<ReturnType<typeof Type.String>, ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>>> {
  return Type.Record(Type.String(), Type.Array(Type.String(), { [X_K8S_CODEC]: 'wrapped-list' }));
}
