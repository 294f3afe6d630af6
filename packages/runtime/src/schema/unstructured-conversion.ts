/**
 * What `runtime.DefaultUnstructuredConverter.FromUnstructured` says when it turns a map into a typed object and a
 * value has the wrong kind: upstream's strategic merge patch converts the patched map so (where the other patch
 * types decode JSON, go-type-errors.ts). It walks a struct's fields in Go declaration order and words its refusals
 * `cannot restore struct from: string`, `cannot restore slice from map`, `unrecognized type: int32` (text, a bool or
 * a container into a scalar of another kind), `cannot convert float64 to int32`; the special types answer as their
 * UnmarshalJSON does outside a decoder (`json: cannot unmarshal bool into Go value of type int32`), and `[]byte` text
 * that is no base64 as `error decoding from json: illegal base64 data at input byte 0`.
 */
import { type TSchema, Type } from 'typebox';
import { codecOf } from './extensions.js';
import { goBase64Error } from './go-base64.js';
import { codecProblem, goTypeStringOf, leafKindOf } from './go-type-errors.js';
import { goPlanOf } from './go-plan.js';

const STRING: TSchema = Type.String();

/** The reflect kind of an unstructured value (util/json reads integral numbers as int64). */
function unstructuredKindOf(value: unknown): string {
  if (Array.isArray(value)) return 'slice';
  if (typeof value === 'object') return 'map';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  return typeof value === 'boolean' ? 'bool' : 'string';
}

/** runtime.DefaultUnstructuredConverter's refusal of a scalar into a leaf of `schema` (its simple-type rules). */
function leafConversionProblem(schema: TSchema, value: unknown): string | undefined {
  const to = leafKindOf(schema);
  if (to === undefined) return undefined;
  const from = unstructuredKindOf(value);
  const numeric = to === 'int32' || to === 'int64' || to === 'float64';
  if (from === to || (from === 'int64' && numeric)) return undefined;
  if (from === 'float64' && numeric) return to === 'float64' || Number.isInteger(value) ? undefined : `cannot convert float64 to ${to}`;
  // Go converts an integer to a string type (a rune), which the converter then refuses by name.
  if (from === 'int64' && to === 'string') return `cannot convert int64 to ${goTypeStringOf(schema)}`;
  return `unrecognized type: ${to}`;
}

/** A special type's UnmarshalJSON given the value as JSON, outside any decoder (no struct context). */
function codecConversionProblem(schema: TSchema, value: unknown): string | undefined {
  switch (codecOf(schema)) {
    case 'quantity':
    case 'int-or-string':
    case 'time':
    case 'microtime':
      return codecProblem(schema, value, { struct: '', fields: [] });
    case 'bytes': {
      // Text is decoded by encoding/json, whose error the converter wraps.
      const base64 = typeof value === 'string' ? goBase64Error(value) : undefined;
      if (base64 !== undefined) return `error decoding from json: ${base64}`;
      return typeof value === 'string' || Array.isArray(value) ? undefined : `cannot restore slice from ${unstructuredKindOf(value)}`;
    }
    case 'wrapped-list':
      if (!Array.isArray(value)) return `cannot restore slice from ${unstructuredKindOf(value)}`;
      for (const item of value) {
        if (item !== null && typeof item !== 'string') return leafConversionProblem(STRING, item);
      }
      return undefined;
    default:
      return undefined;
  }
}

/** The converter's error for `value`, an object of the struct `schema` describes; undefined when it converts. */
export function unstructuredConversionProblem(schema: TSchema, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const plan = goPlanOf(schema);
  if (plan.kind === 'codec') return codecConversionProblem(schema, value);
  if (plan.kind === 'leaf') return leafConversionProblem(schema, value);
  const from = unstructuredKindOf(value);
  if (plan.kind === 'struct') {
    if (from !== 'map') return `cannot restore struct from: ${from}`;
    const object = value as Record<string, unknown>;
    for (const [name, fieldSchema] of plan.fields) {
      const problem = Object.hasOwn(object, name) ? unstructuredConversionProblem(fieldSchema, object[name]) : undefined;
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const wanted = plan.kind === 'array' ? 'slice' : 'map';
  if (from !== wanted) return `cannot restore ${wanted} from ${from}`;
  const itemSchema = plan.kind === 'array' ? plan.items : plan.value;
  for (const item of Array.isArray(value) ? value : Object.values(value as Record<string, unknown>)) {
    const problem = unstructuredConversionProblem(itemSchema, item);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
