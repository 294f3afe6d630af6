/**
 * `APIGroupVersion` (groupversion.go): the storage map of one group-version and `installREST(container)`, which
 * installs the resource routes plus the group-version's discovery route on one WebService.
 */
import type { AdmissionInterface, Storage } from '@apiserver/registry';
import type { Container, WebService } from '@apiserver/restful';
import { type APIResource, CodecFactory, type FieldType, type GroupVersion, type Scheme } from '@apiserver/runtime';
import type { MetricsRegistry } from '@apiserver/storage';
import { addAPIResourceListRoute } from './discovery/discovery-webservices.js';
import { REQUEST_TIMEOUT_UPPER_BOUND_SECONDS } from './handlers/finisher.js';
import { APIInstaller, type InstalledResource } from './installer/api-installer.js';
import { DEFAULT_JSON_PATCH_MAX_COPY_BYTES } from './patch/json-patch.js';
import type { EncodedObjectCache } from './handlers/encoded-object-cache.js';
import type { ObjectCoercer } from './handlers/object-coercer.js';
import type { FieldLabels } from './handlers/options.js';

/** Default request body limit of kube-apiserver (`MaxRequestBodyBytes`, 3 MiB). */
export const DEFAULT_MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;
/** Default `MinRequestTimeout` in seconds (watches last 30–60 minutes). */
export const DEFAULT_MIN_REQUEST_TIMEOUT_SECONDS = 1800;

/** What a group-version serves and how. */
export interface APIGroupVersionConfig {
  /** `/api` for the core group, `/apis` for the others. */
  readonly root: string;
  /** The group-version. */
  readonly groupVersion: GroupVersion;
  /** `resource` or `resource/subresource` → storage. */
  readonly storage: ReadonlyMap<string, Storage> | Readonly<Record<string, Storage>>;
  /** Scheme of the kinds served. */
  readonly scheme: Scheme;
  /** Serializers (default: a CodecFactory over the scheme). */
  readonly codecs?: CodecFactory;
  /** Minimum watch timeout in seconds (default 1800). */
  readonly minRequestTimeoutSeconds?: number;
  /** Request body limit in bytes (default 3 MiB). */
  readonly maxRequestBodyBytes?: number;
  /** The most bytes a JSON patch's `copy` operations may add (`JSONPatchMaxCopyBytes`, default 3 MiB; 0 = unlimited). */
  readonly jsonPatchMaxCopyBytes?: number;
  /** Create/update/patch/delete timeout in seconds (default 34, upstream's `requestTimeoutUpperBound`). */
  readonly requestTimeoutSeconds?: number;
  /** Admission plugins (e.g. an AdmissionChain); none by default. */
  readonly admission?: AdmissionInterface;
  /**
   * Extra field selector labels per kind, as `AddFieldLabelConversionFunc` registers (e.g. `{ Event: ['involvedObject.name'] }`),
   * or a kind's own conversion function (custom resources, {@link FieldLabels}).
   */
  readonly fieldLabels?: Readonly<Record<string, FieldLabels>>;
  /** Where the watch handlers count the events they send (`apiserver_watch_events_*`); absent = not counted. */
  readonly metrics?: MetricsRegistry;
  /** The encoded bytes of shared objects GET and LIST reuse (absent or disabled: every response is encoded). */
  readonly encodedObjects?: EncodedObjectCache;
  /**
   * `resource` or `resource/subresource` → how its decoder coerces and defaults bodies of a kind outside the scheme
   * (custom resources: pruning, unknown-field reporting and schema defaults at decode, before admission).
   */
  readonly objectCoercers?: ReadonlyMap<string, ObjectCoercer>;
  /**
   * Kind → the merge type server-side apply gives its objects, for kinds outside the scheme (upstream's
   * `TypeConverter` of the group-version: custom resources typed by their structural schema). A kind with neither
   * a schema nor an entry is deduced from the values.
   */
  readonly fieldTypes?: ReadonlyMap<string, FieldType>;
}

/** What `installREST` installed. */
export interface InstalledGroupVersion {
  /** The group-version. */
  readonly groupVersion: GroupVersion;
  /** The WebService added to the container. */
  readonly webService: WebService;
  /** Installed resources in sorted order. */
  readonly resources: readonly InstalledResource[];
  /** The APIResource list served at the prefix. */
  readonly apiResources: readonly APIResource[];
}

/** One group-version's storage and settings. */
export class APIGroupVersion {
  readonly #config: APIGroupVersionConfig;
  readonly #codecs: CodecFactory;

  /** Creates the group-version. */
  constructor(config: APIGroupVersionConfig) {
    this.#config = config;
    this.#codecs = config.codecs ?? new CodecFactory(config.scheme);
  }

  /** The path prefix (`/api/v1`, `/apis/apps/v1`). */
  get prefix(): string {
    const { root, groupVersion: gv } = this.#config;
    return [root.replace(/\/+$/, ''), gv.group, gv.version].filter((s) => s !== '').join('/');
  }

  /** The serializers used. */
  get codecs(): CodecFactory {
    return this.#codecs;
  }

  /** Installs the routes and the `GET <prefix>/` discovery route as one WebService in the container. */
  installREST(container: Container): InstalledGroupVersion {
    const c = this.#config;
    const storage = c.storage instanceof Map ? c.storage : new Map(Object.entries(c.storage));
    const installer = new APIInstaller({
      prefix: this.prefix,
      groupVersion: c.groupVersion,
      storage,
      scheme: c.scheme,
      codecs: this.#codecs,
      minRequestTimeoutSeconds: c.minRequestTimeoutSeconds ?? DEFAULT_MIN_REQUEST_TIMEOUT_SECONDS,
      maxRequestBodyBytes: c.maxRequestBodyBytes ?? DEFAULT_MAX_REQUEST_BODY_BYTES,
      jsonPatchMaxCopyBytes: c.jsonPatchMaxCopyBytes ?? DEFAULT_JSON_PATCH_MAX_COPY_BYTES,
      requestTimeoutSeconds: c.requestTimeoutSeconds ?? REQUEST_TIMEOUT_UPPER_BOUND_SECONDS,
      admission: c.admission,
      fieldLabels: c.fieldLabels,
      metrics: c.metrics,
      encodedObjects: c.encodedObjects,
      objectCoercers: c.objectCoercers,
      fieldTypes: c.fieldTypes,
    });
    const { webService, resources } = installer.install();
    const apiResources = resources.map((r) => r.apiResource);
    // After the resources' routes, as upstream adds it.
    webService.defer(() => addAPIResourceListRoute(webService, this.#codecs, c.groupVersion, () => apiResources));
    container.add(webService);
    return { groupVersion: c.groupVersion, webService, resources, apiResources };
  }
}
