/**
 * `APIInstaller` (installer.go): turns a group-version's storage map into one restful WebService, resources in
 * sorted order, through small steps: describeResource (capabilitiesOf + scopeOf) → planActions → routeFor →
 * discoveryEntry.
 */
import { type AdmissionInterface, type Storage, StorageInstallError } from '@apiserver/registry';
import { type APIResource, type CodecFactory, deprecationWarning, type FieldType, formatGroupVersion, type GroupVersion, removedRelease, type Scheme } from '@apiserver/runtime';
import type { MetricsRegistry } from '@apiserver/storage';
import type { ObjectCoercer } from '../handlers/object-coercer.js';
import type { FieldLabels } from '../handlers/options.js';
import type { RequestScope } from '../handlers/request-scope.js';
import { watchEventMetrics } from '../handlers/watch-metrics.js';
import { useEncodedObjectCache } from '../handlers/cached-encoding.js';
import type { EncodedObjectCache } from '../handlers/encoded-object-cache.js';
import { restfulHandler } from '../restful-bridge.js';
import { registerWebSocketWatch, webSocketWatch } from '../websocket-watch.js';
import type { Action } from './action.js';
import { DeferredRoutesWebService } from './deferred-routes-web-service.js';
import { discoveryEntry } from './discovery-entry.js';
import { deprecatedAPIHandler, type DeprecatedAPI } from '../handlers/deprecated-api.js';
import { handlerTable } from './handler-table.js';
import { planActions } from './plan-actions.js';
import { type ResourceInfo, describeResource } from './resource-info.js';
import type { RouteContext } from './route-context.js';
import { routeFor } from './route-factories.js';

/** Settings shared by every resource of one group-version. */
export interface InstallerConfig {
  /** Path prefix (`/api/v1`, `/apis/apps/v1`). */
  readonly prefix: string;
  /** The group-version served. */
  readonly groupVersion: GroupVersion;
  /** `resource` or `resource/subresource` → storage. */
  readonly storage: ReadonlyMap<string, Storage>;
  /** Scheme of the kinds served. */
  readonly scheme: Scheme;
  /** Serializers. */
  readonly codecs: CodecFactory;
  /** Minimum watch timeout in seconds (default 1800). */
  readonly minRequestTimeoutSeconds: number;
  /** Body limit in bytes (default 3 MiB). */
  readonly maxRequestBodyBytes: number;
  /** The most bytes a JSON patch's `copy` operations may add (default 3 MiB). */
  readonly jsonPatchMaxCopyBytes?: number;
  /** Create/update/patch/delete timeout in seconds (upstream's fixed 34 s). */
  readonly requestTimeoutSeconds: number;
  /** Admission plugins; undefined = none. */
  readonly admission?: AdmissionInterface | undefined;
  /** Extra field selector labels per kind (e.g. Event: `involvedObject.name`, …). */
  readonly fieldLabels?: Readonly<Record<string, FieldLabels>> | undefined;
  /** Where the watch handlers count the events they send (absent: not counted). */
  readonly metrics?: MetricsRegistry | undefined;
  /** The encoded bytes of shared objects GET and LIST reuse (absent or disabled: every response is encoded). */
  readonly encodedObjects?: EncodedObjectCache | undefined;
  /** `resource` or `resource/subresource` → the decoder coercion of its kind, for kinds outside the scheme. */
  readonly objectCoercers?: ReadonlyMap<string, ObjectCoercer> | undefined;
  /** Kind → its merge type for server-side apply, for kinds outside the scheme. */
  readonly fieldTypes?: ReadonlyMap<string, FieldType> | undefined;
}

/** One installed resource: what was planned and what discovery lists. */
export interface InstalledResource {
  /** The resource's facts. */
  readonly info: ResourceInfo;
  /** The actions installed. */
  readonly actions: readonly Action[];
  /** Its discovery entry. */
  readonly apiResource: APIResource;
}

