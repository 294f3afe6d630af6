/**
 * Field selection of custom resources (`customResourceStrategy.GetAttrs` and the CR converter's
 * `ConvertFieldLabel`): `metadata.name`, `metadata.namespace` when namespaced, and the served version's selectable
 * fields, each keyed by its `jsonPath` without the leading dot and valued as Go's `fmt.Sprint` prints the field (a
 * missing or null field is `""`).
 *
 * @module
 */
import type { FieldLabelConversion } from '@apiserver/endpoints';
import type { ApiObject } from '@apiserver/registry';
import { goSprintValue } from '@apiserver/runtime';
import type { AttrFunc, ObjectAttrs } from '@apiserver/storage';
import type { SelectableField } from '../apis/types.js';
import { validFieldPath } from '../cel/field-path.js';
import { valueAtSegments } from './json-path.js';
import type { Structural } from '../structural-schema.js';

/** One selectable field: its selector key and the property names leading to it (absent: the path does not resolve). */
interface ResolvedField {
  readonly name: string;
  readonly steps: readonly string[] | undefined;
}

/** The selector key of a selectable field (`.spec.color` → `spec.color`). */
export function selectableFieldName(field: SelectableField): string {
  return field.jsonPath.startsWith('.') ? field.jsonPath.slice(1) : field.jsonPath;
}

function resolve(fields: readonly SelectableField[], schema: Structural | undefined): ResolvedField[] {
  return fields.map((field) => {
    const found = schema === undefined ? undefined : validFieldPath(field.jsonPath, schema, { allowArrayNotation: false });
    return { name: selectableFieldName(field), steps: found !== undefined && 'steps' in found ? found.steps : undefined };
  });
}

/**
 * The label and field attributes of a version's objects. A selectable field whose path does not resolve in the
 * schema (a CRD stored before validation knew the rule) makes the attributes fail, so no selector matches the object.
 */
export function customResourceAttrs(namespaced: boolean, fields: readonly SelectableField[], schema: Structural | undefined): AttrFunc<ApiObject> {
  const resolved = resolve(fields, schema);
  return (obj): ObjectAttrs => {
    const set: Record<string, string> = { 'metadata.name': obj.metadata.name ?? '' };
    if (namespaced) set['metadata.namespace'] = obj.metadata.namespace ?? '';
    for (const field of resolved) {
      if (field.steps === undefined) throw new Error(`unexpected error parsing jsonPath: ${field.name}`);
      const value = valueAtSegments(obj, field.steps);
      set[field.name] = value === undefined || value === null ? '' : goSprintValue(value);
    }
    return { labels: obj.metadata.labels ?? {}, fields: set };
  };
}

/** The field labels a version accepts: `metadata.name`, `metadata.namespace` when namespaced, its selectable fields. */
export function customResourceFieldLabels(namespaced: boolean, fields: readonly SelectableField[]): FieldLabelConversion {
  const labels = new Set(['metadata.name', ...(namespaced ? ['metadata.namespace'] : []), ...fields.map(selectableFieldName)]);
  return (label) => labels.has(label);
}
