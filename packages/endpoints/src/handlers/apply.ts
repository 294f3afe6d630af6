/**
 * The server-side apply mechanism of PATCH (`application/apply-patch+yaml`, handlers/patch.go `applyPatcher`):
 * the body is YAML (or JSON) decoded to an object (400 `error decoding YAML: …`) and applied by the scope's
 * FieldManager for the request's `fieldManager`, forced or not; with fieldValidation Strict/Warn, duplicate
 * keys in the YAML are a 400 or a warning.
 */
import { ApplyConfigurationError, decodeApplyConfiguration, duplicateKeyProblem, type JSONObject, newBadRequest } from '@apiserver/runtime';
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

function decode(text: string): JSONObject {
  try {
    return decodeApplyConfiguration(text);
  } catch (err) {
    if (err instanceof ApplyConfigurationError) throw newBadRequest(`error decoding YAML: ${err.message}`);
    throw err;
  }
}

/** Applies the request's configuration to `live` (undefined when the object does not exist). */
export function applyConfiguration(scope: RequestScope, live: JSONObject | undefined, request: ApplyRequest): JSONObject {
  const result = fieldManagerFor(scope).apply(live, decode(request.text), request.fieldManager, request.force);
  if (request.fieldValidation === 'Strict' || request.fieldValidation === 'Warn') {
    const problem = duplicateKeyProblem(request.text);
    if (problem !== undefined && request.fieldValidation === 'Strict') throw newBadRequest(`error strict decoding YAML: ${problem}`);
    if (problem !== undefined) request.warnings.push(problem);
  }
  return result;
}
