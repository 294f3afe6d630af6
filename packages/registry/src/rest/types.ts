/**
 * Objects, lists, options and the request context the `rest.*` capability interfaces exchange.
 * @module
 */
import type { ManagedFieldsEntry, OwnerReference, TimeSlicer } from '@apiserver/runtime';
import type { Preconditions as StoragePreconditions, Selector, StorageObject, StorageObjectMeta } from '@apiserver/storage';

/** Object metadata as the registry sees it: the storage subset plus owner references and managed fields. */
export interface ApiObjectMeta extends StorageObjectMeta {
  /** Objects this object depends on. */
  ownerReferences?: OwnerReference[];
  /** Field ownership for server-side apply (carried, never interpreted by the registry). */
  managedFields?: ManagedFieldsEntry[];
}

/** Any API object: plain JSON with `metadata` (other top-level fields such as `spec` are carried through). */
export interface ApiObject extends StorageObject {
  /** The object metadata. */
  metadata: ApiObjectMeta;
  /** Any other top-level field (`spec`, `status`, `data`, …). */
  [field: string]: unknown;
}

/** List metadata (metav1.ListMeta). */
export interface ApiListMeta {
  /** Revision the list was read at. */
  resourceVersion?: string;
  /** Token for the next page. */
  continue?: string;
  /** Items left after this page, when known. */
  remainingItemCount?: number;
}

/** A list of API objects (`<Kind>List`). */
export interface ApiList<T extends ApiObject = ApiObject> {
  /** API version of the list. */
  apiVersion?: string;
  /** Kind of the list (`ConfigMapList`). */
  kind?: string;
  /** List metadata. */
  metadata: ApiListMeta;
  /** The items (never absent). */
  items: T[];
}

/** The authenticated user of a request (k8s.io/apiserver/pkg/authentication/user.Info). */
export interface UserInfo {
  /** User name. */
  name: string;
  /** Unique id of the user, if known. */
  uid?: string;
  /** Groups the user belongs to. */
  groups?: readonly string[];
  /** Extra attributes from the authenticator. */
  extra?: Readonly<Record<string, readonly string[]>>;
}

/** What the request-info filter parsed from the URL (k8s.io/apiserver/pkg/endpoints/request.RequestInfo). */
export interface RequestInfo {
  /** Whether the path addressed a resource (as opposed to /version, /healthz…). */
  isResourceRequest: boolean;
  /** The URL path. */
  path: string;
  /** Kubernetes verb: get, list, watch, create, update, patch, delete, deletecollection, or a connect/proxy verb. */
  verb: string;
  /** `api` or `apis`. */
  apiPrefix: string;
  /** API group ("" for core). */
  apiGroup: string;
  /** API version. */
  apiVersion: string;
  /** Namespace ("" when none). */
  namespace: string;
  /** Resource name (plural, lower case). */
  resource: string;
  /** Subresource ("" when none). */
  subresource: string;
  /** Object name ("" when none). */
  name: string;
  /** Remaining path segments after the prefix (resource, name, subresource, subpath…). */
  parts: readonly string[];
}

/**
 * Request-scoped context handed to every storage call (Go's `context.Context` with the request values
 * `genericapirequest.NamespaceFrom`, `UserFrom`, `RequestInfoFrom`).
 */
export interface RequestContext {
  /** Request namespace; absent or "" for cluster-scoped and all-namespaces requests. */
  namespace?: string;
  /** The authenticated user, if any. */
  user?: UserInfo;
  /** Parsed request information, if any (used for qualified resource names in errors). */
  requestInfo?: RequestInfo;
  /** Cancels the call when the client goes away or the request times out. */
  signal?: AbortSignal;
  /** When the caller ends the call, in milliseconds since the epoch (Go's context deadline; a watch's timeout). */
  deadline?: number;
  /** True when the request is a dry run (also derived from `options.dryRun` containing "All"). */
  dryRun?: boolean;
  /** Records a warning to be returned as a `Warning: 299 - "<text>"` header. */
  addWarning?: (text: string) => void;
  /**
   * Adds an annotation to the request's audit event (upstream `Attributes.AddAnnotation`); with `minLevel`
   * `Request` only when the event is audited at level Request or above (`AddAnnotationWithLevel`).
   */
  addAuditAnnotation?: (key: string, value: string, minLevel?: 'Metadata' | 'Request' | 'RequestResponse') => void;
  /**
   * Set for a request with a large body: awaited between the registry's phases (strategy validation, validating
   * admission, the storage write), it lets the event loop serve other work in between (issue #19). Its `slicer`
   * runs the long passes inside a phase (the admission copy) in time slices.
   */
  pace?: (() => Promise<void> | undefined) & { readonly slicer?: TimeSlicer };
}

/** Storage-level preconditions (uid and/or resourceVersion) an update or delete must meet. */
export type Preconditions = StoragePreconditions;

/**
 * Parsed list/watch options (metainternalversion.ListOptions): selectors are already parsed, the rest is
 * as on the wire.
 */
export interface InternalListOptions {
  /** Label selector (absent = everything). */
  labelSelector?: Selector;
  /** Field selector (absent = everything). */
  fieldSelector?: Selector;
  /** Watch instead of list (the handler decides; storages ignore it). */
  watch?: boolean;
  /** Ask for BOOKMARK events on a watch. */
  allowWatchBookmarks?: boolean;
  /** Resource version constraint. */
  resourceVersion?: string;
  /** How `resourceVersion` applies to a list: "", NotOlderThan or Exact. */
  resourceVersionMatch?: '' | 'NotOlderThan' | 'Exact';
  /** Watch timeout in seconds (the handler enforces it). */
  timeoutSeconds?: number;
  /** Page size (0/absent = no paging). */
  limit?: number;
  /** Continue token of a previous page. */
  continue?: string;
  /** Watch only: send the current state first (watch-list). */
  sendInitialEvents?: boolean;
}

/** Describes the options kind a GetterWithOptions or Connecter accepts as query parameters. */
export interface OptionsSpec {
  /** Creates an empty options object of that kind (the handler decodes query parameters into it). */
  newOptions(): Record<string, unknown>;
  /** Whether the route gets an extra `/{path:*}` subpath variant. */
  subpath: boolean;
  /** The options field the subpath is stored in (when `subpath`). */
  subpathKey: string;
  /**
   * Fields that are pointers in Go (`tailLines *int64`): when the query does not name them they are left out of
   * the decoded options (Go's nil) instead of holding the empty object's value.
   */
  optional?: readonly string[];
}

/** Table options passed to ConvertToTable (metav1.TableOptions). */
export interface TableOptions {
  /** Omit column definitions (watch events after the first). */
  noHeaders?: boolean;
  /** Row object form: "None", "Object" or "Metadata" (default Metadata). */
  includeObject?: 'None' | 'Object' | 'Metadata';
}

/** Validates an object about to be created (validating admission); throw to refuse. */
export type ValidateObjectFunc = (ctx: RequestContext, obj: ApiObject) => void | Promise<void>;

/** Validates an object about to replace `old` (validating admission); throw to refuse. */
export type ValidateObjectUpdateFunc = (ctx: RequestContext, obj: ApiObject, old: ApiObject) => void | Promise<void>;

/** Whether a metav1 `dryRun` option list asks for a dry run (`["All"]`). */
export function isDryRun(dryRun: readonly string[] | undefined): boolean {
  return dryRun !== undefined && dryRun.length > 0;
}
