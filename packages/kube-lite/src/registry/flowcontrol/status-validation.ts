/**
 * Status validation shared by FlowSchemas and PriorityLevelConfigurations (`ValidateFlowSchemaStatus`,
 * `ValidatePriorityLevelConfigurationStatus`): each condition has a type, and no type appears twice.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldRequired } from '@apiserver/runtime';
import { isRecord } from '../../object-fields.js';

/** The errors of `status.conditions`. */
export function validateConditions(status: unknown, path: FieldPath): FieldError[] {
  const conditions = isRecord(status) && Array.isArray(status.conditions) ? status.conditions : [];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  conditions.forEach((c, i) => {
    const type = isRecord(c) && typeof c.type === 'string' ? c.type : '';
    const at = path.child('conditions').index(i);
    if (seen.has(type)) errs.push(fieldDuplicate(at.child('type'), type));
    seen.add(type);
    if (type === '') errs.push(fieldRequired(at.child('type'), 'must not be empty'));
  });
  return errs;
}
