/**
 * Storage key validation and key builders (etcd3 `prepareKey`, pkg/storage/util.go).
 * @module
 */
import { InternalError, newBadRequestError } from './errors.js';
import type { StorageObject } from './object.js';

/** Error for a key that is empty or contains `.`/`..` segments. */
export class InvalidKeyError extends Error {
  /** The rejected key. */
  readonly key: string;
  /** Creates the error (`invalid key: "…"` or `empty key: "…"`). */
  constructor(key: string, empty: boolean) {
    super(`${empty ? 'empty' : 'invalid'} key: ${JSON.stringify(key)}`);
    this.name = 'InvalidKeyError';
    this.key = key;
  }
}

/** Type guard for InvalidKeyError. */
export function isInvalidKeyError(err: unknown): err is InvalidKeyError {
  return err instanceof InvalidKeyError;
}

/** Throws InvalidKeyError for "" and "/", and for keys with a `.` or `..` path segment. */
export function validateKey(key: string): void {
  if (key === '' || key === '/') throw new InvalidKeyError(key, true);
  // A `.` or `..` segment needs a dot: most keys have none and are not split into segments.
  if (!key.includes('.')) return;
  const segments = key.split('/');
  if (segments.some((s) => s === '.' || s === '..')) throw new InvalidKeyError(key, false);
}

/** Normalizes a storage path prefix the way `path.Join("/", prefix) + "/"` does (`custom//p/` ⇒ `/custom/p/`). */
export function normalizePathPrefix(prefix: string): string {
  const segs = prefix.split('/').filter((s) => s !== '' && s !== '.');
  return segs.length === 0 ? '/' : `/${segs.join('/')}/`;
}

/** Validates `key` and returns `pathPrefix + key` without the key's leading `/` (upstream `prepareKey`). */
export function prepareKey(pathPrefix: string, key: string): string {
  validateKey(key);
  const prefix = normalizePathPrefix(pathPrefix);
  return prefix + (key.startsWith('/') ? key.slice(1) : key);
}

/** Whether `key` lies under `prefix` on a path-segment boundary (`/a/b` is under `/a`, `/ab` is not). */
export function hasPathPrefix(key: string, prefix: string): boolean {
  if (!key.startsWith(prefix)) return false;
  if (prefix === '' || prefix.endsWith('/') || key.length === prefix.length) return true;
  return key[prefix.length] === '/';
}

/** Whether `name` can be a single path segment (upstream `path.IsValidPathSegmentName`). */
export function isValidPathSegmentName(name: string): boolean {
  return name !== '.' && name !== '..' && !name.includes('/') && !name.includes('%');
}

function checkName(name: string | undefined): string {
  if (name === undefined || name === '') throw newBadRequestError('name parameter required.');
  if (!isValidPathSegmentName(name)) {
    throw newBadRequestError(`Name parameter invalid: ${JSON.stringify(name)}: may not be '.' or '..' or contain '/' or '%'`);
  }
  return name;
}

/** Key of a namespaced object: `prefix/namespace/name` (upstream `NamespaceKeyFunc`). */
export function namespaceKeyFunc(prefix: string, obj: StorageObject): string {
  const ns = obj.metadata.namespace;
  if (ns === undefined || ns === '') throw new InternalError('namespace is required for a namespaced key');
  return `${prefix}/${ns}/${checkName(obj.metadata.name)}`;
}

/** Key of a cluster-scoped object: `prefix/name` (upstream `NoNamespaceKeyFunc`). */
export function noNamespaceKeyFunc(prefix: string, obj: StorageObject): string {
  return `${prefix}/${checkName(obj.metadata.name)}`;
}
