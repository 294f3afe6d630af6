/**
 * `@apiserver/aggregator`: kube-aggregator for Node — apiregistration.k8s.io/v1 APIServices, a server in
 * front of a delegate that proxies remote API groups to their backends with the user in X-Remote-* headers,
 * merges `/apis` discovery (legacy and aggregated v2) in priority order, keeps each APIService's `Available`
 * condition, and registers the delegate's own group-versions as local APIServices.
 *
 * @example An aggregator in front of a server, proxying one remote group
 * ```ts
 * import { createAggregatorServer, staticServiceResolver } from '@apiserver/aggregator';
 * import type { ApiObject } from '@apiserver/registry';
 * import { GenericAPIServer } from '@apiserver/server';
 * import { MemoryBackend } from '@apiserver/storage-memory';
 *
 * const backend = new MemoryBackend();
 * const main = new GenericAPIServer(); // install the server's own groups on it
 * const aggregator = createAggregatorServer(
 *   {
 *     restOptionsGetter: { getRESTOptions: (gr) => ({ resourcePrefix: `/${gr.group}/${gr.resource}`, storage: backend.storage<ApiObject>() }) },
 *     serviceResolver: staticServiceResolver({ 'default/wardle:443': 'http://127.0.0.1:9443' }),
 *   },
 *   main,
 * );
 * await aggregator.listen({ port: 8080 });
 * // then: kubectl create -f apiservice.yaml (v1alpha1.wardle.example.com → service default/wardle)
 * ```
 * @module
 */
export {
  APIREGISTRATION_GROUP,
  APIREGISTRATION_V1,
  type APIService,
  type APIServiceCondition,
  APIServiceConditionSchema,
  type APIServiceList,
  APIServiceListSchema,
  APIServiceSchema,
  type APIServiceSpec,
  APIServiceSpecSchema,
  type APIServiceStatus,
  APIServiceStatusSchema,
  type ServiceReference,
  ServiceReferenceSchema,
} from './apis/apiregistration/v1/types.js';
export { addAPIRegistrationV1Kinds, DEFAULT_SERVICE_PORT, defaultAPIService, newAPIRegistrationScheme } from './apis/apiregistration/v1/register.js';
export {
  apiServiceObject,
  apiServiceOf,
  AVAILABLE,
  conditionOf,
  isAvailable,
  localAvailableCondition,
  type PrioritizedGroupVersion,
  prioritizedGroupVersionOf,
  setCondition,
  sortedByGroupAndVersion,
} from './apis/apiregistration/v1/helpers.js';
export { compareKubeAwareVersionStrings } from './apis/apiregistration/v1/version-order.js';
export { validateAPIService } from './registry/apiservice/validation.js';
export { APIServiceStrategy, newAPIServiceStatusStrategy } from './registry/apiservice/strategy.js';
export { API_SERVICE_COLUMNS, APIServiceTableConvertor, availableCell, serviceCell } from './registry/apiservice/printer.js';
export type { RESTOptions, RESTOptionsGetter } from './registry/apiservice/rest-options.js';
export { type APIServiceStores, newAPIServiceStores } from './registry/apiservice/storage.js';
export { APIServiceCache, type APIServiceListener, type APIServiceSource } from './apiserver/apiservice-cache.js';
export {
  type APIServicePriority,
  type APIVersionPriorities,
  DEFAULT_API_VERSION_PRIORITIES,
  DEFAULT_LOCAL_PRIORITY,
} from './apiserver/priorities.js';
export {
  endpointServiceResolver,
  type EndpointsLike,
  type ServiceGetter,
  type ServiceLike,
  ServiceResolutionError,
  type ServiceResolver,
  staticServiceResolver,
} from './apiserver/service-resolver.js';
export { registryServiceGetter } from './apiserver/store-service-getter.js';
export type { AggregatorConfig } from './apiserver/config.js';
export { APIAggregator, createAggregatorServer } from './apiserver/aggregator.js';
export {
  type ProxiedUser,
  headerKeyEscape,
  REMOTE_EXTRA_PREFIX,
  REMOTE_GROUP_HEADER,
  REMOTE_USER_HEADER,
  setAuthProxyHeaders,
} from './proxy/auth-proxy-headers.js';
export { forwardedRequestHeaders, forwardRequest, HOP_BY_HOP_HEADERS } from './proxy/upstream-request.js';
export { backendTLSOf, type ProxyClientCertificate, tlsRequestOptions, type UpstreamTLS } from './proxy/backend-tls.js';
export { ProxyHandler, type ProxyHandlerOptions } from './proxy/proxy-handler.js';
export { forwardUpgrade, markUpgrade, type UpgradeConnection, upgradeOf } from './proxy/upgrade.js';
export { type CapturedResponse, handlerGet } from './discovery/handler-request.js';
export { type BackendAnswer, backendGet } from './proxy/backend-get.js';
export { AggregatedOpenAPI, type AggregatedOpenAPIOptions, type OpenAPIV3Paths } from './openapi/aggregated-openapi.js';
export { AGGREGATED_V2_ACCEPT, isAggregatedContentType, localAggregatedGroups, localAPIGroups } from './discovery/local-discovery.js';
export {
  APIREGISTRATION_DISCOVERY_GROUP,
  type DiscoveryEntry,
  discoveryEntries,
  groupEntries,
  mergedAPIGroups,
  toAPIGroup,
} from './discovery/merged-groups.js';
export { APIsHandler, type APIsHandlerOptions } from './discovery/apis-handler.js';
export { aggregatedVersionOf } from './discovery/legacy-to-aggregated.js';
export { RemoteDiscovery } from './discovery/remote-discovery.js';
export { aggregatedDiscovery, type AggregatedDiscoverySources } from './discovery/aggregated-discovery.js';
export { type DiscoveryCheckOptions, discoveryCheck, discoveryPath } from './controllers/discovery-check.js';
export { type ServiceProblem, serviceCheck } from './controllers/service-check.js';
export { AvailableConditionController, type AvailableConditionControllerOptions } from './controllers/available-controller.js';
export { AUTOREGISTER_COMPLETION, apiServiceAvailableHealthCheck } from './controllers/available-health-check.js';
export {
  AUTOMANAGED_LABEL,
  AUTOMANAGED_ON_START,
  AutoRegisterController,
  type AutoRegisterControllerOptions,
  groupVersionsOfPaths,
} from './controllers/autoregister.js';
