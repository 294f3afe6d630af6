/** How components are named and referred to. */

/** Where v3 documents keep named schemas (the v2 builder rewrites references to `#/definitions/`). */
export const COMPONENTS_REF = '#/components/schemas/';

/** A component name from a type name or `$id`: characters the OpenAPI 3.0 schema does not allow become `_`. */
export function componentName(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]/g, '_');
}
