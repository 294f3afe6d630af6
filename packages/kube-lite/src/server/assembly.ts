/**
 * kube-lite assembled as kube-apiserver assembles itself from its flags: the API groups (the core group with the
 * `serviceaccounts/token` subresource, apps, coordination, and rbac.authorization.k8s.io, authorization.k8s.io and
 * authentication.k8s.io, which upstream always serves whatever the authorization mode), the `--authorization-mode`
 * chain behind the `system:masters` superuser authorizer, and the service account token authenticator.
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { addKubeLiteDefaults } from '../registry/scheme-defaults.js';
import {
  type APIGroupInfo,
  type Authorizer,
  type AuthorizerRuleResolver,
  authorizerForModes,
  DEFAULT_SERVICE_ACCOUNT_ISSUER,
  policyRuleResolver,
  type RequestAuthenticator,
  ruleResolverForModes,
  privilegedGroupsAuthorizer,
  unionAuthorizer,
} from '@apiserver/server';
import { authenticationRESTStorageProvider } from '../registry/authentication/provider.js';
import { ServiceAccountTokens, withServiceAccountTokenRequest } from '../registry/authentication/service-account-tokens.js';
import { AuthorizerReference } from '../registry/authorization/authorizer-reference.js';
import { authorizationRESTStorageProvider } from '../registry/authorization/provider.js';
import { requestUserOf } from '../registry/authorization/request-user.js';
import { admissionregistrationRESTStorageProvider } from '../registry/admissionregistration/provider.js';
import { batchRESTStorageProvider } from '../registry/batch/provider.js';
import { storageRESTStorageProvider } from '../registry/storage/provider.js';
import { certificatesRESTStorageProvider } from '../registry/certificates/provider.js';
import { autoscalingRESTStorageProvider } from '../registry/autoscaling/provider.js';
import { discoveryRESTStorageProvider } from '../registry/discovery/provider.js';
import { eventsRESTStorageProvider } from '../registry/events/provider.js';
import {
  appsRESTStorageProvider,
  coordinationRESTStorageProvider,
  LegacyRESTStorageProvider,
  networkingRESTStorageProvider,
  nodeRESTStorageProvider,
  policyRESTStorageProvider,
  schedulingRESTStorageProvider,
  flowcontrolRESTStorageProvider,
} from '../registry/providers.js';
import { rbacModeFor, rbacRESTStorageProvider } from '../registry/rbac/provider.js';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { featureEnabled } from './feature-gates.js';
import { type GroupVersionRegistry, schemeGroupVersionRegistry } from './group-version-registry.js';
import { certDirectoryOf, type KubeLiteOptions } from './options.js';
import type { ServiceAccountIssuer } from './service-account-issuer-discovery.js';
import type { SharedInformers } from './shared-informers.js';

/** What {@link assembleKubeLite} hands to `KubeLiteServer.start` besides the options. */
export interface KubeLiteAssembly {
  /** Every API group kube-lite serves. */
  readonly providers: readonly RESTStorageProvider[];
  /** Builds the server's authorizer once the groups exist (RBAC reads its objects from them). */
  readonly authorizer: (groups: readonly APIGroupInfo[]) => Authorizer;
  /** The informers the built authorizer reads (RBAC's caches of roles and bindings), none before it is built. */
  readonly sharedInformers: () => SharedInformers | undefined;
  /** Builds the service account token authenticator over the installed `serviceaccounts`. */
  readonly authenticators: (groups: readonly APIGroupInfo[]) => readonly RequestAuthenticator[];
  /** The loaded service account keys, issuers and audiences. */
  readonly tokens: ServiceAccountTokens;
  /** The issuer and keys of `/.well-known/openid-configuration` and `/openid/v1/jwks`. */
  readonly serviceAccountIssuer: ServiceAccountIssuer;
  /** The group-versions of the scheme, which `--runtime-config` switches on and off. */
  readonly apiGroupRegistry: GroupVersionRegistry;
  /** The scheme of the groups' kinds (what `--storage-media-type` encodes). */
  readonly scheme: Scheme;
}

