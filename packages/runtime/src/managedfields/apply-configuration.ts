/**
 * Decoding of an apply configuration (the body of an `application/apply-patch+yaml` PATCH): YAML 1.1 (or
 * JSON) into an object as sigs.k8s.io/yaml's `Unmarshal` does (errors read `error converting YAML to JSON: …`),
 * plus the strict check for duplicate keys (`UnmarshalStrict`). Both go through the serializer's bounded
 * YAML reader: nesting, aliases and key types are limited before anything recursive runs.
 */
import { YAMLDecodeThreadError, yamlToJSONAsync } from '../serializer/yaml-decode-thread.js';
import { type YAMLToJSONResult, yamlToJSON } from '../serializer/yaml-to-json.js';
import type { JSONObject } from './typed-value.js';

/** Raised for an apply configuration that is not a YAML object. */
export class ApplyConfigurationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ApplyConfigurationError';
  }
}

function conversionError(err: unknown): ApplyConfigurationError {
  return new ApplyConfigurationError(`error converting YAML to JSON: ${err instanceof Error ? err.message : String(err)}`);
}

function convert(text: string): YAMLToJSONResult {
  try {
    return yamlToJSON(text);
  } catch (err) {
    throw conversionError(err);
  }
}

/** Decodes an apply configuration; an empty document is `{}`. */
export function decodeApplyConfiguration(text: string): JSONObject {
  return configurationOf(convert(text).value);
}

/** An apply configuration and its duplicate-key problem ({@link duplicateKeyProblem}), from one conversion. */
export interface DecodedApplyConfiguration {
  /** The configuration ({@link decodeApplyConfiguration}). */
  readonly configuration: JSONObject;
  /** The duplicate-key error, or undefined when it has none. */
  readonly duplicateKeyProblem: string | undefined;
}

/**
 * {@link decodeApplyConfiguration} and {@link duplicateKeyProblem} from one conversion, which does not hold the
 * event loop: a large text is converted in the YAML decoding thread (yaml-decode-thread.ts). Same results and
 * ApplyConfigurationErrors; a failure of the thread itself is not an ApplyConfigurationError.
 */
export async function decodeApplyConfigurationAsync(text: string): Promise<DecodedApplyConfiguration> {
  let result: YAMLToJSONResult;
  try {
    result = await yamlToJSONAsync(text);
  } catch (err) {
    throw err instanceof YAMLDecodeThreadError ? err : conversionError(err);
  }
  return {
    configuration: configurationOf(result.value),
    duplicateKeyProblem: duplicatesProblem(result.strictErrors),
  };
}

function configurationOf(parsed: unknown): JSONObject {
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
  return duplicatesProblem(strictErrors);
}

function duplicatesProblem(strictErrors: readonly string[]): string | undefined {
  return strictErrors.length === 0 ? undefined : `error converting YAML to JSON: ${strictErrors.join(', ')}`;
}
