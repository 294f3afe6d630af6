/**
 * Secret validation (pkg/apis/core/validation `ValidateSecret`, `ValidateSecretUpdate`): data keys and
 * size, the keys each built-in secret type requires, `type` immutable, and the `immutable` rules.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldInvalid, fieldRequired, fieldTooLong, newPath } from '@apiserver/runtime';
import { recordAt, stringAt, stringEntries } from '../../../object-fields.js';
import { decodedLength, MAX_SECRET_SIZE, validateDataKeys, validateImmutableUpdate } from '../configmap/validation.js';

/** The annotation a `kubernetes.io/service-account-token` secret must carry (`core.ServiceAccountNameKey`). */
export const SERVICE_ACCOUNT_NAME_KEY = 'kubernetes.io/service-account.name';

const dataPath = () => newPath('data');

function decodedData(secret: ApiObject): Map<string, Buffer> {
  return new Map(stringEntries(secret, 'data').map(([k, v]) => [k, Buffer.from(v, 'base64')]));
}

function goTypeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

/** Go's `json.Unmarshal(b, &map[string]interface{}{})` outcome: undefined when it succeeds, else a message. */
export function jsonObjectError(bytes: Buffer): string | undefined {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return 'unexpected end of JSON input';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return `invalid JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (parsed === null || (typeof parsed === 'object' && !Array.isArray(parsed))) return undefined;
  return `json: cannot unmarshal ${goTypeName(parsed)} into Go value of type map[string]interface {}`;
}

function requireJSONKey(data: Map<string, Buffer>, key: string): FieldError[] {
  const bytes = data.get(key);
  if (bytes === undefined) return [fieldRequired(dataPath().key(key), '')];
  const msg = jsonObjectError(bytes);
  return msg === undefined ? [] : [fieldInvalid(dataPath().key(key), '<secret contents redacted>', msg)];
}

type TypeRule = (secret: ApiObject, data: Map<string, Buffer>) => FieldError[];

const TYPE_RULES: Readonly<Record<string, TypeRule>> = {
  'kubernetes.io/service-account-token': (secret) =>
    stringAt(recordAt(secret.metadata, 'annotations'), SERVICE_ACCOUNT_NAME_KEY) === ''
      ? [fieldRequired(newPath('metadata', 'annotations').key(SERVICE_ACCOUNT_NAME_KEY), '')]
      : [],
  'kubernetes.io/dockercfg': (_s, data) => requireJSONKey(data, '.dockercfg'),
  'kubernetes.io/dockerconfigjson': (_s, data) => requireJSONKey(data, '.dockerconfigjson'),
  'kubernetes.io/basic-auth': (_s, data) =>
    data.has('username') || data.has('password')
      ? []
      : [fieldRequired(dataPath().key('username'), ''), fieldRequired(dataPath().key('password'), '')],
  'kubernetes.io/ssh-auth': (_s, data) =>
    (data.get('ssh-privatekey')?.length ?? 0) === 0 ? [fieldRequired(dataPath().key('ssh-privatekey'), '')] : [],
  'kubernetes.io/tls': (_s, data) => [
    ...(data.has('tls.crt') ? [] : [fieldRequired(dataPath().key('tls.crt'), '')]),
    ...(data.has('tls.key') ? [] : [fieldRequired(dataPath().key('tls.key'), '')]),
  ],
};

/** Validates a Secret: data keys, total size ≤ 1 MiB, and the type's required keys or annotation. */
export function validateSecret(secret: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const total = validateDataKeys(recordAt(secret, 'data'), dataPath(), errs, decodedLength);
  if (total > MAX_SECRET_SIZE) errs.push(fieldTooLong(dataPath(), '', MAX_SECRET_SIZE));
  const rule = TYPE_RULES[stringAt(secret, 'type')];
  if (rule !== undefined) errs.push(...rule(secret, decodedData(secret)));
  return errs;
}

/** Validates a Secret update: `type` immutable, the `immutable` rules on `data`, then the Secret itself. */
export function validateSecretUpdate(secret: ApiObject, old: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const type = stringAt(secret, 'type');
  if (type !== stringAt(old, 'type')) errs.push(fieldInvalid(newPath('type'), type, 'field is immutable'));
  return [...errs, ...validateImmutableUpdate(secret, old, ['data']), ...validateSecret(secret)];
}
