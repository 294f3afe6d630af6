/**
 * Service account tokens for kube-lite: the keys and issuer from `--service-account-*` flags, the
 * `serviceaccounts/token` subresource added to the core group, and the bearer-token authenticator that accepts
 * the tokens while their service account exists with the same UID.
 */
import type { KeyObject } from 'node:crypto';
import { type Getter, isGetter, type Storage } from '@apiserver/registry';
import {
  type APIGroupInfo,
  DEFAULT_SERVICE_ACCOUNT_ISSUER,
  loadOrGenerateSigningKey,
  readPublicKeysFile,
  readSigningKeyFile,
  type RequestAuthenticator,
  type ServiceAccountLookup,
  ServiceAccountTokenAuthenticator,
  ServiceAccountTokenGenerator,
  type SigningKey,
} from '@apiserver/server';
import { newServiceUnavailable } from '@apiserver/runtime';
import { TokenREST } from '../core/serviceaccount/token-rest.js';
import type { TokenChecker } from './token-review-rest.js';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { storageOf } from '../../server/group-storage.js';

/** The service account token flags. */
export interface ServiceAccountTokenOptions {
  /** `--service-account-issuer` (repeatable; the first is written into new tokens; default `https://kubernetes.default.svc.cluster.local`). */
  readonly issuers?: readonly string[];
  /** `--service-account-key-file` (repeatable): PEM files of keys that verify tokens. */
  readonly keyFiles?: readonly string[];
  /** `--service-account-signing-key-file`: the PEM private key that signs tokens. */
  readonly signingKeyFile?: string;
  /** `--api-audiences` (default: the issuers). */
  readonly apiAudiences?: readonly string[];
  /** Where a signing key is generated (and kept) when no signing key file is given; without it no token is issued. */
  readonly keyDirectory?: string;
  /** Milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/** Loaded service account token configuration. */
export class ServiceAccountTokens {
  /** Issuers accepted; the first signs. */
  readonly issuers: readonly string[];
  /** Audiences a token must carry one of, and the default audiences of a TokenRequest. */
  readonly apiAudiences: readonly string[];
  /** Keys verifying tokens. */
  readonly publicKeys: readonly KeyObject[];
  /** The token signer, when a signing key is configured or generated. */
  readonly generator: ServiceAccountTokenGenerator | undefined;
  readonly #now: () => number;
  #installed: ServiceAccountTokenAuthenticator | undefined;

  private constructor(issuers: readonly string[], apiAudiences: readonly string[], publicKeys: readonly KeyObject[], signing: SigningKey | undefined, now: () => number) {
    this.issuers = issuers;
    this.apiAudiences = apiAudiences;
    this.publicKeys = publicKeys;
    this.generator = signing === undefined ? undefined : new ServiceAccountTokenGenerator(issuers[0] ?? DEFAULT_SERVICE_ACCOUNT_ISSUER, signing, now);
    this.#now = now;
  }

  /** Reads the key files (or generates the signing key); throws `ServiceAccountKeyError` for unusable files. */
  static load(options: ServiceAccountTokenOptions = {}): ServiceAccountTokens {
    const issuers = options.issuers !== undefined && options.issuers.length > 0 ? [...options.issuers] : [DEFAULT_SERVICE_ACCOUNT_ISSUER];
    const apiAudiences = options.apiAudiences !== undefined && options.apiAudiences.length > 0 ? [...options.apiAudiences] : issuers;
    let signing: SigningKey | undefined;
    if (options.signingKeyFile !== undefined) signing = readSigningKeyFile(options.signingKeyFile);
    else if (options.keyDirectory !== undefined) signing = loadOrGenerateSigningKey(options.keyDirectory);
    const publicKeys = [...(signing === undefined ? [] : [signing.publicKey]), ...(options.keyFiles ?? []).flatMap((f) => readPublicKeysFile(f))];
    return new ServiceAccountTokens(issuers, apiAudiences, publicKeys, signing, options.now ?? Date.now);
  }

  /** The authenticator of these tokens over the service accounts `lookup` finds. */
  authenticator(lookup: ServiceAccountLookup): ServiceAccountTokenAuthenticator {
    return new ServiceAccountTokenAuthenticator({ issuers: this.issuers, publicKeys: this.publicKeys, apiAudiences: this.apiAudiences, lookup, now: this.#now });
  }

  /** The authenticators to give the server (`KubeLiteServerConfig.authenticators`), looking service accounts up in `groups`. */
  authenticators(groups: readonly APIGroupInfo[]): RequestAuthenticator[] {
    this.#installed = this.authenticator(serviceAccountLookup(groups));
    return [this.#installed];
  }

  /** Checks tokens for `tokenreviews` with the authenticator {@link ServiceAccountTokens.authenticators} built (503 before). */
  tokenChecker(): TokenChecker {
    return {
      authenticateToken: (token, audiences) => {
        if (this.#installed === undefined) return Promise.reject(newServiceUnavailable('the service account token authenticator is not ready'));
        return this.#installed.authenticateTokenFor(token, audiences);
      },
    };
  }
}

/** Looks service accounts up in the core group's `serviceaccounts` storage (none served → never found). */
export function serviceAccountLookup(groups: readonly APIGroupInfo[]): ServiceAccountLookup {
  const store = storageOf(groups, '', 'serviceaccounts');
  if (store === undefined || !isGetter(store)) return () => Promise.resolve(undefined);
  return async (namespace, name) => {
    try {
      const sa = await store.get({ namespace }, name, {});
      return { uid: sa.metadata.uid ?? '' };
    } catch {
      return undefined;
    }
  };
}

type StorageMap = APIGroupInfo['versionedResourcesStorageMap'][string];

function isStorageMapObject(map: StorageMap): map is Readonly<Record<string, Storage>> {
  return !(map instanceof Map);
}

function getterIn(map: StorageMap, resource: string): Getter | undefined {
  const s: Storage | undefined = isStorageMapObject(map) ? map[resource] : map.get(resource);
  return s !== undefined && isGetter(s) ? s : undefined;
}

/**
 * Wraps the core group's provider to also serve `serviceaccounts/token` (when `tokens` can sign): tokens bound
 * to pods, secrets and nodes are checked against those storages of the same group.
 */
export function withServiceAccountTokenRequest(legacy: RESTStorageProvider, tokens: ServiceAccountTokens): RESTStorageProvider {
  return {
    groupName: () => legacy.groupName(),
    newRESTStorage(config: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo {
      const info = legacy.newRESTStorage(config, getter);
      const v1 = info.versionedResourcesStorageMap.v1;
      const serviceAccounts = v1 === undefined ? undefined : getterIn(v1, 'serviceaccounts');
      if (v1 === undefined || serviceAccounts === undefined || tokens.generator === undefined) return info;
      const pods = getterIn(v1, 'pods');
      const secrets = getterIn(v1, 'secrets');
      const nodes = getterIn(v1, 'nodes');
      const token = new TokenREST({
        serviceAccounts,
        boundObjects: { ...(pods !== undefined && { Pod: pods }), ...(secrets !== undefined && { Secret: secrets }), ...(nodes !== undefined && { Node: nodes }) },
        generator: tokens.generator,
        apiAudiences: tokens.apiAudiences,
      });
      const withToken: StorageMap = isStorageMapObject(v1) ? { ...v1, 'serviceaccounts/token': token } : new Map([...v1, ['serviceaccounts/token', token]]);
      return { ...info, versionedResourcesStorageMap: { ...info.versionedResourcesStorageMap, v1: withToken } };
    },
  };
}
