/**
 * The daemonset strategy (pkg/registry/apps/daemonset/strategy.go): defaults, empty status, generation 1 and
 * template generation 1 on create; on update a template change bumps both generations, another spec change only
 * the generation; validation; and the status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { semanticEqual } from '@apiserver/runtime';
import { coreV1, appsV1 } from '@apiserver/runtime/apis';
import { recordAt } from '../../../object-fields.js';
import { defaultDaemonSet } from './defaults.js';
import { setTemplateGeneration, templateGenerationOf, validateTemplateGeneration } from './template-generation.js';
import { validateDaemonSetSpec, validateDaemonSetStatus } from './validation.js';
import { podTemplateWarnings } from '../../core/pod/warnings.js';
import { SPEC_TEMPLATE } from '../../core/pod/template-warnings.js';
import { dropDisabledTemplateFields } from '../../core/pod/drop-disabled-fields.js';

const templateOf = (obj: ApiObject): unknown => recordAt(obj, 'spec')?.template;

function templateChanged(obj: ApiObject, old: ApiObject): boolean {
  return !semanticEqual(coreV1.PodTemplateSpecSchema, templateOf(obj) ?? {}, templateOf(old) ?? {});
}

/** Create and update behaviour of daemonsets. */
export class DaemonSetStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation and template generation tracking, daemonset validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: appsV1.DaemonSetSchema,
      validate: (_ctx, obj) => [...validateDaemonSetSpec(obj), ...validateTemplateGeneration(obj, undefined, false)],
      validateUpdate: (_ctx, obj, old) => [...validateTemplateGeneration(obj, old, templateChanged(obj, old)), ...validateDaemonSetSpec(obj)],
    });
  }

  /** Defaults, then status `{}`, generation 1 and a template generation of at least 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultDaemonSet(obj);
    dropDisabledTemplateFields(templateOf(obj));
    super.prepareForCreate(ctx, obj);
    obj.status = {};
    setTemplateGeneration(obj, Math.max(templateGenerationOf(obj), 1));
  }

  /** Defaults and keeps status; a template change bumps the template generation and the generation. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultDaemonSet(obj);
    dropDisabledTemplateFields(templateOf(obj), templateOf(old));
    const oldGeneration = old.metadata.generation ?? 0;
    const requested = templateGenerationOf(obj);
    super.prepareForUpdate(ctx, obj, old);
    if (templateChanged(obj, old)) {
      setTemplateGeneration(obj, templateGenerationOf(old) + 1);
      obj.metadata.generation = oldGeneration + 1;
      return;
    }
    setTemplateGeneration(obj, requested);
    // The template generation is part of the internal spec: changing it alone is a spec change.
    if (requested !== templateGenerationOf(old)) obj.metadata.generation = oldGeneration + 1;
  }

  /** The pod template's warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return podTemplateWarnings(SPEC_TEMPLATE, templateOf(obj));
  }

  /** The pod template's warnings, when the update changed the template generation. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return templateGenerationOf(obj) !== templateGenerationOf(old) ? podTemplateWarnings(SPEC_TEMPLATE, templateOf(obj)) : [];
  }
}

/** The `daemonsets/status` update strategy: the spec stays, metadata is the request's, the status is validated. */
export function newDaemonSetStatusStrategy(base: DaemonSetStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { 'apps/v1': ['spec'] }, validate: (_ctx, obj, old) => validateDaemonSetStatus(obj, old) });
}