/** The result of `APIInstaller.install()`. */
export interface InstallResult {
  /** The WebService holding every route of the group-version (discovery route not included), built when first read. */
  readonly webService: DeferredRoutesWebService;
  /** Installed resources in sorted path order. */
  readonly resources: readonly InstalledResource[];
}

/** The `RequestScope` of one resource. */
export function requestScopeOf(config: InstallerConfig, info: ResourceInfo): RequestScope {
  const scope = newRequestScope(config, info);
  useEncodedObjectCache(scope, config.encodedObjects);
  return scope;
}

function newRequestScope(config: InstallerConfig, info: ResourceInfo): RequestScope {
  const { caps, gvk } = info;
  const acceptor = caps.groupVersionAcceptor;
  const registered = config.scheme.recognizes(gvk);
  const coercer = config.objectCoercers?.get(info.path);
  const fieldType = config.fieldTypes?.get(gvk.kind);
  return {
    codecs: config.codecs,
    // Kinds without a registered schema (e.g. custom resources) have no protobuf form, as upstream.
    serializers: config.codecs.supportedMediaTypes.filter((i) => registered || !i.serializer.binary),
    scheme: config.scheme,
    kind: gvk,
    resource: { ...config.groupVersion, resource: info.parts.resource },
    subresource: info.parts.subresource,
    namespaced: info.scope.namespaced,
    tableConvertor: caps.tableConvertor,
    acceptsGroupVersion: (gv) =>
      acceptor !== undefined ? acceptor.acceptsGroupVersion(gv) : gv.group === gvk.group && gv.version === gvk.version,
    minRequestTimeoutSeconds: config.minRequestTimeoutSeconds,
    maxRequestBodyBytes: config.maxRequestBodyBytes,
    ...(config.jsonPatchMaxCopyBytes !== undefined && { jsonPatchMaxCopyBytes: config.jsonPatchMaxCopyBytes }),
    requestTimeoutSeconds: config.requestTimeoutSeconds,
    admission: config.admission,
    fieldLabels: config.fieldLabels?.[gvk.kind] ?? [],
    objectSchema: config.scheme.lookup(gvk)?.schema,
    ...(coercer !== undefined && { objectCoercer: coercer }),
    ...(fieldType !== undefined && { fieldType }),
    ...(caps.resetFieldsStrategy !== undefined && { resetFieldsStrategy: caps.resetFieldsStrategy }),
    preserveSystemFieldsOnCreate:
      caps.subresourceObjectMetaPreserver?.preserveRequestObjectMetaSystemFieldsOnSubresourceCreate() === true,
    ...(config.metrics !== undefined && { watchEvents: watchEventMetrics(config.metrics, gvk) }),
  };
}

/** What requests to `info`'s resource carry when its kind is deprecated (upstream's installer; see deprecated-api.ts). */
function deprecatedAPIOf(config: InstallerConfig, info: ResourceInfo): DeprecatedAPI | undefined {
  const lifecycle = config.scheme.apiLifecycle(info.gvk);
  if (lifecycle === undefined) return undefined;
  const removed = removedRelease(lifecycle);
  const { group, version } = config.groupVersion;
  const requested = config.metrics
    ?.gauge(
      'apiserver_requested_deprecated_apis',
      'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
      ['group', 'version', 'resource', 'subresource', 'removed_release'],
    )
    .withLabelValues(group, version, info.parts.resource, info.parts.subresource, removed);
  return { warning: deprecationWarning(info.gvk, lifecycle), removedRelease: removed, ...(requested !== undefined && { requested }) };
}

