/**
 * Structural OpenAPI v3 schemas for custom resources, as k8s.io/apiextensions-apiserver runs
 * them: convert a CRD version's `openAPIV3Schema` to a {@link Structural} schema, check that it
 * is structural, then prune, default and validate custom resources against it.
 *
 * @example
 * ```ts
 * import { applyDefaults, newStructural, prune, validateCustomResource, validateStructural } from '@apiserver/apiextensions';
 *
 * const schema = newStructural({
 *   type: 'object',
 *   properties: {
 *     spec: {
 *       type: 'object',
 *       required: ['image'],
 *       properties: { image: { type: 'string' }, replicas: { type: 'integer', minimum: 1, default: 1 } },
 *     },
 *   },
 * });
 * if (validateStructural(schema).length > 0) throw new Error('not structural');
 * const { pruned, prunedPaths } = prune({ apiVersion: 'example.com/v1', kind: 'Web', spec: { image: 'nginx', foo: 1 } }, schema);
 * const obj = applyDefaults(pruned, schema);           // spec.replicas = 1
 * const errors = validateCustomResource(schema, obj);  // []
 * console.log(prunedPaths, obj, errors.map(String));   // [ 'spec.foo' ] …
 * ```
 *
 * @module
 */
export {
  applyDefaults,
  pruneNonNullableNullsWithoutDefaults,
} from './defaulting.js';
export { checkFormat, KNOWN_FORMATS } from './formats.js';
export { deepCopyJSON, isJSONObject, type JSONObject, jsonEqual, jsonTypeOf } from './json-value.js';
export { type PruneOptions, type PruneResult, prune, unknownFieldMessage } from './pruning.js';
export {
  type Extensions,
  type Generic,
  type JSONSchemaProps,
  type NestedValueValidation,
  newStructural,
  type Structural,
  StructuralSchemaError,
  type StructuralOrBool,
  type ValueValidation,
} from './structural-schema.js';
export { isZeroValueValidation, validateStructural } from './structural-validation.js';
export { validateCustomResource } from './validate-value.js';
