/**
 * Decoding of an apply configuration (the body of an `application/apply-patch+yaml` PATCH): YAML 1.1 (or
 * JSON) into an object, as sigs.k8s.io/yaml does, plus the strict check for duplicate keys.
 */
import YAML from 'yaml';
import type { JSONObject } from './typed-value.js';

/** Raised for an apply configuration that is not a YAML object. */
export class ApplyConfigurationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ApplyConfigurationError';
  }
}

/** Decodes an apply configuration; an empty document is `{}`. */
export function decodeApplyConfiguration(text: string): JSONObject {
  let parsed: unknown;
  try {
    parsed = YAML.parse(text, { version: '1.1', uniqueKeys: false, merge: true });
  } catch (err) {
    throw new ApplyConfigurationError(err instanceof Error ? err.message : String(err));
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApplyConfigurationError(`cannot unmarshal ${Array.isArray(parsed) ? 'array' : typeof parsed} into Go value of type map[string]interface {}`);
  }
  return parsed as JSONObject;
}

/** The duplicate-key error of an apply configuration, or undefined when it has none. */
export function duplicateKeyProblem(text: string): string | undefined {
  try {
    YAML.parse(text, { version: '1.1', uniqueKeys: true, merge: true });
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
