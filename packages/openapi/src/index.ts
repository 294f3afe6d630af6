/**
 * `@apiserver/openapi`: OpenAPI v2 (Swagger 2.0, JSON and gnostic protobuf) and v3 documents from any
 * `@apiserver/restful` Container's WebServices, as go-restful-openapi and kube-openapi build them; handlers
 * serving them on `node:http` or as restful routes, and a Swagger UI page.
 *
 * @example
 * ```ts
 * import http from 'node:http';
 * import { Container, WebService } from '@apiserver/restful';
 * import { OpenAPIHandler, swaggerUIWebService } from '@apiserver/openapi';
 *
 * const ws = new WebService().path('/pets').produces('application/json');
 * ws.route(ws.get('/{name}').to((req, resp) => resp.writeEntity({ name: req.pathParameter('name') }))
 *   .operation('getPet').param(ws.pathParameter('name', 'the pet')).returns(200, 'OK', { name: 'Rex', age: 3 }));
 * const container = new Container().add(ws);
 * const openapi = new OpenAPIHandler({ webServices: container, info: { title: 'Pets', version: '1.0.0' } });
 * container.add(openapi.webService()).add(swaggerUIWebService({ specURL: '/openapi/v3' }));
 * http.createServer(container.handler()).listen(8080);
 * ```
 * @packageDocumentation
 */
export { CachedDocument, computeETag } from './cached-document.js';
export { COMPONENTS_REF, componentName } from './component-name.js';
export { ComponentSchemas, type ComponentSchemasOptions, type ModelResolver } from './component-schemas.js';
export { isJSONSchema, toOpenAPISchema } from './json-schema.js';
export {
  type CommonResponse,
  defaultOperationIDAndTags,
  KEY_OPENAPI_TAGS,
  type OpenAPIConfig,
  type OpenAPIInfo,
  type OpenAPISchema,
  type OperationIDAndTags,
  type SecurityRequirement,
  type SecurityScheme,
} from './openapi-config.js';
export { OpenAPIHandler, type OpenAPIHandlerOptions } from './openapi-handler.js';
export { openAPIV2DocumentType } from './openapiv2-proto.js';
export { KEY_OPENAPI_EXCLUDE, typeFormat } from './route-paths.js';
export { pruneDefaults } from './prune-defaults.js';
export { inferSchema } from './sample-schema.js';
export { type AcceptClause, acceptsGzip, addVary, GZIP_MIN_SIZE, negotiate, parseAccept, serveContent } from './serve-content.js';
export {
  MIME_OPENAPI_V2_PROTOBUF,
  MIME_OPENAPI_V2_PROTOBUF_DEPRECATED,
  serveJSONDocument,
  serveSwaggerDocument,
} from './serve-document.js';
export { encodeSwaggerProto, type JsonObject, schemaMessage, swaggerDocumentMessage } from './swagger-proto.js';
export { DEFAULT_SWAGGER_UI_ASSETS, serveSwaggerUI, type SwaggerUIOptions, swaggerUIPage, swaggerUIWebService } from './swagger-ui.js';
export { buildSwagger, toV2Schema } from './v2-builder.js';
export { buildOpenAPIV3 } from './v3-builder.js';
