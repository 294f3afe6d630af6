/**
 * The controllerrevision strategy (pkg/registry/apps/controllerrevision/strategy.go) and validation
 * (pkg/apis/apps/validation `ValidateControllerRevision`, `ValidateControllerRevisionUpdate`): `data` is
 * mandatory and immutable, `revision` non-negative; no status and no generation.
 * @module
 */
import { type ApiObject, GenericStrategy } from '@apiserver/registry';
import { type FieldError, fieldInvalid, fieldRequired, newPath, semanticEqual, validateNonnegativeField } from '@apiserver/runtime';
import { appsV1 } from '@apiserver/runtime/apis';

/** Validates a controller revision (`ValidateControllerRevision`, the name checked by the strategy). */
export function validateControllerRevision(obj: ApiObject): FieldError[] {
  const errs: FieldError[] = obj.data === undefined || obj.data === null ? [fieldRequired(newPath('data'), 'data is mandatory')] : [];
  return [...errs, ...validateNonnegativeField(obj.revision ?? 0, newPath('revision'))];
}

/** Validates an update: the new revision, with unchanged `data`. */
export function validateControllerRevisionUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateControllerRevision(obj);
  if (!semanticEqual(appsV1.ControllerRevisionSchema, { data: obj.data }, { data: old.data })) errs.push(fieldInvalid(newPath('data'), obj.data ?? null, 'field is immutable'));
  return errs;
}

/** Create and update behaviour of controllerrevisions. */
export class ControllerRevisionStrategy extends GenericStrategy {
  /** A namespaced strategy with controllerrevision validation. */
  constructor() {
    super({
      namespaceScoped: true,
      schema: appsV1.ControllerRevisionSchema,
      validate: (_ctx, obj) => validateControllerRevision(obj),
      validateUpdate: (_ctx, obj, old) => validateControllerRevisionUpdate(obj, old),
    });
  }
}
