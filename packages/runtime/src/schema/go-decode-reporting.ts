/**
 * One walk that both decodes a body as Go does ({@link decodeAsGo}) and lists its unknown fields
 * ({@link findUnknownFields}): a strict or warning decode of a built-in kind needs both, and they visit the same
 * members in the same order.
 */
import type { TSchema } from 'typebox';
import { decodeAsGo, goNullElement } from './go-decode.js';
import { goPlanOf } from './go-plan.js';
import { setOwnProperty } from './own-property.js';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The path of the value being decoded, as links to its parent: the text is only built for an unknown field. */
interface Trail {
  readonly up: Trail | undefined;
  /** A member name, or an item index. */
  readonly step: string | number;
}

/** The dotted path `findUnknownFields` reports (`spec.containers[0].foo`). */
function pathText(trail: Trail | undefined): string {
  if (trail === undefined) return '';
  const up = pathText(trail.up);
  if (typeof trail.step === 'number') return `${up}[${trail.step}]`;
  return up === '' ? trail.step : `${up}.${trail.step}`;
}

/** Decodes and reports; an unknown field found below `trail` is appended to `unknown`. */
function decode(schema: TSchema, value: unknown, trail: Trail | undefined, unknown: string[]): unknown {
  if (typeof value !== 'object' || value === null) return decodeAsGo(schema, value);
  const plan = goPlanOf(schema);
  if (plan.kind === 'struct' && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const fs = plan.fields.get(key);
      const v = value[key];
      if (fs === undefined) unknown.push(pathText({ up: trail, step: key }));
      // Declared field names are never `__proto__`: a plain assignment is safe.
      else if (v !== null && v !== undefined) out[key] = decode(fs, v, { up: trail, step: key }, unknown);
    }
    return out;
  }
  if (plan.kind === 'array' && Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = v === null || v === undefined ? goNullElement(plan.items) : decode(plan.items, v, { up: trail, step: i }, unknown);
    }
    return out;
  }
  if (plan.kind === 'map' && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const v = value[key];
      setOwnProperty(out, key, v === null || v === undefined ? goNullElement(plan.value) : decode(plan.value, v, { up: trail, step: key }, unknown));
    }
    return out;
  }
  return decodeAsGo(schema, value);
}

/**
 * `decodeAsGo(schema, value)` and `findUnknownFields(schema, value)` from one walk: the same copy and the same
 * paths in the same order.
 */
export function decodeAsGoReportingUnknown(schema: TSchema, value: unknown): { readonly value: unknown; readonly unknown: string[] } {
  const unknown: string[] = [];
  return { value: decode(schema, value, undefined, unknown), unknown };
}
