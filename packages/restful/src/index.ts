/**
 * A faithful TypeScript port of go-restful v3 (Container → WebService → Route,
 * CurlyRouter and RouterJSR311, filters, negotiation) for `node:http`.
 *
 * Guide: `docs/guides/restful.md` (a standalone API, filters, negotiation, CORS, the go-restful name map,
 * coming from express/fastify).
 *
 * @example A WebService with a typed path parameter, a container filter and CORS, served by node:http
 * ```ts
 * import http from 'node:http';
 * import { Container, CrossOriginResourceSharing, MIME_JSON, type Request, type Response, WebService } from '@apiserver/restful';
 *
 * async function findUser(req: Request<'user-id'>, resp: Response): Promise<void> {
 *   if (req.pathParameter('user-id') !== '1') return resp.writeErrorString(404, 'User could not be found.');
 *   await resp.writeEntity({ id: '1', name: 'Ada' });
 * }
 *
 * const ws = new WebService().path('/users').consumes(MIME_JSON).produces(MIME_JSON);
 * ws.route(ws.get('/{user-id}').to(findUser).doc('get a user')
 *   .param(ws.pathParameter('user-id', 'identifier of the user').dataType('string'))
 *   .returns(200, 'OK').returns(404, 'Not Found'));
 *
 * const container = new Container().add(ws);                 // CurlyRouter by default
 * container.filter(async (req, resp, chain) => {             // container filters run first
 *   await chain.processFilter(req, resp);
 *   console.log(req.raw.method, req.raw.url, resp.statusCode());
 * });
 * container.filter(new CrossOriginResourceSharing({ allowedDomains: ['https://app.example.com'], container }).filter);
 * container.filter(container.OPTIONSFilter);
 * http.createServer(container.handler()).listen(8080, '127.0.0.1');
 * ```
 *
 * @example Selecting a route without a server (what the benchmarks measure)
 * ```ts
 * import { CurlyRouter, WebService } from '@apiserver/restful';
 *
 * const ws = new WebService().path('/api/v1').produces('application/json');
 * ws.route(ws.get('/namespaces/{namespace}/pods/{name}').to((_req, resp) => resp.writeHeader(204)));
 * const { route, pathParameters } = new CurlyRouter().selectRoute([ws], {
 *   method: 'GET',
 *   path: '/api/v1/namespaces/prod/pods/web-1',
 *   headers: {},
 * });
 * console.log(route.path, pathParameters); // /api/v1/namespaces/{namespace}/pods/{name} { namespace: 'prod', name: 'web-1' }
 * ```
 * @module
 */
export { ServiceError, isServiceError } from './service-error.js';
// Container, WebService, routes, request/response, filters, entities, compression.
export { Container } from './container.js';
export { WebService } from './web-service.js';
export { RouteBuilder, defaultTypeName, type TypeNameHandler } from './route-builder.js';
export { Route, type RouteSpec } from './route.js';
export type { RouteReader } from './route-reader.js';
export type { Header, Items, ResponseError } from './response-error.js';
export { Request, type RequestOptions } from './request.js';
export { DEFAULT_MAX_REQUEST_BODY_BYTES, readRawBody, stopReadingBody } from './request-body.js';
export { Response, setPrettyPrintResponses, type RawResponse, type ResponseOptions } from './response.js';
export { ResponseHeader, type HeaderTarget } from './response-header.js';
export { FilterChain, type FilterFunction, type RouteFunction } from './filter-chain.js';
export { ConfigurationError, type ConfigurationErrorCode } from './configuration-error.js';
export {
  Parameter,
  ParameterKind,
  CollectionFormat,
  pathParameter,
  queryParameter,
  bodyParameter,
  headerParameter,
  formParameter,
  multiPartFormParameter,
  type ParameterData,
  type ParameterKindValue,
} from './parameter.js';
export {
  registerEntityAccessor,
  accessorAt,
  defaultRequestContentType,
  defaultResponseContentType,
  type EntityReaderWriter,
} from './entity/entity-accessors.js';
export { newEntityAccessorJSON, encodeJSON } from './entity/json-accessor.js';
export { sortedMimes, type MediaQuality } from './mime.js';
export { wantsCompressedResponse, type ContentEncoding } from './compression/compression.js';
export { CrossOriginResourceSharing, type CrossOriginResourceSharingOptions } from './filters/cors-filter.js';
export { newOptionsFilter, type AllowedMethodsSource } from './filters/options-filter.js';
export { computeAllowedMethods } from './filters/allowed-methods.js';
export { noBrowserCacheFilter } from './filters/no-browser-cache-filter.js';
export { httpMiddlewareHandlerToFilter, type HttpMiddleware } from './filters/middleware-filter.js';
export { logStackOnRecover, type RecoverHandleFunction } from './recover.js';
export { writeServiceError, type ServiceErrorHandleFunction } from './service-error-handler.js';
export type { HttpHandler } from './serve-mux.js';
export { unescapePath } from './url-path.js';
export { expressPath } from './express-path.js';
export { setLogger, type Logger } from './log.js';
export { createExampleContainer } from './example/users-service.js';
export {
  MIME_XML,
  MIME_JSON,
  MIME_ZIP,
  MIME_OCTET,
  HEADER_Allow,
  HEADER_Accept,
  HEADER_Origin,
  HEADER_ContentType,
  HEADER_ContentLength,
  HEADER_AcceptEncoding,
  HEADER_ContentEncoding,
  HEADER_AccessControlExposeHeaders,
  HEADER_AccessControlRequestMethod,
  HEADER_AccessControlRequestHeaders,
  HEADER_AccessControlAllowMethods,
  HEADER_AccessControlAllowOrigin,
  HEADER_AccessControlAllowCredentials,
  HEADER_AccessControlAllowHeaders,
  HEADER_AccessControlMaxAge,
  ENCODING_GZIP,
  ENCODING_DEFLATE,
} from './constants.js';
// Paths, route templates and routers.
export { RouteTemplateError } from './path/route-template-error.js';
export { setTrimRightSlashEnabled, isTrimRightSlashEnabled } from './path/trim-right-slash.js';
export { tokenizePath, concatPath } from './path/tokenize.js';
export { hasCustomVerb, customVerbOf, removeCustomVerb } from './path/custom-verb.js';
export { compileRouteTemplate, type RouteTemplate, type TemplateToken } from './path/route-template.js';
export { compilePathExpression, type PathExpression } from './path/path-expression.js';
export type { NameBeforeBrace, PathParamNames, PathSegmentParamName } from './path/path-params.js';
export {
  isPathProcessor,
  type PathProcessor,
  type RouteCondition,
  type RouteConditionRequest,
  type RouteSelection,
  type RouteSelectionRequest,
  type RouteSelector,
  type SelectableRoute,
  type SelectableWebService,
} from './routers/route-selector.js';
export { detectRoute, requestContentLength } from './routers/detect-route.js';
export { defaultPathProcessor } from './routers/path-processor.js';
export { CurlyRouter } from './routers/curly/curly-router.js';
export { ReferenceCurlyRouter } from './routers/curly/reference-curly-router.js';
export { RouterJSR311 } from './routers/jsr311/router-jsr311.js';
