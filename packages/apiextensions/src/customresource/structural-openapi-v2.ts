/**
 * A custom resource's structural schema rewritten for the Swagger 2.0 document (upstream's `ToStructuralOpenAPIV2`).
 * kubectl 1.x validates objects against `/openapi/v2` before it sends them and refuses a field its schema does not
 * list, so at every node:
 * - `allOf`, `anyOf`, `oneOf` and `not` go (Swagger 2.0 has no place for the last three);
 * - a nullable node loses its type, items and properties (kubectl cannot check an untyped value against them);
 * - a node preserving unknown fields loses its items and properties (kubectl would refuse the unknown ones);
 * - an array left without items loses its type (kubectl cannot read an array schema without items);
 * - a property that is nullable is no longer required, and no property is once the additional properties are nullable.
 * @module
 */
import type { Generic, Structural, ValueValidation } from '../structural-schema.js';

function requiredOf(v: ValueValidation, properties: ReadonlyMap<string, Structural> | undefined, generic: Generic<Structural>): readonly string[] {
  if (generic.additionalProperties?.structural?.generic.nullable === true) return [];
  const nullable = new Set([...(properties ?? [])].filter(([, p]) => p.generic.nullable).map(([k]) => k));
  return nullable.size === 0 ? v.required : v.required.filter((r) => !nullable.has(r));
}

/** A copy of `s` in the form kube-apiserver publishes in `/openapi/v2`. */
export function toStructuralOpenAPIV2(s: Structural): Structural {
  const drop = s.generic.nullable || s.extensions.xPreserveUnknownFields;
  const items = drop ? undefined : s.items;
  const properties = drop ? undefined : s.properties;
  let type = s.generic.nullable ? '' : s.generic.type;
  if (items === undefined && type === 'array') type = '';
  const additional = s.generic.additionalProperties;
  const generic: Generic<Structural> = {
    ...s.generic,
    type,
    nullable: false,
    ...(additional?.structural !== undefined && { additionalProperties: { ...additional, structural: toStructuralOpenAPIV2(additional.structural) } }),
  };
  const v = s.valueValidation;
  let valueValidation: ValueValidation | undefined;
  if (v !== undefined) {
    const { not: _not, ...rest } = v;
    valueValidation = { ...rest, allOf: [], anyOf: [], oneOf: [], required: requiredOf(v, properties, s.generic) };
  }
  return {
    generic,
    extensions: s.extensions,
    ...(valueValidation !== undefined && { valueValidation }),
    ...(items !== undefined && { items: toStructuralOpenAPIV2(items) }),
    ...(properties !== undefined && { properties: new Map([...properties].map(([k, p]) => [k, toStructuralOpenAPIV2(p)])) }),
  };
}
