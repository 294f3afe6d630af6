import { type Container, MIME_JSON, type RouteFunction, WebService } from '@apiserver/restful';
import { JWKS_PATH, OPENID_CONFIG_PATH, type OpenIDMetadataProvider } from '../authentication/serviceaccount/openid-metadata.js';

/** Cache-Control of both documents (replaces the chain's `no-cache, private`): an hour, as upstream. */
const CACHE_CONTROL = 'public, max-age=3600';

/** Content type of the key set (RFC 7517 §8.5.1). */
export const MIME_JWKS = 'application/jwk-set+json';

/** A handler writing `body()` with `contentType`. */
function serve(contentType: string, body: () => string): RouteFunction {
  return (_request, response) => {
    response.header().set('Content-Type', contentType);
    response.header().set('Cache-Control', CACHE_CONTROL);
    response.writeHeader(200);
    response.write(body());
  };
}

/**
 * Installs the service account issuer discovery WebServices (upstream's `routes.OpenIDMetadataServer`), one per
 * path, each producing only its own media type (so an `Accept` naming another answers go-restful's 406).
 * The documents are rendered at the first request (they may name the address the server listens on).
 */
export function installOpenIDMetadata(container: Container, provider: OpenIDMetadataProvider): void {
  const config = new WebService().path(OPENID_CONFIG_PATH).produces(MIME_JSON);
  config.route(
    config
      .get('')
      .to(serve(MIME_JSON, () => provider.metadata.configJSON))
      .doc("get service account issuer OpenID configuration, also known as the 'OIDC discovery doc'")
      .operation('getServiceAccountIssuerOpenIDConfiguration')
      .returns(200, 'OK', ''),
  );
  container.add(config);
  const jwks = new WebService().path(JWKS_PATH).produces(MIME_JWKS);
  jwks.route(
    jwks
      .get('')
      .to(serve(MIME_JWKS, () => provider.metadata.keysetJSON))
      .doc('get service account issuer OpenID JSON Web Key Set (contains public token verification keys)')
      .operation('getServiceAccountIssuerOpenIDKeyset')
      .returns(200, 'OK', ''),
  );
  container.add(jwks);
}
