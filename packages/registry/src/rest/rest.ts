/**
 * The `rest.*` capability interfaces (k8s.io/apiserver/pkg/registry/rest/rest.go). A storage implements
 * `Storage` plus any subset of the others; the installer discovers them with the guards of `capabilities.ts`.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreateOptions, DeleteOptions, GetOptions, GroupVersion, GroupVersionKind, Status, Table, UpdateOptions } from '@apiserver/runtime';
import type { Watch } from '@apiserver/storage';
import type { ResourceStreamer } from './resource-streamer.js';
import type {
  ApiList,
  ApiObject,
  InternalListOptions,
  OptionsSpec,
  Preconditions,
  RequestContext,
  TableOptions,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from './types.js';

/** Every storage: makes empty objects of its kind and releases its resources. */
export interface Storage {
  /** A new empty object of the storage's kind (decode target, kind lookup). */
  newObject(): ApiObject;
  /** Releases watches, caches and clients; idempotent. */
  destroy(): void;
}

/** A storage that can report readiness (used for /readyz). */
export interface StorageWithReadiness {
  /** Resolves when ready; rejects otherwise. */
  readinessCheck(): Promise<void>;
}

/** Tells whether the resource is namespaced (required by the installer). */
export interface Scoper {
  /** True for namespaced resources. */
  namespaceScoped(): boolean;
}

/** Overrides `APIResource.kind` in discovery. */
export interface KindProvider {
  /** The kind name. */
  kind(): string;
}

/** Gives the singular resource name (required for non-subresources). */
export interface SingularNameProvider {
  /** The singular name (`pod`). */
  getSingularName(): string;
}

/** Gives the short names listed in discovery. */
export interface ShortNamesProvider {
  /** The short names (`po`). */
  shortNames(): string[];
}

/** Gives the categories listed in discovery. */
export interface CategoriesProvider {
  /** The categories (`all`). */
  categories(): string[];
}

/** Overrides the group/version/kind of routes and discovery (e.g. `deployments/scale` → autoscaling/v1 Scale). */
export interface GroupVersionKindProvider {
  /** The kind served for the containing group version. */
  groupVersionKind(containingGV: GroupVersion): GroupVersionKind;
}

/** Decides which apiVersions a request body may carry. */
export interface GroupVersionAcceptor {
  /** Whether a body of that group version is accepted. */
  acceptsGroupVersion(gv: GroupVersion): boolean;
}

