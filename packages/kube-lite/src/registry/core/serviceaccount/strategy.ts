/**
 * The ServiceAccount strategy (pkg/registry/core/serviceaccount/strategy.go): namespaced, DNS-subdomain
 * names, secret references reduced to their names on create and update (`cleanSecretReferences`).
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { isRecord } from '../../../object-fields.js';

/** Keeps only `name` in each `secrets[]` reference, as upstream's `cleanSecretReferences`. */
export function cleanSecretReferences(sa: ApiObject): void {
  if (!Array.isArray(sa.secrets)) return;
  sa.secrets = sa.secrets.map((ref: unknown) => (isRecord(ref) && typeof ref.name === 'string' ? { name: ref.name } : {}));
}

/** The ServiceAccount strategy. */
export class ServiceAccountStrategy extends GenericStrategy {
  /** Creates the strategy. */
  constructor() {
    super({ namespaceScoped: true });
  }

  /** Cleans secret references, then the generic preparation. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    cleanSecretReferences(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Cleans secret references, then the generic preparation. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    cleanSecretReferences(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
