/**
 * The Secret strategy (pkg/registry/core/secret/strategy.go) plus what the v1→internal conversion does on
 * every write: `stringData` merged into `data` (base64) and `type` defaulted to `Opaque`.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { isRecord, stringEntries } from '../../../object-fields.js';
import { validateSecret, validateSecretUpdate } from './validation.js';

/** The default secret type. */
export const SECRET_TYPE_OPAQUE = 'Opaque';

/**
 * Merges write-only `stringData` into `data` (values base64-encoded; stringData wins on a shared key) and
 * removes it, as `Convert_v1_Secret_To_core_Secret` does; defaults an empty `type` to `Opaque`.
 */
export function normalizeSecret(secret: ApiObject): void {
  const stringData = stringEntries(secret, 'stringData');
  if (stringData.length > 0) {
    const data: Record<string, unknown> = isRecord(secret.data) ? { ...secret.data } : {};
    for (const [k, v] of stringData) data[k] = Buffer.from(v, 'utf8').toString('base64');
    secret.data = data;
  }
  delete secret.stringData;
  if (typeof secret.type !== 'string' || secret.type === '') secret.type = SECRET_TYPE_OPAQUE;
}

/** The Secret strategy: namespaced, `normalizeSecret` before validation on create and update. */
export class SecretStrategy extends GenericStrategy {
  /** Creates the strategy. */
  constructor() {
    super({
      namespaceScoped: true,
      validate: (_ctx, obj) => validateSecret(obj),
      validateUpdate: (_ctx, obj, old) => validateSecretUpdate(obj, old),
    });
  }

  /** Normalizes stringData and type, then the generic preparation. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    normalizeSecret(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Normalizes stringData and type, then the generic preparation. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    normalizeSecret(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