/** Converts objects or lists to a metav1.Table (server-side printing). */
export interface TableConvertor {
  /** The table of one object or of a list's items. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table>;
}

/** Lists objects (LIST routes); a lister must also convert to tables. */
export interface Lister extends TableConvertor {
  /** A new empty list of the storage's kind. */
  newList(): ApiList;
  /** Lists the objects selected by the options in the request namespace (all namespaces when none). */
  list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList>;
}

/** Reads one object (GET item route). */
export interface Getter {
  /** The object named `name` in the request namespace. */
  get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject>;
}

/**
 * A Getter whose read may answer without a promise (the registry Store over a storage offering `getMaybeSync`): a
 * GET handler that calls {@link MaybeSyncGetter.getMaybeSync} writes the response in the same turn when the object
 * is at hand.
 */
export interface MaybeSyncGetter extends Getter {
  /**
   * Reads as `get` does (same object, same errors) and returns the object directly, or a native `Promise` when the
   * read has to wait; an error is thrown or rejects that promise. `sharedObjects` says what
   * `acceptSharedObjects(ctx)` says (the caller only encodes the result, so storage may share it); the mark on
   * `ctx` itself is not consulted here.
   */
  getMaybeSync(ctx: RequestContext, name: string, options: GetOptions | undefined, sharedObjects: boolean): ApiObject | Promise<ApiObject>;
}

/** Reads one object with kind-specific query options (`pods/log`); counts as a getter. Has `newGetOptions`. */
export interface GetterWithOptions {
  /** The object named `name`, or a stream source ({@link ResourceStreamer}), given decoded options. */
  get(ctx: RequestContext, name: string, options: Record<string, unknown>): Promise<ApiObject | ResourceStreamer>;
  /** The options kind, whether a `{path:*}` subpath route exists and the options field receiving it. */
  newGetOptions(): OptionsSpec;
}

/** Creates objects (POST on the collection). */
export interface Creater {
  /** A new empty object (decode target). */
  newObject(): ApiObject;
  /** Creates `obj`; `createValidation` is validating admission, run after the strategy's validation. */
  create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject>;
}

/**
 * Creates with the name taken from the URL (`pods/eviction`, `serviceaccounts/token`). Upstream overloads
 * `Create`; TypeScript cannot tell overloads apart at run time, so the method is `createNamed`.
 */
export interface NamedCreater {
  /** A new empty object (decode target). */
  newObject(): ApiObject;
  /** Creates `obj` for the object named `name`. */
  createNamed(
    ctx: RequestContext,
    name: string,
    obj: ApiObject,
    createValidation?: ValidateObjectFunc,
    options?: CreateOptions,
  ): Promise<ApiObject>;
}

/** Lets a subresource create keep the request object's system metadata fields. */
export interface SubresourceObjectMetaPreserver {
  /** True to skip wiping uid/creationTimestamp/… on subresource creates. */
  preserveRequestObjectMetaSystemFieldsOnSubresourceCreate(): boolean;
}

/** Gives the new object of an update: a PUT body, or a patch applied to the current object. */
export interface UpdatedObjectInfo {
  /** Preconditions the current object must meet, if any. */
  preconditions(): Preconditions | undefined;
  /** The desired object given the current one (`undefined` when it does not exist: create-on-update). */
  updatedObject(ctx: RequestContext, oldObj: ApiObject | undefined): Promise<ApiObject>;
}

/** Result of an update: the stored object and whether it was created. */
export interface UpdateResult {
  /** The stored object. */
  object: ApiObject;
  /** True when the update created the object (201). */
  created: boolean;
}

/** Replaces objects (PUT item route). */
export interface Updater {
  /** A new empty object (decode target). */
  newObject(): ApiObject;
  /** Updates (or, when allowed, creates) the object named `name`. */
  update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult>;
}

/** Patches objects (PATCH item route): a getter and an updater; the patch is an UpdatedObjectInfo. */
export interface Patcher extends Getter, Updater {}

/** Result of a delete: the deleted or updated object (or a Success Status) and whether it is gone now. */
export interface DeleteResult {
  /** The object (when kept, or when the storage returns deleted objects) or a Success Status. */
  object: ApiObject | Status;
  /** True when the object was removed from storage by this call. */
  deleted: boolean;
}

/** Deletes objects, possibly gracefully (DELETE item route). */
export interface GracefulDeleter {
  /** Deletes the object named `name`; `deleteValidation` is validating admission. */
  delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult>;
}

/** Says whether DELETE answers with the object rather than a Status (OpenAPI only). */
export interface MayReturnFullObjectDeleter {
  /** True when DELETE returns the deleted object. */
  deleteReturnsDeletedObject(): boolean;
}

/** Deletes every selected object (DELETE on the collection). */
export interface CollectionDeleter {
  /** Deletes the objects selected by `listOptions`; returns the list that was selected. */
  deleteCollection(
    ctx: RequestContext,
    deleteValidation: ValidateObjectFunc | undefined,
    options: DeleteOptions | undefined,
    listOptions: InternalListOptions | undefined,
  ): Promise<ApiList>;
}

/** Watches objects (`?watch=true`, legacy `/watch/` routes). */
export interface Watcher {
  /** Starts a watch in the request namespace (all namespaces when none). */
  watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>>;
}

/** Receives a connect handler's result (rest.Responder). */
export interface Responder {
  /** Writes `obj` with the given status code. */
  object(statusCode: number, obj: unknown): void;
  /** Writes `err` as a Status. */
  error(err: unknown): void;
}

/** An HTTP handler returned by a Connecter. */
export type ConnectHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Connects to a running object (`pods/exec`, `pods/proxy`): one route per method. */
export interface Connecter {
  /** The handler serving the connection to object `id`. */
  connect(ctx: RequestContext, id: string, options: Record<string, unknown>, responder: Responder): Promise<ConnectHandler>;
  /** The options kind, whether a `{path:*}` route exists and the field receiving the subpath. */
  newConnectOptions(): OptionsSpec;
  /** HTTP methods served (`GET`, `POST`, …). */
  connectMethods(): string[];
}

/** Extra media types and OpenAPI response objects per verb. */
export interface StorageMetadata {
  /** Extra media types produced by `verb` (beyond the serializers'). */
  producesMIMETypes(verb: string): string[] | undefined;
  /** The object returned by `verb`, when not the storage's kind. */
  producesObject(verb: string): unknown;
}

/** Gives the version objects are stored in (discovery `storageVersionHash`). */
export interface StorageVersionProvider {
  /** The storage group/version/kind. */
  storageVersion(): GroupVersionKind;
}

/** Fields a strategy resets on write, per API version (server-side apply ownership). */
export interface ResetFieldsStrategy {
  /** API version → dotted field paths the strategy resets (e.g. `{ "v1": ["status"] }`). */
  getResetFields(): Readonly<Record<string, readonly string[]>>;
}

/** The verbs a generic store serves (rest.StandardStorage). */
export interface StandardStorage
  extends Storage,
    Getter,
    Lister,
    Creater,
    Updater,
    GracefulDeleter,
    CollectionDeleter,
    Watcher {}