/** Loads the service account keys named by the flags (a P-256 key is generated into the cert dir when none signs). */
export function serviceAccountTokensFor(o: KubeLiteOptions): ServiceAccountTokens {
  return ServiceAccountTokens.load({
    ...(o.serviceAccountIssuers.length > 0 && { issuers: o.serviceAccountIssuers }),
    ...(o.serviceAccountKeyFiles.length > 0 && { keyFiles: o.serviceAccountKeyFiles }),
    ...(o.serviceAccountSigningKeyFile !== undefined && { signingKeyFile: o.serviceAccountSigningKeyFile }),
    ...(o.apiAudiences.length > 0 && { apiAudiences: o.apiAudiences }),
    keyDirectory: certDirectoryOf(o),
  });
}

/** The authorizer and rule resolver of `--authorization-mode`, with the informers the RBAC mode reads. */
function modeAuthorizers(o: KubeLiteOptions, groups: readonly APIGroupInfo[]): { authorizer: Authorizer; resolver: AuthorizerRuleResolver; informers?: SharedInformers } {
  if (!o.authorizationModes.includes('RBAC')) {
    return { authorizer: authorizerForModes(o.authorizationModes), resolver: ruleResolverForModes(o.authorizationModes) };
  }
  const rbac = rbacModeFor(groups);
  return {
    authorizer: authorizerForModes(o.authorizationModes, { RBAC: rbac.authorizer }),
    resolver: ruleResolverForModes(o.authorizationModes, { RBAC: policyRuleResolver(rbac.authorizer) }),
    ...(rbac.informers !== undefined && { informers: rbac.informers }),
  };
}

/**
 * Builds kube-lite's groups, authorizer and authenticators from its options; throws `ServiceAccountKeyError` for
 * unusable key files.
 */
export function assembleKubeLite(o: KubeLiteOptions, scheme: Scheme = newBuiltinScheme()): KubeLiteAssembly {
  addKubeLiteDefaults(scheme);
  const tokens = serviceAccountTokensFor(o);
  const ref = new AuthorizerReference();
  let serverAuthorizer: Authorizer | undefined;
  let informers: SharedInformers | undefined;
  // In kube-apiserver's discovery order (group priority): apps, events, authentication, authorization, autoscaling, batch,
  // certificates, networking, policy, rbac, storage, admissionregistration, scheduling, coordination, node, discovery,
  // flowcontrol.
  const providers: RESTStorageProvider[] = [
    withServiceAccountTokenRequest(new LegacyRESTStorageProvider({ ...o, scheme }), tokens),
    appsRESTStorageProvider(scheme),
    eventsRESTStorageProvider({ scheme, eventTTLMillis: o.eventTTLMillis }),
    authenticationRESTStorageProvider({ scheme, tokenReview: { checker: tokens.tokenChecker(), apiAudiences: tokens.apiAudiences } }),
    authorizationRESTStorageProvider(ref, scheme, { authorizeWithSelectors: featureEnabled(o.featureGates, 'AuthorizeWithSelectors') }),
    autoscalingRESTStorageProvider(scheme),
    batchRESTStorageProvider(scheme),
    certificatesRESTStorageProvider(scheme),
    networkingRESTStorageProvider(scheme),
    policyRESTStorageProvider(scheme),
    rbacRESTStorageProvider({ scheme, authorizer: () => serverAuthorizer, userOf: requestUserOf }),
    storageRESTStorageProvider(scheme),
    admissionregistrationRESTStorageProvider(scheme),
    schedulingRESTStorageProvider(scheme),
    coordinationRESTStorageProvider(scheme),
    nodeRESTStorageProvider(scheme),
    discoveryRESTStorageProvider(scheme),
    flowcontrolRESTStorageProvider(scheme),
  ];
  return {
    providers,
    tokens,
    serviceAccountIssuer: { issuerURL: tokens.issuers[0] ?? DEFAULT_SERVICE_ACCOUNT_ISSUER, publicKeys: tokens.publicKeys },
    scheme,
    apiGroupRegistry: schemeGroupVersionRegistry(scheme),
    authorizer: (groups) => {
      const modes = modeAuthorizers(o, groups);
      informers = modes.informers;
      serverAuthorizer = unionAuthorizer([privilegedGroupsAuthorizer(), modes.authorizer]);
      return ref.bind(serverAuthorizer, modes.resolver);
    },
    sharedInformers: () => informers,
    authenticators: (groups) => tokens.authenticators(groups),
  };
}
