/**
 * ConfigMap validation (pkg/apis/core/validation `ValidateConfigMap`, `ValidateConfigMapUpdate`) and the
 * data-key and size rules Secrets share (`IsConfigMapKey`, `MaxSecretSize`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  DNS1123_SUBDOMAIN_MAX_LENGTH,
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldTooLong,
  maxLenError,
  newPath,
  regexError,
} from '@apiserver/runtime';
import { isDeepStrictEqual } from 'node:util';
import { isRecord, recordAt } from '../../../object-fields.js';

/** The largest total size of a ConfigMap's or Secret's data, in bytes (`core.MaxSecretSize`, 1 MiB). */
export const MAX_SECRET_SIZE = 1024 * 1024;

const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_RE = new RegExp(`^${CONFIG_MAP_KEY_FMT}$`);
const CONFIG_MAP_KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

/** Why `key` is not a valid ConfigMap/Secret data key (`validation.IsConfigMapKey`); empty when valid. */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_MAP_KEY_RE.test(key)) errs.push(regexError(CONFIG_MAP_KEY_ERR, CONFIG_MAP_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** The byte length of a base64 value as decoded (a `[]byte` field's length in Go). */
export function decodedLength(value: string): number {
  return Buffer.from(value, 'base64').length;
}

/**
 * Validates each key of the string entries of a data map at `path` (other values are skipped), adding each
 * value's size to the returned total. One pass over the keys: a ConfigMap near the size limit has 160,000.
 */
export function validateDataKeys(
  map: Readonly<Record<string, unknown>> | undefined,
  path: FieldPath,
  errs: FieldError[],
  sizeOf: (value: string) => number,
): number {
  if (map === undefined) return 0;
  let total = 0;
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (typeof value !== 'string') continue;
    for (const msg of isConfigMapKey(key)) errs.push(fieldInvalid(path.key(key), key, msg));
    total += sizeOf(value);
  }
  return total;
}

/** Validates a ConfigMap's data and binaryData (keys, no overlap, total size ≤ 1 MiB). */
export function validateConfigMap(cm: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const binary = recordAt(cm, 'binaryData');
  const data = recordAt(cm, 'data');
  let total = validateDataKeys(data, newPath('data'), errs, (v) => Buffer.byteLength(v, 'utf8'));
  if (data !== undefined && binary !== undefined && Object.keys(binary).length > 0) {
    for (const key of Object.keys(data)) {
      if (typeof data[key] === 'string' && Object.hasOwn(binary, key)) errs.push(fieldInvalid(newPath('data').key(key), key, 'duplicate of key present in binaryData'));
    }
  }
  total += validateDataKeys(binary, newPath('binaryData'), errs, decodedLength);
  if (total > MAX_SECRET_SIZE) errs.push(fieldTooLong(newPath(''), '', MAX_SECRET_SIZE));
  return errs;
}

const IMMUTABLE_MSG = 'field is immutable when `immutable` is set';

/** Errors for changing an immutable object's `immutable` flag or any of `fields` (ConfigMap and Secret updates). */
export function validateImmutableUpdate(obj: ApiObject, old: ApiObject, fields: readonly string[]): FieldError[] {
  if (old.immutable !== true) return [];
  const errs: FieldError[] = [];
  if (obj.immutable !== true) errs.push(fieldForbidden(newPath('immutable'), IMMUTABLE_MSG));
  for (const f of fields) {
    if (!isDeepStrictEqual(emptyAsAbsent(obj[f]), emptyAsAbsent(old[f]))) errs.push(fieldForbidden(newPath(f), IMMUTABLE_MSG));
  }
  return errs;
}

// Go's reflect.DeepEqual tells a nil map from an empty one, but JSON decoding gives nil for both `{}`
// omitted by omitempty and an absent field, so the two compare equal here.
function emptyAsAbsent(v: unknown): unknown {
  return isRecord(v) && Object.keys(v).length === 0 ? undefined : v;
}

/** Validates a ConfigMap update: the immutable rules, then the ConfigMap itself. */
export function validateConfigMapUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  return [...validateImmutableUpdate(obj, old, ['data', 'binaryData']), ...validateConfigMap(obj)];
}
