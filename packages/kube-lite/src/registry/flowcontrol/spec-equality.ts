/**
 * Whether a spec equals a bootstrap object's spec as Go values (`apiequality.Semantic.DeepEqual` of the defaulted
 * specs): what the mandatory objects' validation and the config producer compare.
 * @module
 */
import { semanticEqual, type TSchema } from '@apiserver/runtime';

/** True when `spec` and `fixed` hold the same value of the type `schema` describes. */
export function specEquals(schema: TSchema, spec: unknown, fixed: unknown): boolean {
  return semanticEqual(schema, spec ?? {}, fixed ?? {});
}
