/**
 * The `serviceaccounts/token` subresource (pkg/registry/core/serviceaccount/storage/token.go `TokenREST`):
 * POST an authentication.k8s.io/v1 TokenRequest for a service account and get back a signed JWT for the
 * requested audiences and lifetime, optionally bound to a pod, secret or node. Nothing is stored.
 */
import type { ApiObject, Getter, GroupVersionKindProvider, NamedCreater, RequestContext, Storage, ValidateObjectFunc } from '@apiserver/registry';
import {
  type FieldError,
  fieldInvalid,
  type GroupVersion,
  type GroupVersionKind,
  newBadRequest,
  newConflict,
  newInvalid,
  newPath,
} from '@apiserver/runtime';
import type { ServiceAccountTokenGenerator } from '@apiserver/server';
import { isInteger, recordAt, stringAt, stringsAt } from '../../../object-fields.js';

const TOKEN_REQUEST_GVK: GroupVersionKind = { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' };
/** Default `spec.expirationSeconds` (SetDefaults_TokenRequestSpec). */
export const DEFAULT_TOKEN_EXPIRATION_SECONDS = 3600;
/** The shortest lifetime a TokenRequest may ask for. */
export const MIN_TOKEN_EXPIRATION_SECONDS = 600;
const MAX_TOKEN_EXPIRATION_SECONDS = 2 ** 32;

/** What the token subresource needs: the stores to look objects up in, the signer and the default audiences. */
export interface TokenRESTOptions {
  /** The serviceaccounts storage. */
  readonly serviceAccounts: Getter;
  /** Storages of the kinds a token may be bound to (`Pod`, `Secret`, `Node`); absent kinds cannot be bound. */
  readonly boundObjects: Readonly<Partial<Record<'Pod' | 'Secret' | 'Node', Getter>>>;
  /** Signs the tokens. */
  readonly generator: ServiceAccountTokenGenerator;
  /** Audiences of a request that names none (`--api-audiences`, default the issuer). */
  readonly apiAudiences: readonly string[];
}

/** Field errors of a TokenRequest (`ValidateTokenRequest`). */
export function validateTokenRequest(spec: Readonly<Record<string, unknown>>): FieldError[] {
  const seconds = spec.expirationSeconds;
  const path = newPath('spec', 'expirationSeconds');
  if (seconds === undefined) return [];
  if (!isInteger(seconds)) return [fieldInvalid(path, seconds, 'must be an integer')];
  if (seconds < MIN_TOKEN_EXPIRATION_SECONDS) return [fieldInvalid(path, seconds, 'may not specify a duration less than 10 minutes')];
  if (seconds > MAX_TOKEN_EXPIRATION_SECONDS) return [fieldInvalid(path, seconds, 'may not specify a duration larger than 2^32 seconds')];
  return [];
}

/** Issues service account tokens. */
export class TokenREST implements Storage, NamedCreater, GroupVersionKindProvider {
  readonly #options: TokenRESTOptions;

  /** Creates the subresource. */
  constructor(options: TokenRESTOptions) {
    this.#options = options;
  }

  /** A new empty TokenRequest. */
  newObject(): ApiObject {
    return { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Service accounts are namespaced. */
  namespaceScoped(): boolean {
    return true;
  }

  /** The subresource serves authentication.k8s.io/v1 TokenRequest. */
  groupVersionKind(_containingGV: GroupVersion): GroupVersionKind {
    return TOKEN_REQUEST_GVK;
  }

  /** Issues a token for the service account `name` of the request namespace. */
  async createNamed(ctx: RequestContext, name: string, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    const namespace = ctx.namespace ?? '';
    const req = obj.metadata;
    if (req.name !== undefined && req.name !== '' && req.name !== name) throw newBadRequest(`name ${JSON.stringify(req.name)} in the TokenRequest does not match the service account name ${JSON.stringify(name)}`);
    const spec = recordAt(obj, 'spec') ?? {};
    const errs = validateTokenRequest(spec);
    if (errs.length > 0) throw newInvalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, name, errs);
    const sa = await this.#options.serviceAccounts.get(ctx, name, {});
    if (createValidation !== undefined) await createValidation(ctx, obj);
    const boundObject = await this.#boundObject(ctx, name, recordAt(spec, 'boundObjectRef'));
    const asked = stringsAt(spec, 'audiences');
    const audiences = asked.length > 0 ? asked : [...this.#options.apiAudiences];
    const expirationSeconds = isInteger(spec.expirationSeconds) ? spec.expirationSeconds : DEFAULT_TOKEN_EXPIRATION_SECONDS;
    const issued = this.#options.generator.generateToken({
      namespace,
      name,
      uid: sa.metadata.uid ?? '',
      audiences,
      expirationSeconds,
      ...(boundObject !== undefined && { boundObject }),
    });
    return {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      metadata: { ...req, name, namespace },
      spec: { ...spec, audiences, expirationSeconds },
      status: { token: issued.token, expirationTimestamp: issued.expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z') },
    };
  }

  async #boundObject(
    ctx: RequestContext,
    saName: string,
    ref: Record<string, unknown> | undefined,
  ): Promise<{ kind: 'Pod' | 'Secret' | 'Node'; name: string; uid: string } | undefined> {
    if (ref === undefined) return undefined;
    const kind = stringAt(ref, 'kind');
    if (kind !== 'Pod' && kind !== 'Secret' && kind !== 'Node') throw newBadRequest(`cannot bind token to object of type ${kind}`);
    const store = this.#options.boundObjects[kind];
    if (store === undefined) throw newBadRequest(`cannot bind token to object of type ${kind}`);
    const name = stringAt(ref, 'name');
    const obj = await store.get(kind === 'Node' ? { ...ctx, namespace: '' } : ctx, name, {});
    const uid = obj.metadata.uid ?? '';
    const wanted = stringAt(ref, 'uid');
    if (wanted !== '' && wanted !== uid) {
      throw newConflict({ group: '', resource: `${kind.toLowerCase()}s` }, name, `the UID in the bound object reference (${wanted}) does not match the UID in record. The object might have been deleted and then recreated`);
    }
    if (kind === 'Pod' && stringAt(recordAt(obj, 'spec'), 'serviceAccountName', 'default') !== saName) {
      throw newBadRequest(`cannot bind token for serviceaccount ${JSON.stringify(saName)} to pod running with different serviceaccount name.`);
    }
    return { kind, name, uid };
  }
}
