import { type Container, MIME_JSON, type RouteFunction, WebService } from '@apiserver/restful';
import { JWKS_PATH, OPENID_CONFIG_PATH, type OpenIDMetadataProvider } from '../authentication/serviceaccount/openid-metadata.js';

/** Cache-Control of both documents: public, for an hour, as upstream (where it overrides its chain's `no-cache, private`). */
const CACHE_CONTROL = 'public, max-age=3600';

/** Content type of the key set (RFC 7517 §8.5.1). */
export const MIME_JWKS = 'application/jwk-set+json';

/** One document's WebService: a GET at `path` producing only `contentType`, writing `body()` (rendered on first use). */
interface Document {
  readonly path: string;
  readonly contentType: string;
  readonly body: () => string;
  readonly doc: string;
  readonly operation: string;
}

function documentWebService(d: Document): WebService {
  const ws = new WebService().path(d.path).produces(d.contentType);
  const handler: RouteFunction = (_request, response) => {
    response.header().set('Content-Type', d.contentType);
    response.header().set('Cache-Control', CACHE_CONTROL);
    response.writeHeader(200);
    response.write(d.body());
  };
  // Upstream declares a string sample (`Returns(200, "OK", "")`): OpenAPI documents the 200 as a string.
  return ws.route(ws.get('').to(handler).doc(d.doc).operation(d.operation).returns(200, 'OK', ''));
}

/**
 * Installs the service account issuer discovery WebServices (upstream's `routes.OpenIDMetadataServer`), one per
 * path, each producing only its own media type (so an `Accept` naming another answers go-restful's 406).
 * The documents are rendered at the first request (they may name the address the server listens on).
 */
export function installOpenIDMetadata(container: Container, provider: OpenIDMetadataProvider): void {
  container.add(
    documentWebService({
      path: OPENID_CONFIG_PATH,
      contentType: MIME_JSON,
      body: () => provider.metadata.configJSON,
      doc: "get service account issuer OpenID configuration, also known as the 'OIDC discovery doc'",
      operation: 'getServiceAccountIssuerOpenIDConfiguration',
    }),
  );
  container.add(
    documentWebService({
      path: JWKS_PATH,
      contentType: MIME_JWKS,
      body: () => provider.metadata.keysetJSON,
      doc: 'get service account issuer OpenID JSON Web Key Set (contains public token verification keys)',
      operation: 'getServiceAccountIssuerOpenIDKeyset',
    }),
  );
}
