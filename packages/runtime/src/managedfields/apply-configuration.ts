/**
 * Decoding of an apply configuration (the body of an `application/apply-patch+yaml` PATCH): YAML 1.1 (or
 * JSON) into an object as sigs.k8s.io/yaml's `Unmarshal` does (errors read `error converting YAML to JSON: …`),
 * plus the strict check for duplicate keys (`UnmarshalStrict`). Both go through the serializer's bounded
 * YAML reader: nesting, aliases and key types are limited before anything recursive runs.
 */
import { yamlToJSON } from '../serializer/yaml-to-json.js';
import type { JSONObject } from './typed-value.js';

/** Raised for an apply configuration that is not a YAML object. */
export class ApplyConfigurationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ApplyConfigurationError';
  }
}

function convert(text: string): ReturnType<typeof yamlToJSON> {
  try {
    return yamlToJSON(text);
  } catch (err) {
    throw new ApplyConfigurationError(`error converting YAML to JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Decodes an apply configuration; an empty document is `{}`. */
export function decodeApplyConfiguration(text: string): JSONObject {
  const parsed = convert(text).value;
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    const goType = Array.isArray(parsed) ? 'array' : typeof parsed === 'boolean' ? 'bool' : typeof parsed;
    throw new ApplyConfigurationError(`error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${goType} into Go value of type map[string]interface {}`);
  }
  return parsed as JSONObject;
}

/** The duplicate-key error of an apply configuration, or undefined when it has none. */
export function duplicateKeyProblem(text: string): string | undefined {
  let strictErrors: readonly string[];
  try {
    strictErrors = yamlToJSON(text).strictErrors;
  } catch (err) {
    return `error converting YAML to JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  return strictErrors.length === 0 ? undefined : `error converting YAML to JSON: ${strictErrors.join(', ')}`;
}
