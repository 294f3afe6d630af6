/**
 * The namespace strategies (pkg/registry/core/namespace/strategy.go): the main one (status Active and the
 * `kubernetes` finalizer on create, spec finalizers and status kept on update, the
 * `kubernetes.io/metadata.name` label always equal to the name), the status strategy (the spec stays)
 * and the finalize strategy (only spec.finalizers changes).
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { type FieldError, nameIsDNSLabel } from '@apiserver/runtime';
import { isRecord } from '../../../object-fields.js';
import {
  FINALIZER_KUBERNETES,
  NamespacePhase,
  specFinalizersOf,
  validateNamespace,
  validateNamespaceFinalizeUpdate,
  validateNamespaceStatusUpdate,
} from './validation.js';

/** The label every namespace carries with its own name (`v1.LabelMetadataName`). */
export const LABEL_METADATA_NAME = 'kubernetes.io/metadata.name';

function specOf(ns: ApiObject): Record<string, unknown> {
  if (isRecord(ns.spec)) return ns.spec;
  const spec: Record<string, unknown> = {};
  ns.spec = spec;
  return spec;
}

/** The main namespace strategy: cluster-scoped, DNS-1123 label names. */
export class NamespaceStrategy extends GenericStrategy {
  /** Creates the strategy. */
  constructor() {
    super({ namespaceScoped: false, nameFn: nameIsDNSLabel, validate: (_ctx, obj) => validateNamespace(obj) });
  }

  /** Status becomes Active; the `kubernetes` finalizer is added to spec.finalizers when missing. */
  override prepareForCreate(_ctx: RequestContext, obj: ApiObject): void {
    obj.status = { phase: NamespacePhase.Active };
    const finalizers = specFinalizersOf(obj);
    if (!finalizers.includes(FINALIZER_KUBERNETES)) specOf(obj).finalizers = [...finalizers, FINALIZER_KUBERNETES];
  }

  /** Spec finalizers and status cannot change through the main resource. */
  override prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    const oldSpec = isRecord(old.spec) ? old.spec : {};
    if (oldSpec.finalizers === undefined) delete specOf(obj).finalizers;
    else specOf(obj).finalizers = structuredClone(oldSpec.finalizers);
    if (old.status === undefined) delete obj.status;
    else obj.status = structuredClone(old.status);
  }

  /** Sets `kubernetes.io/metadata.name` to the (possibly generated) name. */
  canonicalize(obj: ApiObject): void {
    obj.metadata.labels = { ...obj.metadata.labels, [LABEL_METADATA_NAME]: obj.metadata.name ?? '' };
  }
}

/** The `namespaces/status` strategy: the spec is kept from the stored object; the phase must match deletion. */
export class NamespaceStatusStrategy extends NamespaceStrategy {
  /** Upstream's `GetResetFields`: a write through `/status` cannot own the spec. */
  getResetFields(): Record<string, readonly string[]> {
    return { v1: ['spec'] };
  }

  /** Keeps the old spec. */
  override prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    if (old.spec === undefined) delete obj.spec;
    else obj.spec = structuredClone(old.spec);
  }

  /** Validates the phase against deletionTimestamp. */
  override validateUpdate(_ctx: RequestContext, obj: ApiObject): FieldError[] {
    return validateNamespaceStatusUpdate(obj);
  }
}

/** The `namespaces/finalize` strategy: the status is kept from the stored object; finalizer names validated. */
export class NamespaceFinalizeStrategy extends NamespaceStrategy {
  /** Keeps the old status. */
  override prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    if (old.status === undefined) delete obj.status;
    else obj.status = structuredClone(old.status);
  }

  /** Validates each spec finalizer name. */
  override validateUpdate(_ctx: RequestContext, obj: ApiObject): FieldError[] {
    return validateNamespaceFinalizeUpdate(obj);
  }
}
