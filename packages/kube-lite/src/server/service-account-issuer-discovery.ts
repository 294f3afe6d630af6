/**
 * Service account issuer discovery, as kube-apiserver installs it (pkg/controlplane/apiserver): the OpenID provider
 * configuration at `/.well-known/openid-configuration` and the key set at `/openid/v1/jwks`, for the first
 * `--service-account-issuer` and the keys verifying service account tokens. What the RBAC bootstrap policy grants on
 * them is the `system:service-account-issuer-discovery` ClusterRole, bound to every service account.
 */
import type { KeyObject } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { type GenericAPIServer, installOpenIDMetadata, OpenIDMetadataProvider } from '@apiserver/server';
import type { MasterEndpoint } from '../controllers/bootstrap/master-endpoints.js';

/** The issuer whose tokens the documents describe. */
export interface ServiceAccountIssuer {
  /** The issuer written into new tokens (the first `--service-account-issuer`). */
  readonly issuerURL: string;
  /** The keys verifying tokens (the signing key's and `--service-account-key-file`'s). */
  readonly publicKeys: readonly KeyObject[];
}

/** What the documents' `jwks_uri` is built from. */
export interface IssuerDiscoveryOptions {
  /** `--service-account-jwks-uri`. */
  readonly jwksURI?: string;
  /** `--external-hostname`. */
  readonly externalHostname?: string;
  /** The listening endpoint, once known (undefined before the server listens). */
  readonly endpoint: () => MasterEndpoint | undefined;
  /** Where a configuration the endpoints cannot be built from is reported. */
  readonly log: (message: string) => void;
}

/**
 * The external address (upstream's `Config.Complete`): `host` as it is when it names a port, else `host:port`, an
 * IPv6 host bracketed (Go's `net.JoinHostPort`).
 */
function externalAddressOf(host: string, port: number): string {
  if (/^\[[^\]]*\]:\d+$|^[^:]*:\d+$/.test(host)) return host;
  return isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Installs the two discovery routes on `server`'s go-restful container. As upstream, a configuration they cannot be
 * built from (an issuer that is not an https URL, no key) is logged as an error and the routes are left out (404).
 * The external address is the `--external-hostname` (default: the advertised address) with, unless it names one,
 * the port of the HTTPS listener, else of the first.
 */
export function installServiceAccountIssuerDiscovery(server: GenericAPIServer, issuer: ServiceAccountIssuer, o: IssuerDiscoveryOptions): void {
  let provider: OpenIDMetadataProvider;
  try {
    provider = new OpenIDMetadataProvider({
      issuerURL: issuer.issuerURL,
      ...(o.jwksURI !== undefined && { jwksURI: o.jwksURI }),
      externalAddress: () => {
        const endpoint = o.endpoint();
        return endpoint === undefined ? undefined : externalAddressOf(o.externalHostname ?? endpoint.ip, endpoint.port);
      },
      publicKeys: issuer.publicKeys,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    o.log(`Could not construct pre-rendered responses for ServiceAccountIssuerDiscovery endpoints. Endpoints will not be enabled. Error: ${reason}`);
    return;
  }
  installOpenIDMetadata(server.handler.goRestfulContainer, provider);
}
