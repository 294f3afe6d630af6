/**
 * The vendor extensions of a structural schema spelled out in JSON Schema (upstream's `Structural.Unfold`), as the
 * published OpenAPI of a custom resource shows them: a node with `x-kubernetes-int-or-string` gets
 * `anyOf: [{type: integer}, {type: string}]`, or, when it has an `anyOf` of its own, that pair as its first `allOf`,
 * unless it has the pair in one of those two places already.
 * @module
 */
import { newNestedValueValidation, type Structural, type ValueValidation } from './structural-schema.js';
import { isIntOrStringAnyOf } from './structural-validation.js';

const INT_OR_STRING = [newNestedValueValidation({ type: 'integer' }), newNestedValueValidation({ type: 'string' })];

function unfoldedValueValidation(v: ValueValidation): ValueValidation {
  if (isIntOrStringAnyOf(v.anyOf) || (v.allOf[0] !== undefined && isIntOrStringAnyOf(v.allOf[0].valueValidation.anyOf))) return v;
  if (v.anyOf.length === 0) return { ...v, anyOf: INT_OR_STRING };
  const first = newNestedValueValidation({});
  return { ...v, allOf: [{ ...first, valueValidation: { ...first.valueValidation, anyOf: INT_OR_STRING } }, ...v.allOf] };
}

/** A copy of `s` with its vendor extensions unfolded at every node (value validations under junctors have none). */
export function unfold(s: Structural): Structural {
  const { items, properties } = s;
  const additional = s.generic.additionalProperties;
  return {
    ...s,
    generic:
      additional?.structural === undefined ? s.generic : { ...s.generic, additionalProperties: { ...additional, structural: unfold(additional.structural) } },
    ...(s.extensions.xIntOrString ? { valueValidation: unfoldedValueValidation(s.valueValidation ?? newNestedValueValidation({}).valueValidation) } : {}),
    ...(items !== undefined ? { items: unfold(items) } : {}),
    ...(properties !== undefined ? { properties: new Map([...properties].map(([k, p]) => [k, unfold(p)])) } : {}),
  };
}
