/**
 * The DaemonSet template generation: a field of the internal DaemonSetSpec that apps/v1 carries in the
 * `deprecated.daemonset.template.generation` annotation (pkg/apis/apps/v1 conversion), 1 on create and bumped
 * with every template change (pkg/registry/apps/daemonset/strategy.go), checked on update
 * (`ValidateDaemonSetSpecUpdate`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldInvalid, newPath, validateNonnegativeField } from '@apiserver/runtime';

/** The annotation holding the template generation. */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

const PATH = newPath('spec', 'templateGeneration');

/** The template generation of a DaemonSet (0 when the annotation is absent or not an integer). */
export function templateGenerationOf(obj: ApiObject): number {
  const text = obj.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  if (text === undefined || !/^[+-]?\d+$/.test(text)) return 0;
  return Number(text);
}

/** Writes the template generation into the annotation. */
export function setTemplateGeneration(obj: ApiObject, generation: number): void {
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: String(generation) };
}

/** The template generation is non-negative, and moves up by exactly the template changes. */
export function validateTemplateGeneration(obj: ApiObject, old: ApiObject | undefined, templateChanged: boolean): FieldError[] {
  const now = templateGenerationOf(obj);
  const errs = validateNonnegativeField(now, PATH);
  if (old === undefined) return errs;
  const before = templateGenerationOf(old);
  if (now < before) errs.push(fieldInvalid(PATH, now, 'must not be decremented'));
  if (now === before && templateChanged) errs.push(fieldInvalid(PATH, now, 'must be incremented upon template update'));
  else if (now > before && !templateChanged) errs.push(fieldInvalid(PATH, now, 'must not be incremented without template update'));
  return errs;
}
