/**
 * The CRD strategy (`pkg/registry/customresourcedefinition/strategy.go`): status cleared on create,
 * spec kept on status updates, generation bumped on spec changes, the cleanup finalizer added,
 * `conversion.strategy` defaulted to `None` (a webhook Service's port to 443), and CRD validation.
 *
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import { type FieldError, newPath, fieldInvalid } from '@apiserver/runtime';
import { CUSTOM_RESOURCE_CLEANUP_FINALIZER, type CustomResourceDefinition } from '../apis/types.js';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from './crd-validation.js';
import { decodeJSONSchemaProps } from './schema-decoding.js';

function asCRD(obj: ApiObject): CustomResourceDefinition {
  return obj as CustomResourceDefinition;
}

/**
 * Defaults of a CRD (`SetDefaults_CustomResourceDefinition*`, `SetDefaults_ServiceReference`): conversion None,
 * a conversion webhook Service's port 443, names' singular and listKind. The versions' schemas are first made what Go
 * decodes (`null`s as zero values; a schema with values of the wrong type is left for validation to refuse).
 */
export function defaultCustomResourceDefinition(obj: ApiObject): void {
  const crd = asCRD(obj);
  if (typeof crd.spec !== 'object' || crd.spec === null) return;
  for (const version of Array.isArray(crd.spec.versions) ? crd.spec.versions : []) {
    const schema = typeof version === 'object' && version !== null ? version.schema : undefined;
    if (schema?.openAPIV3Schema === undefined) continue;
    const decoded = decodeJSONSchemaProps(schema.openAPIV3Schema, newPath('spec'));
    if (decoded.errors.length === 0 && decoded.schema !== undefined) schema.openAPIV3Schema = decoded.schema;
  }
  crd.spec.conversion ??= { strategy: 'None' };
  const service = crd.spec.conversion.webhook?.clientConfig?.service;
  if (typeof service === 'object' && service !== null) service.port ??= 443;
  const names = crd.spec.names;
  if (typeof names !== 'object' || names === null || typeof names.kind !== 'string') return;
  if (names.singular === undefined || names.singular === '') names.singular = names.kind.toLowerCase();
  if (names.listKind === undefined || names.listKind === '') names.listKind = `${names.kind}List`;
}

/** The create/update/delete strategy of customresourcedefinitions. */
export class CustomResourceDefinitionStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with generation tracking and `status` as the status field. */
  constructor() {
    super({
      namespaceScoped: false,
      statusField: 'status',
      trackGeneration: true,
      validate: (_ctx, obj) => validateCustomResourceDefinition(asCRD(obj)),
      validateUpdate: (_ctx, obj, old) => validateCustomResourceDefinitionUpdate(asCRD(obj), asCRD(old)),
    });
  }

  /** CRDs are cluster-scoped. */
  override namespaceScoped(): boolean {
    return false;
  }

  /** A PUT of a missing CRD does not create it. */
  override allowCreateOnUpdate(): boolean {
    return false;
  }

  /** Updates must carry a resourceVersion (upstream's `AllowUnconditionalUpdate` is false for CRDs). */
  override allowUnconditionalUpdate(): boolean {
    return false;
  }

  /** Clears status, defaults the spec, adds the cleanup finalizer, starts generation at 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    super.prepareForCreate(ctx, obj);
    defaultCustomResourceDefinition(obj);
    const storage = asCRD(obj).spec?.versions?.find((v) => v.storage)?.name;
    if (storage !== undefined) asCRD(obj).status = { storedVersions: [storage] };
    const finalizers = obj.metadata.finalizers ?? [];
    if (!finalizers.includes(CUSTOM_RESOURCE_CLEANUP_FINALIZER)) obj.metadata.finalizers = [...finalizers, CUSTOM_RESOURCE_CLEANUP_FINALIZER];
  }

  /** Keeps status, defaults the spec, bumps generation when the spec changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultCustomResourceDefinition(obj);
    super.prepareForUpdate(ctx, obj, old);
    const crd = asCRD(obj);
    const storage = crd.spec?.versions?.find((v) => v.storage)?.name;
    const stored = crd.status?.storedVersions ?? [];
    if (storage !== undefined && !stored.includes(storage)) crd.status = { ...crd.status, storedVersions: [...stored, storage] };
  }
}

function validateStatus(obj: ApiObject): FieldError[] {
  const status = asCRD(obj).status;
  const stored = status?.storedVersions ?? [];
  const names = new Set(asCRD(obj).spec.versions.map((v) => v.name));
  return stored.flatMap((v, i) =>
    names.has(v) ? [] : [fieldInvalid(newPath('status', 'storedVersions').index(i), v, 'must appear in spec.versions')],
  );
}

/**
 * The strategy of `customresourcedefinitions/status`: the spec is kept, metadata is the request's. Upstream's strategy
 * resets the object metadata against itself, which changes nothing, so the finalizer controller can drop its finalizer
 * through `/status`; its reset fields still name `metadata`.
 */
export function newCustomResourceDefinitionStatusStrategy(base: CustomResourceDefinitionStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    resetFields: resetFieldsByVersion(['apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1'], ['metadata', 'spec']),
    validate: (_ctx, obj) => validateStatus(obj),
  });
}
