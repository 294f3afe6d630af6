/**
 * The server-side apply mechanism of PATCH (`application/apply-patch+yaml`, handlers/patch.go `applyPatcher`):
 * the body is YAML (or JSON) decoded to an object (400 `error decoding YAML: …`) and applied by the scope's
 * FieldManager for the request's `fieldManager`, forced or not; with fieldValidation Strict/Warn, duplicate
 * keys in the YAML are a 400 or a warning.
 */
import {
  ApplyConfigurationError,
  type DecodedApplyConfiguration,
  decodeApplyConfigurationAsync,
  type JSONObject,
  newBadRequest,
} from '@apiserver/runtime';
import { fieldManagerFor } from '../fieldmanager/scope-field-manager.js';
import type { FieldValidation } from './options.js';
import type { RequestScope } from './request-scope.js';

/** Everything an apply needs from the request. */
export interface ApplyRequest {
  /** The apply body. */
  readonly text: string;
  /** `fieldManager` (required for apply; validated before). */
  readonly fieldManager: string;
  /** `force=true`. */
  readonly force: boolean;
  /** fieldValidation directive. */
  readonly fieldValidation: FieldValidation;
  /** Warnings of the request. */
  readonly warnings: string[];
}

/** The configuration and its duplicate keys, from one conversion (a large one in the YAML decoding thread). */
async function decode(text: string): Promise<DecodedApplyConfiguration> {
  try {
    return await decodeApplyConfigurationAsync(text);
  } catch (err) {
    if (err instanceof ApplyConfigurationError) throw newBadRequest(`error decoding YAML: ${err.message}`);
    throw err;
  }
}

/** Applies the request's configuration to `live` (undefined when the object does not exist). */
export async function applyConfiguration(scope: RequestScope, live: JSONObject | undefined, request: ApplyRequest): Promise<JSONObject> {
  const { configuration, duplicateKeyProblem: problem } = await decode(request.text);
  const result = fieldManagerFor(scope).apply(live, configuration, request.fieldManager, request.force);
  if (request.fieldValidation === 'Strict' || request.fieldValidation === 'Warn') {
    if (problem !== undefined && request.fieldValidation === 'Strict') throw newBadRequest(`error strict decoding YAML: ${problem}`);
    if (problem !== undefined) request.warnings.push(problem);
  }
  return result;
}
