/**
 * Authentication of an aggregated (delegating) API server (k8s.io/apiserver `DelegatingAuthenticationOptions` and
 * `authenticatorfactory.DelegatingAuthenticatorConfig`): front-proxy requests by the requestheader CA and headers,
 * client certificates by the client CA — both read from the remote server's
 * `kube-system/extension-apiserver-authentication` ConfigMap unless given — and bearer tokens by TokenReview.
 * @module
 */
import type { RequestHeaderConfig } from '../authentication/request-header.js';
import { DEFAULT_TOKEN_CACHE_TTL_MILLIS, TokenReviewAuthenticator } from '../authentication/token-review.js';
import type { AuthenticationConfig } from '../server/config.js';
import {
  EXTENSION_APISERVER_AUTHENTICATION_PATH,
  type ExtensionAPIServerAuthentication,
  parseExtensionAPIServerAuthentication,
} from './extension-apiserver-authentication.js';
import { ExtensionAPIServerAuthenticationController } from './extension-apiserver-authentication-controller.js';
import type { RemoteAPIServerClient } from './remote-client.js';
import type { WebhookRetryBackoff } from './webhook-retry.js';

/** Options of {@link delegatingAuthentication}. */
export interface DelegatingAuthenticationOptions {
  /** The remote (core) API server: TokenReviews and the ConfigMap (`--authentication-kubeconfig`). */
  readonly client: RemoteAPIServerClient;
  /** How long token review answers are reused, ms (`--authentication-token-webhook-cache-ttl`, default 10 s). */
  readonly cacheTTLMillis?: number;
  /** The client CA (PEM), instead of the ConfigMap's (`--client-ca-file`). */
  readonly clientCA?: string;
  /** The requestheader settings, instead of the ConfigMap's (`--requestheader-*`). */
  readonly requestHeader?: RequestHeaderConfig;
  /** Retries of failed TokenReviews (default upstream's `DefaultAuthWebhookRetryBackoff`). */
  readonly webhookRetryBackoff?: WebhookRetryBackoff;
  /** Audiences tokens must be for (default none). */
  readonly audiences?: readonly string[];
  /** Requests without credentials are `system:anonymous` (default true, as upstream). */
  readonly anonymous?: boolean;
  /** Do not read the ConfigMap (`--authentication-skip-lookup`). */
  readonly skipInClusterLookup?: boolean;
  /** Go on without the ConfigMap's settings when it cannot be read (`--authentication-tolerate-lookup-failure`). */
  readonly tolerateInClusterLookupFailure?: boolean;
  /** Warnings (a missing ConfigMap, a tolerated failure). */
  readonly log?: (message: string) => void;
}

/** The ConfigMap could not be read and failures are not tolerated. */
export class DelegatingAuthenticationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'DelegatingAuthenticationError';
  }
}

/** Reads the ConfigMap: its settings, empty when it does not exist; throws when it cannot be read. */
export async function readExtensionAPIServerAuthentication(client: RemoteAPIServerClient): Promise<ExtensionAPIServerAuthentication | undefined> {
  const answer = await client.get(EXTENSION_APISERVER_AUTHENTICATION_PATH);
  if (answer.status === 404) return undefined;
  if (answer.status !== 200) {
    const message = (answer.body as { message?: string } | undefined)?.message ?? `status ${answer.status}`;
    throw new DelegatingAuthenticationError(`unable to load configmap based request-header-client-ca-file: ${message}`);
  }
  return parseExtensionAPIServerAuthentication((answer.body as { data?: Record<string, string> } | undefined)?.data ?? {});
}

/** The in-cluster lookup: a controller that has read the ConfigMap once, or none (skipped, or a tolerated failure). */
async function lookup(o: DelegatingAuthenticationOptions): Promise<ExtensionAPIServerAuthenticationController | undefined> {
  if (o.skipInClusterLookup === true || (o.clientCA !== undefined && o.requestHeader !== undefined)) return undefined;
  const controller = new ExtensionAPIServerAuthenticationController({ client: o.client, ...(o.log !== undefined && { log: o.log }) });
  try {
    const found = await controller.runOnce();
    if (!found) o.log?.('Unable to get configmap/extension-apiserver-authentication in kube-system; client certificate and front-proxy authentication stay off until it is created');
    return controller;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (o.tolerateInClusterLookupFailure !== true) throw new DelegatingAuthenticationError(`unable to load configmap based request-header-client-ca-file: ${message}`);
    o.log?.(`Error looking up in-cluster authentication configuration: ${message}; continuing without it`);
    return undefined;
  }
}

/**
 * The {@link AuthenticationConfig} of a delegating server: requestheader, then client certificates, then bearer
 * tokens by TokenReview (upstream's order), anonymous requests allowed unless turned off. The client CA and
 * requestheader settings not given come from the ConfigMap, read now and then watched by the returned config's
 * controller, which the server runs from its first `listen` until shutdown (run or stop it yourself otherwise): the
 * next request after a change is judged by the new values.
 */
export async function delegatingAuthentication(o: DelegatingAuthenticationOptions): Promise<AuthenticationConfig> {
  const controller = await lookup(o);
  const clientCA = o.clientCA ?? controller?.clientCA;
  const requestHeader = o.requestHeader ?? controller?.requestHeader;
  const ttl = o.cacheTTLMillis ?? DEFAULT_TOKEN_CACHE_TTL_MILLIS;
  const tokens = new TokenReviewAuthenticator({
    client: o.client,
    successTTLMillis: ttl,
    failureTTLMillis: ttl,
    ...(o.audiences !== undefined && { audiences: o.audiences }),
    ...(o.webhookRetryBackoff !== undefined && { retryBackoff: o.webhookRetryBackoff }),
  });
  // Upstream turns requestheader authentication off without a user header to read.
  const usable = requestHeader !== undefined && ('current' in requestHeader || requestHeader.usernameHeaders === undefined || requestHeader.usernameHeaders.length > 0);
  return {
    ...(usable && { requestHeader }),
    ...(clientCA !== undefined && { clientCA }),
    authenticators: [tokens],
    anonymous: o.anonymous ?? true,
    ...(controller !== undefined && { controllers: [controller] }),
  };
}
