/**
 * The create strategy and `BeforeCreate` (k8s.io/apiserver/pkg/registry/rest/create.go).
 * @module
 */
import {
  type FieldError,
  generateName as simpleGenerateName,
  newInternalError,
  newInvalid,
  newPath,
  type QualifiedKind,
  validatePathSegmentName,
} from '@apiserver/runtime';
import { ensureObjectNamespaceMatchesRequestNamespace, expectedNamespaceForScope } from './meta.js';
import { validateObjectMeta } from './object-meta-validation.js';
import type { ApiObject, RequestContext } from './types.js';

/** Resource-specific create behaviour the generic store calls (`rest.RESTCreateStrategy`). */
export interface RESTCreateStrategy {
  /** Whether objects are namespaced. */
  namespaceScoped(): boolean;
  /** Normalizes the object before validation (clear status, set generation…). */
  prepareForCreate(ctx: RequestContext, obj: ApiObject): void;
  /** Validates the object; errors become one 422 Invalid. */
  validate(ctx: RequestContext, obj: ApiObject): FieldError[];
  /** Warnings to return to the client (default none). */
  warningsOnCreate?(ctx: RequestContext, obj: ApiObject): string[];
  /** Puts the object in canonical form after validation (default no-op). */
  canonicalize?(obj: ApiObject): void;
  /** Generates a name from `generateName` (default: base + 5 random characters). */
  generateName?(base: string): string;
}

/** Generates a name from `base` with the strategy's generator, or the simple name generator. */
export function generateNameFor(strategy: RESTCreateStrategy, base: string): string {
  return strategy.generateName === undefined ? simpleGenerateName(base) : strategy.generateName(base);
}

/**
 * Prepares and validates an object for creation (`rest.BeforeCreate`): system fields present, namespace
 * agreement, `prepareForCreate`, strategy validation, then generic ObjectMeta validation, warnings,
 * `canonicalize`.
 */
export function beforeCreate(strategy: RESTCreateStrategy, ctx: RequestContext, obj: ApiObject, kind: QualifiedKind): void {
  const meta = obj.metadata;
  if ((meta.uid ?? '') === '' || (meta.creationTimestamp ?? '') === '') {
    throw newInternalError('system metadata was not initialized');
  }
  if ((meta.generateName ?? '') !== '' && (meta.name ?? '') === '') {
    throw newInternalError('metadata.name was not generated');
  }
  const namespaced = strategy.namespaceScoped();
  ensureObjectNamespaceMatchesRequestNamespace(expectedNamespaceForScope(ctx.namespace ?? '', namespaced), meta);
  strategy.prepareForCreate(ctx, obj);
  const errs = strategy.validate(ctx, obj);
  if (errs.length > 0) throw newInvalid(kind, meta.name ?? '', errs);
  const metaErrs = validateObjectMeta(meta, namespaced, validatePathSegmentName, newPath('metadata'));
  if (metaErrs.length > 0) throw newInvalid(kind, meta.name ?? '', metaErrs);
  for (const w of strategy.warningsOnCreate?.(ctx, obj) ?? []) ctx.addWarning?.(w);
  strategy.canonicalize?.(obj);
}
