/**
 * Binding validation (pkg/apis/core/validation `ValidatePodBinding`): the target is a Node (or kind left empty)
 * and has a name.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { recordAt, stringAt } from '../../../object-fields.js';

/** Field errors of a Binding. */
export function validatePodBinding(binding: ApiObject): FieldError[] {
  const target = recordAt(binding, 'target');
  const kind = stringAt(target, 'kind');
  const errs: FieldError[] = [];
  if (kind !== '' && kind !== 'Node') errs.push(fieldNotSupported(newPath('target', 'kind'), kind, ['Node', '<empty>']));
  if (stringAt(target, 'name') === '') errs.push(fieldRequired(newPath('target', 'name'), ''));
  return errs;
}
