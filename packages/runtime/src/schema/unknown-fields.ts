/**
 * Unknown-field detection for `fieldValidation` (Strict/Warn/Ignore): Go's strict decoder reports
 * `unknown field "spec.foo"`, its normal decoder drops such fields (see go-decode.ts).
 */
import type { TSchema } from 'typebox';
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';
import { goPlanOf } from './go-plan.js';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function walk(schema: TSchema, value: unknown, path: string, out: string[]): void {
  if (typeof value !== 'object' || value === null) return;
  const plan = goPlanOf(schema);
  if (plan.kind === 'struct') {
    if (!isPlainObject(value)) return;
    for (const [key, v] of Object.entries(value)) {
      // A Map of declared fields: `constructor` or `toString` are not fields of any kind.
      const fs = plan.fields.get(key);
      if (fs === undefined) out.push(join(path, key));
      else walk(fs, v, join(path, key), out);
    }
    return;
  }
  if (plan.kind === 'array') {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(plan.items, v, `${path}[${i}]`, out);
    }
    return;
  }
  if (plan.kind === 'map' && isPlainObject(value)) {
    for (const [key, v] of Object.entries(value)) walk(plan.value, v, join(path, key), out);
  }
}

/** {@link walk}, with yield points after each member and item of a struct, array or map. */
function* walkSteps(schema: TSchema, value: unknown, path: string, out: string[]): SlicedPass<void> {
  if (typeof value !== 'object' || value === null) return;
  const plan = goPlanOf(schema);
  if (plan.kind === 'struct') {
    if (!isPlainObject(value)) return;
    for (const key of Object.keys(value)) {
      const fs = plan.fields.get(key);
      if (fs === undefined) out.push(join(path, key));
      else yield* walkSteps(fs, value[key], join(path, key), out);
      if (cheapStepDue()) yield;
    }
    return;
  }
  if (plan.kind === 'array') {
    if (!Array.isArray(value)) return;
    for (let i = 0; i < value.length; i++) {
      yield* walkSteps(plan.items, value[i], `${path}[${i}]`, out);
      if (cheapStepDue()) yield;
    }
    return;
  }
  if (plan.kind === 'map' && isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      yield* walkSteps(plan.value, value[key], join(path, key), out);
      if (cheapStepDue()) yield;
    }
  }
}

/** Paths of properties the schema does not declare, in Go's form (`spec.containers[0].foo`). */
export function findUnknownFields(schema: TSchema, value: unknown): string[] {
  const out: string[] = [];
  walk(schema, value, '', out);
  return out;
}

/** {@link findUnknownFields} as a sliced pass (issue #19): the same paths, yield points after members and items. */
export function* findUnknownFieldsSteps(schema: TSchema, value: unknown): SlicedPass<string[]> {
  const out: string[] = [];
  yield* walkSteps(schema, value, '', out);
  return out;
}

/** The strict-decoding message Kubernetes uses for unknown fields, e.g. `unknown field "spec.foo"`. */
export function unknownFieldMessages(paths: readonly string[]): string[] {
  return paths.map((p) => `unknown field ${JSON.stringify(p)}`);
}
