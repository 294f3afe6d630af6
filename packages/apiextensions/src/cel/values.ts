/**
 * Custom resource values as CEL sees them (`UnstructuredToVal` in apiextensions-apiserver): JSON
 * integers of `integer` fields are CEL `int` (bigint), `number` fields `double`, objects and maps
 * CEL maps (field selection and `has()` work on both), `format: byte` strings `bytes`,
 * `date`/`date-time` strings timestamps, `duration` strings durations; `dyn` values are
 * converted by their JSON shape.
 *
 * @module
 */
import { durationFromMs, timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { CelInput } from '@bufbuild/cel';
import { isJSONObject } from '../json-value.js';
import { escapeProperty } from './escaping.js';
import { typedCelList } from './list-types.js';
import type { SchemaCelType } from './schema-type.js';

const GO_DURATION = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/;
const DURATION_PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g;
const UNIT_MS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60000, h: 3600000 };

/** Parses a Go duration (`1h30m`, `-1.5s`) into milliseconds; `undefined` when it is not one. */
export function parseGoDuration(s: string): number | undefined {
  if (s === '0') return 0;
  const m = GO_DURATION.exec(s);
  if (m === null) return undefined;
  let ms = 0;
  for (const part of s.matchAll(DURATION_PART)) ms += Number(part[1]) * (UNIT_MS[part[2] ?? ''] ?? 0);
  return m[1] === '-' ? -ms : ms;
}

function stringValue(value: string, kind: SchemaCelType['kind']): CelInput {
  switch (kind) {
    case 'bytes':
      return Uint8Array.from(Buffer.from(value, 'base64'));
    case 'timestamp': {
      const ms = Date.parse(value);
      return Number.isNaN(ms) ? value : timestampFromMs(ms);
    }
    case 'duration': {
      const ms = parseGoDuration(value);
      return ms === undefined ? value : durationFromMs(ms);
    }
    default:
      return value;
  }
}

function dynValue(value: unknown): CelInput {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(dynValue);
  if (isJSONObject(value)) return new Map(Object.entries(value).map(([k, v]) => [k, dynValue(v)]));
  return value as CelInput;
}

/** An object's fields under their CEL names (`namespace` as `__namespace__`, see {@link escapeProperty}). */
function objectValue(value: Record<string, unknown>, fields: ReadonlyMap<string, SchemaCelType>): CelInput {
  const out = new Map<string, CelInput>();
  for (const [name, v] of Object.entries(value)) {
    const celName = escapeProperty(name);
    const t = celName === undefined ? undefined : fields.get(celName);
    if (celName !== undefined && t !== undefined) out.set(celName, toCelValue(v, t));
  }
  return out;
}

/** Converts a JSON value typed by `t` into the value CEL evaluates (see the module comment). */
export function toCelValue(value: unknown, t: SchemaCelType): CelInput {
  if (value === null || value === undefined) return null;
  switch (t.kind) {
    case 'object':
      return isJSONObject(value) ? objectValue(value, t.fields) : dynValue(value);
    case 'map':
      return isJSONObject(value) ? new Map(Object.entries(value).map(([k, v]) => [k, toCelValue(v, t.value)])) : dynValue(value);
    case 'list':
      return Array.isArray(value) ? typedCelList(value.map((v) => toCelValue(v, t.elem)), t.listType, t.mapKeys.map((k) => escapeProperty(k) ?? k)) : dynValue(value);
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : dynValue(value);
    case 'double':
      return typeof value === 'number' ? value : dynValue(value);
    case 'bytes':
    case 'timestamp':
    case 'duration':
      return typeof value === 'string' ? stringValue(value, t.kind) : dynValue(value);
    default:
      return dynValue(value);
  }
}
