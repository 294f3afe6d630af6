/**
 * The custom resource handler (`pkg/apiserver/customresource_handler.go` `crdHandler` with its
 * version and group discovery handlers): serves `/apis/<group>[/<version>[/...]]` of accepted
 * CRDs from a go-restful container whose group-version WebServices are rebuilt whenever a CRD
 * changes, and falls through to the delegate for every other path.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type APIGroupsDiscovery,
  APIGroupVersion,
  type FieldLabelConversion,
  type InstalledGroupVersion,
  type ObjectCoercer,
  aggregatedDiscoveryList,
  apiGroupWebService,
  statusServiceErrorHandler,
  toAggregatedResources,
} from '@apiserver/endpoints';
import type { AdmissionInterface, ApiObject, Storage } from '@apiserver/registry';
import { Container, type WebService } from '@apiserver/restful';
import { type APIGroup, addMetaKinds, addMetaToGroupVersion, CodecFactory, type FieldType, parseMediaType, Scheme } from '@apiserver/runtime';
import { statusRecoverHandler } from '@apiserver/server';
import { compareKubeAwareVersions, defaultedNames, servedVersions, storageVersion } from '../apis/helpers.js';
import type { CustomResourceDefinition } from '../apis/types.js';
import type { RESTOptionsGetter } from '../server/rest-options.js';
import { type ConversionWebhookOptions, newCRConverter } from './cr-converter.js';
import type { CustomResourceCoercer } from './coercion.js';
import { type CustomResourceModels, customResourceModels } from './openapi-schema.js';
import { CUSTOM_RESOURCE_PATCH_TYPES, withCustomResourceModels } from './route-models.js';
import type { CustomResourceStore } from './cr-store.js';
import { newVersionStorage, type VersionStorage } from './version-storage.js';

/** A plain node handler. */
export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** Settings of a {@link CRDHandler}. */
export interface CRDHandlerOptions {
  /** Storage of each custom resource (`<plural>` in the CRD's group). */
  readonly restOptionsGetter: RESTOptionsGetter;
  /** Where paths no CRD serves go (the delegate's unprotected handler). */
  readonly delegate: NodeHandler;
  /** Admission plugins of custom resource requests. */
  readonly admission?: AdmissionInterface;
  /** Minimum watch timeout in seconds. */
  readonly minRequestTimeoutSeconds?: number;
  /** Request body limit in bytes. */
  readonly maxRequestBodyBytes?: number;
  /** Called after the served routes changed. */
  readonly onChange?: () => void;
  /** How CRDs with `spec.conversion.strategy: Webhook` reach their webhooks. */
  readonly conversionWebhook?: ConversionWebhookOptions;
}

/** A served custom resource and the store controllers act on it through (its storage version's, when served). */
export interface ServedCustomResource {
  /** The CRD's name (`<plural>.<group>`). */
  readonly crdName: string;
  /** API group. */
  readonly group: string;
  /** The version of `storage`. */
  readonly version: string;
  /** The plural resource name. */
  readonly resource: string;
  /** The kind. */
  readonly kind: string;
  /** Whether objects live in namespaces. */
  readonly namespaced: boolean;
  /** The main store of that version. */
  readonly storage: CustomResourceStore;
  /** The CRD as served (its versions, subresources and conversion). */
  readonly crd: CustomResourceDefinition;
}

interface ServedGroupVersion {
  readonly signature: string;
  readonly crds: readonly CustomResourceDefinition[];
  readonly webService: WebService;
  readonly installed: InstalledGroupVersion;
  readonly stores: ReadonlyMap<string, VersionStorage>;
  /** Kind → the coercer of its objects in this group-version. */
  readonly coercersByKind: ReadonlyMap<string, CustomResourceCoercer>;
}

const signatureOf = (crds: readonly CustomResourceDefinition[]): string =>
  crds.map((c) => `${c.metadata.uid ?? ''}@${c.metadata.resourceVersion ?? ''}`).join(',');

/** The resource a route path under `prefix` addresses (`[watch/][namespaces/{namespace}/]<plural>/…`). */
function pluralOf(path: string, prefix: string): string {
  if (!path.startsWith(prefix)) return '';
  const segments = path.slice(prefix.length).split('/');
  if (segments[0] === 'watch') segments.shift();
  if (segments[0] === 'namespaces' && segments[1] === '{namespace}') return segments[2] ?? '';
  return segments[0] ?? '';
}

/** Serves the custom resources of the CRDs it is given. */
export class CRDHandler {
  readonly #options: CRDHandlerOptions;
  readonly #scheme = addMetaKinds(new Scheme('apiextensions-apiserver'));
  readonly #codecs: CodecFactory;
  readonly #container: Container;
  #served = new Map<string, ServedGroupVersion>();
  readonly #groupServices = new Map<string, WebService>();
  readonly #listeners: Array<() => void> = [];

