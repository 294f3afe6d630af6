/**
 * The pod template strategy (pkg/registry/core/podtemplate/strategy.go): the template's PodSpec defaults,
 * generation 1 on create and bumped when the template changes, `ValidatePodTemplateSpec` at `template`.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { newPath } from '@apiserver/runtime';
import { coreV1, defaultPodTemplateSpec } from '@apiserver/runtime/apis';
import { recordAt } from '../../../object-fields.js';
import { validatePodTemplateSpec } from '../pod/pod-spec-validation.js';
import { generationChanged } from '../pod/template-warnings.js';
import { podTemplateWarnings } from '../pod/warnings.js';
import { dropDisabledTemplateFields } from '../pod/drop-disabled-fields.js';

const validate = (obj: ApiObject) => validatePodTemplateSpec(recordAt(obj, 'template'), newPath('template'));

/** Create and update behaviour of pod templates. */
export class PodTemplateStrategy extends GenericStrategy {
  /** Namespaced, generation tracking, template validation. */
  constructor() {
    super({ namespaceScoped: true, trackGeneration: true, schema: coreV1.PodTemplateSchema, validate: (_ctx, obj) => validate(obj), validateUpdate: (_ctx, obj) => validate(obj) });
  }

  /** PodSpec defaults, generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultTemplate(obj);
    dropDisabledTemplateFields(recordAt(obj, 'template'));
    super.prepareForCreate(ctx, obj);
  }

  /** PodSpec defaults, generation bumped when the template changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultTemplate(obj);
    dropDisabledTemplateFields(recordAt(obj, 'template'), recordAt(old, 'template'));
    super.prepareForUpdate(ctx, obj, old);
  }

  /** The template's pod warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return podTemplateWarnings(newPath('template'), recordAt(obj, 'template'));
  }

  /** The template's pod warnings, when the update changed the generation. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return generationChanged(obj, old) ? podTemplateWarnings(newPath('template'), recordAt(obj, 'template')) : [];
  }
}

/** The pod spec defaults of a PodTemplate's template (core/v1 `SetDefaults_PodSpec` through the template). */
export function defaultTemplate(obj: ApiObject): void {
  const template = recordAt(obj, 'template');
  if (template !== undefined) defaultPodTemplateSpec(template);
}
