/**
 * A patched custom resource as the patchers decode it (handlers/patch.go `jsonPatcher`, `applyPatcher`): the
 * scope's {@link ObjectCoercer} prunes and defaults the patched object before managedFields and admission. A JSON or
 * merge patch reports what the patch's own strict decode found (duplicate fields of a merge patch) and then the
 * unknown fields: Strict answers 422 on `patch` (an Invalid without kind or name, the patched object as the value),
 * Warn adds warnings. An apply's configuration is pruned and defaulted without reports (its duplicate keys were
 * checked by the apply itself).
 */
import type { ApiObject } from '@apiserver/registry';
import { fieldInvalid, newInvalid, newPath } from '@apiserver/runtime';
import { duplicateFields } from './field-validation.js';
import { type ObjectCoercer, unknownFieldProblems } from './object-coercer.js';
import type { FieldValidation } from './options.js';
import type { HandlerRequest } from './request-scope.js';

/** The parts of a PATCH request the decode looks at. */
export interface PatchDecodeRequest {
  /** The patch type. */
  readonly type: 'json' | 'merge' | 'apply' | 'strategic';
  /** The patch's text. */
  readonly text: string;
  /** The fieldValidation directive. */
  readonly fieldValidation: FieldValidation;
}

/**
 * The 422 upstream's patchers answer when the patched object does not decode (or, Strict, has unknown or duplicate
 * fields): an Invalid with no kind and no name on field `patch`, whose value is what the patcher holds (`value`).
 */
export function newInvalidPatch(value: string, message: string): Error {
  return newInvalid({ group: '', kind: '' }, '', [fieldInvalid(newPath('patch'), value, message)]);
}

function invalidPatch(patched: ApiObject, message: string): Error {
  return newInvalidPatch(JSON.stringify(patched), message);
}

/** What the patch's own strict decode reports: a merge patch's duplicate fields (a JSON patch reports none). */
function appliedStrictErrors(p: PatchDecodeRequest): string[] {
  if (p.type !== 'merge') return [];
  return duplicateFields(p.text).map((f) => `duplicate field ${JSON.stringify(f)}`);
}

/** The patched object coerced and defaulted by `coercer`, its strict decoding problems reported per the directive. */
export function coercePatchedObject(coercer: ObjectCoercer, request: HandlerRequest, p: PatchDecodeRequest, patched: ApiObject): ApiObject {
  let coerced: ReturnType<ObjectCoercer['coerce']>;
  try {
    coerced = coercer.coerce(patched);
  } catch (err) {
    throw invalidPatch(patched, err instanceof Error ? err.message : String(err));
  }
  if (p.type !== 'apply' && p.fieldValidation !== 'Ignore') {
    const problems = [...appliedStrictErrors(p), ...unknownFieldProblems(coerced.unknownFields)];
    if (problems.length > 0 && p.fieldValidation === 'Strict') throw invalidPatch(patched, `strict decoding error: ${problems.join(', ')}`);
    request.warnings.push(...problems);
  }
  coercer.default(coerced.object);
  return coerced.object;
}
