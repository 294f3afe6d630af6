/**
 * The deployment strategy (pkg/registry/apps/deployment/strategy.go): defaults, empty status and
 * generation 1 on create, generation bumped on spec or annotation changes, validation; and the status
 * strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { canonicalJSON } from '@apiserver/storage';
import { DeploymentSchema, defaultDeployment } from '@apiserver/runtime/apis';
import { validateDeployment, validateDeploymentStatus, validateDeploymentUpdate } from './validation.js';
import { specTemplateOf, workloadWarningsOnCreate, workloadWarningsOnUpdate } from '../../core/pod/template-warnings.js';
import { dropDisabledTemplateFields } from '../../core/pod/drop-disabled-fields.js';

/** Create and update behaviour of deployments. */
export class DeploymentStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking and deployment validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: DeploymentSchema,
      validate: (_ctx, obj) => validateDeployment(obj),
      validateUpdate: (_ctx, obj, old) => validateDeploymentUpdate(obj, old),
    });
  }

  /** Defaults, then status `{}` and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultDeployment(obj);
    dropDisabledTemplateFields(specTemplateOf(obj));
    super.prepareForCreate(ctx, obj);
    obj.status = {};
  }

  /** Defaults, keeps status, bumps generation on spec changes, and on annotation changes as upstream. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultDeployment(obj);
    dropDisabledTemplateFields(specTemplateOf(obj), specTemplateOf(old));
    super.prepareForUpdate(ctx, obj, old);
    const bumped = (obj.metadata.generation ?? 0) > (old.metadata.generation ?? 0);
    if (!bumped && canonicalJSON(obj.metadata.annotations ?? {}) !== canonicalJSON(old.metadata.annotations ?? {})) {
      obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
  }

  /** A name that is not a DNS label (pods are named after it), then the pod template's warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return workloadWarningsOnCreate(obj, true);
  }

  /** The pod template's warnings, when the update changed the generation. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return workloadWarningsOnUpdate(obj, old);
  }
}

/** The `deployments/status` update strategy: spec and labels stay, annotations are the request's, the status is validated. */
export function newDeploymentStatusStrategy(base: DeploymentStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    keepMetadata: ['labels'],
    resetFields: { 'apps/v1': ['spec', 'metadata.labels'] },
    validate: (_ctx, obj) => validateDeploymentStatus(obj),
  });
}