function routeContextOf(config: InstallerConfig, info: ResourceInfo, scope: RequestScope): RouteContext {
  const { caps } = info;
  const infos = config.codecs.supportedMediaTypes;
  const handlers = new Map<string, ReturnType<typeof restfulHandler>>();
  const deprecated = deprecatedAPIOf(config, info);
  return {
    kind: info.docKind,
    subresource: info.parts.subresource,
    namespaced: info.scope.namespaced,
    gvk: info.gvk,
    mediaTypes: infos.map((i) => i.mediaType),
    streamMediaTypes: infos.flatMap((i) => (i.stream === undefined ? [] : [`${i.mediaType};stream=watch`])),
    producesFor: (verb) => caps.storageMetadata?.producesMIMETypes(verb) ?? [],
    watcher: caps.watcher !== undefined,
    connectMethods: caps.connecter?.connectMethods() ?? [],
    getOptionsParams: optionParams(caps.getterWithOptions?.newGetOptions().newOptions()),
    connectOptionsParams: optionParams(caps.connecter?.newConnectOptions().newOptions()),
    objectSchema: scope.objectSchema,
    deleteReturnsDeletedObject: caps.gracefulDeleter !== undefined && caps.mayReturnFullObjectDeleter?.deleteReturnsDeletedObject() === true,
    listSchema: config.scheme.lookup({ ...info.gvk, kind: `${info.gvk.kind}List` })?.schema,
    handlerFor: (action) => {
      let h = handlers.get(action.verb);
      if (h === undefined) {
        const handler = handlerTable[action.verb](caps, scope);
        h = restfulHandler(deprecated === undefined ? handler : deprecatedAPIHandler(handler, deprecated));
        handlers.set(action.verb, h);
        const watchRoute = action.verb === 'LIST' || action.verb === 'WATCH' || action.verb === 'WATCHLIST';
        if (watchRoute && caps.watcher !== undefined) {
          registerWebSocketWatch(h, webSocketWatch(scope, caps.watcher, action.verb !== 'LIST'));
        }
      }
      return h;
    },
  };
}

function optionParams(sample: Record<string, unknown> | undefined) {
  return Object.entries(sample ?? {}).map(([name, v]) => ({
    name,
    type: typeof v === 'boolean' ? ('boolean' as const) : typeof v === 'number' ? ('integer' as const) : ('string' as const),
    description: name,
  }));
}

/** Installs the REST routes of one group-version. */
export class APIInstaller {
  readonly #config: InstallerConfig;

  /** Creates an installer for a group-version's storage map. */
  constructor(config: InstallerConfig) {
    this.#config = config;
  }

  /**
   * A new WebService for the prefix (`ws.path(prefix)`, consumes `*` + `/*`, produces media + stream types) that
   * builds deferred routes when they are first read.
   */
  newWebService(): DeferredRoutesWebService {
    const { prefix, codecs, groupVersion } = this.#config;
    const infos = codecs.supportedMediaTypes;
    const ws = new DeferredRoutesWebService();
    ws.path(prefix)
      .doc(`API at ${prefix}`)
      .consumes('*/*')
      .produces(
        ...infos.map((i) => i.mediaType),
        ...infos.flatMap((i) => (i.stream === undefined ? [] : [`${i.mediaType};stream=watch`])),
      )
      .apiVersion(formatGroupVersion(groupVersion));
    return ws;
  }

  /**
   * Registers every resource (sorted by storage path) on a new WebService. What discovery lists is planned now;
   * the routes are built when the WebService's routes are first read (see DeferredRoutesWebService).
   */
  install(): InstallResult {
    const ws = this.newWebService();
    const paths = [...this.#config.storage.keys()].sort();
    const resources = paths.map((path) => this.#installResource(ws, path));
    return { webService: ws, resources };
  }

  #installResource(ws: DeferredRoutesWebService, path: string): InstalledResource {
    const config = this.#config;
    const storage = config.storage.get(path);
    if (storage === undefined) throw new StorageInstallError(path, `no storage for ${path}`);
    const info = describeResource(path, storage, config.storage, config.groupVersion);
    const actions = planActions(info.parts, info.scope, info.planning);
    ws.defer(() => {
      const context = routeContextOf(config, info, requestScopeOf(config, info));
      for (const action of actions) for (const route of routeFor(ws, action, context)) ws.route(route);
    });
    return { info, actions, apiResource: discoveryEntry(info, actions) };
  }
}
