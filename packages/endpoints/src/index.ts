/**
 * `@apiserver/endpoints`: the API installer of k8s.io/apiserver/pkg/endpoints — storage maps become go-restful
 * routes, verb handlers, watch streaming, discovery documents and Table output.
 *
 * Guide: `docs/guides/api-server.md` (GenericAPIServer's `installAPIGroup` does this wiring for you).
 *
 * @example Installing core/v1 configmaps into a restful Container, with discovery
 * ```ts
 * import http from 'node:http';
 * import { APIGroupVersion, DiscoveryManager, statusServiceErrorHandler } from '@apiserver/endpoints';
 * import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
 * import { Container } from '@apiserver/restful';
 * import { CodecFactory } from '@apiserver/runtime';
 * import { newBuiltinScheme } from '@apiserver/runtime/apis';
 * import { MemoryBackend } from '@apiserver/storage-memory';
 *
 * const strategy = new GenericStrategy({ namespaceScoped: true });
 * const configmaps = new Store({
 *   newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
 *   newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
 *   defaultQualifiedResource: { group: '', resource: 'configmaps' },
 *   singularQualifiedResource: { group: '', resource: 'configmap' },
 *   storage: new MemoryBackend().storage<ApiObject>(),
 *   resourcePrefix: '/configmaps',
 *   strategies: { create: strategy, update: strategy, delete: strategy },
 * });
 *
 * const scheme = newBuiltinScheme();
 * const codecs = new CodecFactory(scheme);
 * const container = new Container().serviceErrorHandler(statusServiceErrorHandler(codecs));
 * const core = new APIGroupVersion({ root: '/api', groupVersion: { group: '', version: 'v1' }, storage: { configmaps }, scheme, codecs })
 *   .installREST(container); // GET/LIST/WATCH/POST/PUT/PATCH/DELETE routes under /api/v1
 * new DiscoveryManager({ codecs }).add(core).install(container); // /api, /apis
 * http.createServer(container.handler()).listen(8080, '127.0.0.1');
 * ```
 * @module
 */
export {
  APIGroupVersion,
  type APIGroupVersionConfig,
  DEFAULT_MAX_REQUEST_BODY_BYTES,
  DEFAULT_MIN_REQUEST_TIMEOUT_SECONDS,
  type InstalledGroupVersion,
} from './group-version.js';
export {
  APIInstaller,
  type InstalledResource,
  type InstallerConfig,
  type InstallResult,
  requestScopeOf,
} from './installer/api-installer.js';
export { DeferredRoutesWebService } from './installer/deferred-routes-web-service.js';
export { type Action, type ActionVerb, connectMethodVerb, discoveryVerbOf, type PathParamName } from './installer/action.js';
export { type ResourceScope, scopeOf } from './installer/scope.js';
export { type ActionCapabilities, planActions, type ResourcePath } from './installer/plan-actions.js';
export { describeResource, planningOf, type ResourceInfo } from './installer/resource-info.js';
export { articleFor, PATCH_MEDIA_TYPES, routeFor } from './installer/route-factories.js';
export type { RouteContext } from './installer/route-context.js';
export { discoveryEntry, discoveryVerbs, storageVersionHash } from './installer/discovery-entry.js';
export { handlerTable, type HandlerFactory } from './installer/handler-table.js';
export { type QueryParamDoc, listParams, createParams, patchParams, deleteParams } from './installer/query-params.js';
export {
  type Handler,
  type HandlerRequest,
  handlerRequest,
  requestContextOf,
  requestInfoOf,
  type RequestScope,
} from './handlers/request-scope.js';
export { type CoercedObject, type ObjectCoercer, unknownFieldProblems } from './handlers/object-coercer.js';
export { PACED_BODY_BYTES, type Pace, paceFor, yieldToEventLoop } from './handlers/pacing.js';
export { getResource, getResourceWithOptions } from './handlers/get.js';
export { listResource, type ListRoute } from './handlers/list.js';
export { createNamedResource, createResource } from './handlers/create.js';
export { updateResource } from './handlers/update.js';
export { deleteCollection, deleteResource } from './handlers/delete.js';
export { patchResource, type PatchType, MAX_JSON_PATCH_OPERATIONS } from './handlers/patch.js';
export { connectResource } from './handlers/connect.js';
export { serveWatch, watchTimeoutMs } from './handlers/watch.js';
export { finishRequest, REQUEST_TIMEOUT_UPPER_BOUND_SECONDS } from './handlers/finisher.js';
export { type Deadline, type DeadlineExpiry, type DeadlineList, DeadlineTimers, type DeadlineTimersOptions } from './handlers/deadline-timers.js';
export { errorNegotiated, writeObjectNegotiated } from './handlers/responsewriters.js';
export {
  DEFAULT_ENCODED_OBJECT_CACHE_BYTES,
  EncodedObjectCache,
  type EncodedObjectCacheOptions,
  type EncodedObjectCacheStats,
} from './handlers/encoded-object-cache.js';
export { cachesEncodedObjects, encodeForScope, useEncodedObjectCache } from './handlers/cached-encoding.js';
export { statusErrorOf } from './handlers/status-of.js';
export { DEFAULT_FIELD_LABELS, type FieldLabelConversion, type FieldLabels, fieldLabelConversionOf } from './handlers/options.js';
export { admissionTransformer, attributesFor } from './handlers/admission.js';
export { restfulHandler } from './restful-bridge.js';
export {
  isWebSocketRequest,
  registerWebSocketWatch,
  type WebSocketWatch,
  watchUpgradeHandler,
  webSocketWatch,
} from './websocket-watch.js';
export { negotiateWatch, pumpWatch, watchContentType, type WatchSink } from './handlers/watch.js';
export { type WatchEventMetrics, watchEventMetrics } from './handlers/watch-metrics.js';
export { statusServiceErrorHandler } from './service-error-handler.js';
export {
  applyJSONPatch,
  applyJSONPatchPaced,
  JSON_PATCH_SLICE_MILLIS,
  DEFAULT_JSON_PATCH_MAX_COPY_BYTES,
  decodeJSONPatch,
  goJSONSize,
  JSONPatchError,
  type JSONPatchOperation,
  type JSONPatchOptions,
  MAX_JSON_PATCH_ARRAY_SHIFTS,
} from './patch/json-patch.js';
export { newWarningHeader, WARNING_ITEM_RUNES, WARNING_TOTAL_RUNES, warningHeaderValues } from './handlers/warning-headers.js';
export { applyMergePatch } from './patch/merge-patch.js';
export { applyStrategicMergePatch, StrategicMergePatchError } from './patch/strategic-merge-patch.js';
export { dropUnknownFields, duplicateFields } from './handlers/field-validation.js';
export { type APIGroupsDiscovery, DiscoveryManager, type DiscoveryManagerOptions } from './discovery/discovery-manager.js';
export {
  addAPIResourceListRoute,
  apiGroupWebService,
  legacyRootWebService,
  type LegacyRootOptions,
  rootAPIsWebService,
  type RootAPIsOptions,
} from './discovery/discovery-webservices.js';
export { aggregatedDiscoveryList, type AggregatedVersion, toAggregatedResources } from './discovery/aggregated.js';

export { type AuditJSON, type RequestAuditRecorder, requestAuditRecorderOf, withRequestAuditRecorder } from './audit/request-audit.js';
export { requestUserFrom, withRequestUser } from './handlers/request-user.js';