  /** Creates a handler serving nothing yet. */
  constructor(options: CRDHandlerOptions) {
    this.#options = options;
    this.#codecs = new CodecFactory(this.#scheme);
    // A handler panic is a 500 Status with the stack only logged, as the kube API server's container answers.
    this.#container = new Container().doNotRecover(false).recoverHandler(statusRecoverHandler()).serviceErrorHandler(statusServiceErrorHandler(this.#codecs));
  }

  /** Serves exactly these CRDs (established, not terminating): group-versions whose CRDs changed are rebuilt. */
  serve(crds: readonly CustomResourceDefinition[]): void {
    const byGroupVersion = new Map<string, CustomResourceDefinition[]>();
    for (const crd of [...crds].sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))) {
      for (const v of servedVersions(crd)) {
        const key = `${crd.spec.group}/${v.name}`;
        byGroupVersion.set(key, [...(byGroupVersion.get(key) ?? []), crd]);
      }
    }
    const next = new Map<string, ServedGroupVersion>();
    for (const [key, gvCRDs] of byGroupVersion) {
      const current = this.#served.get(key);
      const signature = signatureOf(gvCRDs);
      next.set(key, current?.signature === signature ? current : this.#install(key, gvCRDs, signature, current));
    }
    let changed = next.size !== this.#served.size;
    for (const [key, old] of this.#served) {
      if (next.get(key) !== old) changed = true;
      if (!next.has(key)) this.#container.remove(old.webService);
    }
    this.#served = next;
    this.#syncGroupServices();
    if (!changed) return;
    this.#options.onChange?.();
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after every change of the served routes (as the `onChange` option). */
  addChangeListener(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Every served custom resource, once each, with its storage version's store (else its first served version's). */
  servedResources(): ServedCustomResource[] {
    const byCRD = new Map<string, ServedCustomResource>();
    for (const [key, served] of this.#served) {
      const version = key.slice(key.lastIndexOf('/') + 1);
      for (const crd of served.crds) {
        const crdName = crd.metadata.name ?? '';
        const store = served.stores.get(crdName);
        if (store === undefined || (byCRD.has(crdName) && storageVersion(crd) !== version)) continue;
        const names = defaultedNames(crd.status?.acceptedNames ?? crd.spec.names);
        const namespaced = crd.spec.scope === 'Namespaced';
        byCRD.set(crdName, { crdName, group: crd.spec.group, version, resource: names.plural, kind: names.kind, namespaced, storage: store.store, crd });
      }
    }
    return [...byCRD.values()].sort((a, b) => a.crdName.localeCompare(b.crdName));
  }

  /** The main store of one served version of a custom resource, by group, version and kind (objects in that version). */
  servedVersionStore(group: string, version: string, kind: string): CustomResourceStore | undefined {
    const served = this.#served.get(`${group}/${version}`);
    const crd = served?.crds.find((c) => defaultedNames(c.status?.acceptedNames ?? c.spec.names).kind === kind);
    return crd === undefined ? undefined : served?.stores.get(crd.metadata.name ?? '')?.store;
  }

  #install(key: string, crds: readonly CustomResourceDefinition[], signature: string, current: ServedGroupVersion | undefined): ServedGroupVersion {
    const slash = key.lastIndexOf('/');
    const groupVersion = { group: key.slice(0, slash), version: key.slice(slash + 1) };
    addMetaToGroupVersion(this.#scheme, groupVersion);
    const storage = new Map<string, Storage>();
    const objectCoercers = new Map<string, ObjectCoercer>();
    const stores = new Map<string, VersionStorage>();
    const modelsByPlural = new Map<string, CustomResourceModels>();
    const coercersByKind = new Map<string, CustomResourceCoercer>();
    const fieldTypes = new Map<string, FieldType>();
    const fieldLabels: Record<string, FieldLabelConversion> = {};
    for (const crd of crds) {
      const version = crd.spec.versions.find((v) => v.name === groupVersion.version);
      if (version === undefined) continue;
      const names = defaultedNames(crd.status?.acceptedNames ?? crd.spec.names);
      const restOptions = this.#options.restOptionsGetter.getRESTOptions({ group: crd.spec.group, resource: names.plural });
      const converter = newCRConverter(crd, names.listKind ?? `${names.kind}List`, this.#options.conversionWebhook);
      const built = newVersionStorage(crd, version, restOptions, converter);
      stores.set(crd.metadata.name ?? '', built);
      for (const [path, s] of built.entries) storage.set(path, s);
      for (const [path, c] of built.coercers) objectCoercers.set(path, c);
      const coercer = built.coercers.get(names.plural);
      if (coercer !== undefined) coercersByKind.set(names.kind, coercer);
      fieldTypes.set(names.kind, built.fieldType);
      fieldLabels[names.kind] = built.fieldLabels;
      const gvk = { ...groupVersion, kind: names.kind };
      modelsByPlural.set(names.plural, customResourceModels(version.schema?.openAPIV3Schema, gvk, { plural: names.plural, listKind: names.listKind ?? `${names.kind}List` }));
    }
    const { minRequestTimeoutSeconds, maxRequestBodyBytes, admission } = this.#options;
    const installed = new APIGroupVersion({
      root: '/apis',
      groupVersion,
      storage,
      objectCoercers,
      fieldTypes,
      fieldLabels,
      scheme: this.#scheme,
      codecs: this.#codecs,
      ...(admission !== undefined && { admission }),
      ...(minRequestTimeoutSeconds !== undefined && { minRequestTimeoutSeconds }),
      ...(maxRequestBodyBytes !== undefined && { maxRequestBodyBytes }),
    }).installREST(new Container());
    const webService = withCustomResourceModels(installed.webService, (route) => modelsByPlural.get(pluralOf(route.path, `/apis/${key}/`)));
    if (current !== undefined) this.#container.remove(current.webService);
    this.#container.add(webService);
    return { signature, crds, webService, installed, stores, coercersByKind };
  }

  #syncGroupServices(): void {
    const groups = new Set([...this.#served.keys()].map((k) => k.slice(0, k.lastIndexOf('/'))));
    for (const [group, ws] of this.#groupServices) {
      if (groups.has(group)) continue;
      this.#container.remove(ws);
      this.#groupServices.delete(group);
    }
    for (const group of groups) {
      if (this.#groupServices.has(group)) continue;
      const ws = apiGroupWebService(this.#codecs, () => this.apiGroup(group), group);
      this.#container.add(ws);
      this.#groupServices.set(group, ws);
    }
  }

  #versionsOf(group: string): ServedGroupVersion[] {
    return [...this.#served.entries()]
      .filter(([k]) => k.slice(0, k.lastIndexOf('/')) === group)
      .sort(([a], [b]) => compareKubeAwareVersions(a.slice(a.lastIndexOf('/') + 1), b.slice(b.lastIndexOf('/') + 1)))
      .map(([, v]) => v);
  }

  /** The APIGroup of a served group (versions by Kubernetes version priority; preferred = the first). */
  apiGroup(group: string): APIGroup {
    const versions = this.#versionsOf(group).map((v) => ({ groupVersion: `${group}/${v.installed.groupVersion.version}`, version: v.installed.groupVersion.version }));
    const preferred = versions[0];
    return { name: group, versions, ...(preferred === undefined ? {} : { preferredVersion: preferred }) };
  }

  /** The served groups for `/apis` (legacy and aggregated), sorted by name. */
  discovery(): APIGroupsDiscovery {
    const groups = [...this.#groupServices.keys()].sort();
    const aggregated = aggregatedDiscoveryList(
      groups.map((name) => ({
        name,
        versions: this.#versionsOf(name).map((v) => ({ version: v.installed.groupVersion.version, resources: toAggregatedResources(v.installed.resources) })),
      })),
    );
    return { groups: groups.map((g) => this.apiGroup(g)), aggregated: aggregated.items };
  }

  /** The WebServices of the served group-versions and groups (for OpenAPI). */
  webServices(): WebService[] {
    return this.#container.registeredWebServices();
  }

  /**
   * Applies the schema defaults of the object's served version when its apiVersion and kind are a served custom
   * resource's (upstream's `unstructuredDefaulter`, which mutating webhook admission runs after every patch); other
   * objects are left alone.
   */
  defaultObject(obj: ApiObject): void {
    const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
    if (!apiVersion.includes('/') || typeof obj.kind !== 'string') return;
    this.#served.get(apiVersion)?.coercersByKind.get(obj.kind)?.default(obj);
  }

  /** The main store of a CRD's version, while it is served. */
  storeOf(crdName: string, version: string, group: string): VersionStorage | undefined {
    return this.#served.get(`${group}/${version}`)?.stores.get(crdName);
  }

  /** The node handler: a served custom resource path, or the delegate. */
  readonly serveHTTP = (request: IncomingMessage, response: ServerResponse): void | Promise<void> => {
    const url = request.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const owned = this.#container.registeredWebServices().some((ws) => path === ws.rootPath() || path.startsWith(`${ws.rootPath()}/`));
    if (!owned) return this.#options.delegate(request, response);
    if (request.method === 'PATCH' && !this.#acceptsPatch(request)) return this.#unsupportedPatch(request, response);
    return this.#container.dispatch(request, response);
  };

  #acceptsPatch(request: IncomingMessage): boolean {
    const mediaType = parseMediaType(request.headers['content-type'] ?? '')?.mediaType ?? '';
    return mediaType !== 'application/strategic-merge-patch+json';
  }

  #unsupportedPatch(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    const message = `the body of the request was in an unknown format - accepted media types include: ${CUSTOM_RESOURCE_PATCH_TYPES.join(', ')}`;
    const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'UnsupportedMediaType', code: 415 };
    response.writeHead(415, { 'Content-Type': 'application/json' });
    response.end(`${JSON.stringify(status)}\n`);
  }
}
