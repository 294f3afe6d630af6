/**
 * Type guards for the `rest.*` capability interfaces and `capabilitiesOf`, the one place a storage's
 * capabilities are discovered (upstream's `storage.(rest.Getter)` type assertions in installer.go).
 * @module
 */
import type {
  CategoriesProvider,
  CollectionDeleter,
  Connecter,
  Creater,
  Getter,
  GetterWithOptions,
  GracefulDeleter,
  GroupVersionAcceptor,
  GroupVersionKindProvider,
  KindProvider,
  Lister,
  MayReturnFullObjectDeleter,
  MaybeSyncGetter,
  NamedCreater,
  Patcher,
  ResetFieldsStrategy,
  Scoper,
  ShortNamesProvider,
  SingularNameProvider,
  Storage,
  StorageMetadata,
  StorageVersionProvider,
  StorageWithReadiness,
  SubresourceObjectMetaPreserver,
  TableConvertor,
  Updater,
  Watcher,
} from './rest.js';

function hasMethods(o: object, ...names: string[]): boolean {
  const record = o as Record<string, unknown>;
  return names.every((n) => typeof record[n] === 'function');
}

/** Whether `s` implements `Storage` (`newObject` and `destroy`). */
export const isStorage = (s: unknown): s is Storage =>
  typeof s === 'object' && s !== null && hasMethods(s, 'newObject', 'destroy');
/** Whether `s` implements `StorageWithReadiness`. */
export const isStorageWithReadiness = (s: object): s is StorageWithReadiness => hasMethods(s, 'readinessCheck');
/** Whether `s` implements `Scoper`. */
export const isScoper = (s: object): s is Scoper => hasMethods(s, 'namespaceScoped');
/** Whether `s` implements `KindProvider`. */
export const isKindProvider = (s: object): s is KindProvider => hasMethods(s, 'kind');
/** Whether `s` implements `SingularNameProvider`. */
export const isSingularNameProvider = (s: object): s is SingularNameProvider => hasMethods(s, 'getSingularName');
/** Whether `s` implements `ShortNamesProvider`. */
export const isShortNamesProvider = (s: object): s is ShortNamesProvider => hasMethods(s, 'shortNames');
/** Whether `s` implements `CategoriesProvider`. */
export const isCategoriesProvider = (s: object): s is CategoriesProvider => hasMethods(s, 'categories');
/** Whether `s` implements `GroupVersionKindProvider`. */
export const isGroupVersionKindProvider = (s: object): s is GroupVersionKindProvider =>
  hasMethods(s, 'groupVersionKind');
/** Whether `s` implements `GroupVersionAcceptor`. */
export const isGroupVersionAcceptor = (s: object): s is GroupVersionAcceptor => hasMethods(s, 'acceptsGroupVersion');
/** Whether `s` implements `TableConvertor`. */
export const isTableConvertor = (s: object): s is TableConvertor => hasMethods(s, 'convertToTable');
/** Whether `s` implements `Lister` (`newList`, `list`; `convertToTable` is checked at install time). */
export const isLister = (s: object): s is Lister => hasMethods(s, 'newList', 'list');
/** Whether `s` implements `GetterWithOptions` (`get` plus `newGetOptions`). */
export const isGetterWithOptions = (s: object): s is GetterWithOptions => hasMethods(s, 'get', 'newGetOptions');
/** Whether `s` implements `MaybeSyncGetter` (a plain `Getter` with `getMaybeSync`). */
export const isMaybeSyncGetter = (s: object): s is MaybeSyncGetter => hasMethods(s, 'get', 'getMaybeSync') && !hasMethods(s, 'newGetOptions');
/** Whether `s` implements a plain `Getter` (`get` without `newGetOptions`). */
export const isGetter = (s: object): s is Getter => hasMethods(s, 'get') && !hasMethods(s, 'newGetOptions');
/** Whether `s` implements `Creater`. */
export const isCreater = (s: object): s is Creater => hasMethods(s, 'newObject', 'create');
/** Whether `s` implements `NamedCreater` (`createNamed`). */
export const isNamedCreater = (s: object): s is NamedCreater => hasMethods(s, 'newObject', 'createNamed');
/** Whether `s` implements `SubresourceObjectMetaPreserver`. */
export const isSubresourceObjectMetaPreserver = (s: object): s is SubresourceObjectMetaPreserver =>
  hasMethods(s, 'preserveRequestObjectMetaSystemFieldsOnSubresourceCreate');
/** Whether `s` implements `Updater`. */
export const isUpdater = (s: object): s is Updater => hasMethods(s, 'newObject', 'update');
/** Whether `s` implements `Patcher` (a plain getter and an updater). */
export const isPatcher = (s: object): s is Patcher => isGetter(s) && isUpdater(s);
/** Whether `s` implements `GracefulDeleter`. */
export const isGracefulDeleter = (s: object): s is GracefulDeleter => hasMethods(s, 'delete');
/** Whether `s` implements `MayReturnFullObjectDeleter`. */
export const isMayReturnFullObjectDeleter = (s: object): s is MayReturnFullObjectDeleter =>
  hasMethods(s, 'deleteReturnsDeletedObject');
/** Whether `s` implements `CollectionDeleter`. */
export const isCollectionDeleter = (s: object): s is CollectionDeleter => hasMethods(s, 'deleteCollection');
/** Whether `s` implements `Watcher`. */
export const isWatcher = (s: object): s is Watcher => hasMethods(s, 'watch');
/** Whether `s` implements `Connecter`. */
export const isConnecter = (s: object): s is Connecter =>
  hasMethods(s, 'connect', 'newConnectOptions', 'connectMethods');
/** Whether `s` implements `StorageMetadata`. */
export const isStorageMetadata = (s: object): s is StorageMetadata =>
  hasMethods(s, 'producesMIMETypes', 'producesObject');
/** Whether `s` implements `StorageVersionProvider`. */
export const isStorageVersionProvider = (s: object): s is StorageVersionProvider => hasMethods(s, 'storageVersion');
/** Whether `s` implements `ResetFieldsStrategy`. */
export const isResetFieldsStrategy = (s: object): s is ResetFieldsStrategy => hasMethods(s, 'getResetFields');

/** Everything the installer needs to know about one storage, computed once by `capabilitiesOf`. */
export interface Capabilities {
  /** The storage itself. */
  readonly storage: Storage;
  /** Present when the storage reports readiness. */
  readonly readiness?: StorageWithReadiness;
  /** Present when the storage tells its scope. */
  readonly scoper?: Scoper;
  /** Present when the storage overrides its discovery kind. */
  readonly kindProvider?: KindProvider;
  /** Present when the storage gives a singular name. */
  readonly singularNameProvider?: SingularNameProvider;
  /** Present when the storage gives short names. */
  readonly shortNamesProvider?: ShortNamesProvider;
  /** Present when the storage gives categories. */
  readonly categoriesProvider?: CategoriesProvider;
  /** Present when the storage overrides its group/version/kind. */
  readonly groupVersionKindProvider?: GroupVersionKindProvider;
  /** Present when the storage decides accepted body versions. */
  readonly groupVersionAcceptor?: GroupVersionAcceptor;
  /** Present when the storage converts to tables. */
  readonly tableConvertor?: TableConvertor;
  /** Present when the storage lists. */
  readonly lister?: Lister;
  /** Present when the storage gets without options. */
  readonly getter?: Getter;
  /** Present when the storage gets with options. */
  readonly getterWithOptions?: GetterWithOptions;
  /** Present when the storage creates on the collection. */
  readonly creater?: Creater;
  /** Present when the storage creates with the name from the URL. */
  readonly namedCreater?: NamedCreater;
  /** Present when subresource creates keep system metadata. */
  readonly subresourceObjectMetaPreserver?: SubresourceObjectMetaPreserver;
  /** Present when the storage updates. */
  readonly updater?: Updater;
  /** Present when the storage patches (getter + updater). */
  readonly patcher?: Patcher;
  /** Present when the storage deletes items. */
  readonly gracefulDeleter?: GracefulDeleter;
  /** Present when the storage says what DELETE returns. */
  readonly mayReturnFullObjectDeleter?: MayReturnFullObjectDeleter;
  /** Present when the storage deletes collections. */
  readonly collectionDeleter?: CollectionDeleter;
  /** Present when the storage watches. */
  readonly watcher?: Watcher;
  /** Present when the storage connects. */
  readonly connecter?: Connecter;
  /** Present when the storage declares extra media types. */
  readonly storageMetadata?: StorageMetadata;
  /** Present when the storage gives its storage version. */
  readonly storageVersionProvider?: StorageVersionProvider;
  /** Present when the storage resets fields per version. */
  readonly resetFieldsStrategy?: ResetFieldsStrategy;
}

/** Discovers every capability of `s` once (upstream installer's type assertions), as a typed record. */
export function capabilitiesOf(s: Storage): Capabilities {
  return {
    storage: s,
    ...(isStorageWithReadiness(s) && { readiness: s }),
    ...(isScoper(s) && { scoper: s }),
    ...(isKindProvider(s) && { kindProvider: s }),
    ...(isSingularNameProvider(s) && { singularNameProvider: s }),
    ...(isShortNamesProvider(s) && { shortNamesProvider: s }),
    ...(isCategoriesProvider(s) && { categoriesProvider: s }),
    ...(isGroupVersionKindProvider(s) && { groupVersionKindProvider: s }),
    ...(isGroupVersionAcceptor(s) && { groupVersionAcceptor: s }),
    ...(isTableConvertor(s) && { tableConvertor: s }),
    ...(isLister(s) && { lister: s }),
    ...(isGetter(s) && { getter: s }),
    ...(isGetterWithOptions(s) && { getterWithOptions: s }),
    ...(isCreater(s) && { creater: s }),
    ...(isNamedCreater(s) && { namedCreater: s }),
    ...(isSubresourceObjectMetaPreserver(s) && { subresourceObjectMetaPreserver: s }),
    ...(isUpdater(s) && { updater: s }),
    ...(isPatcher(s) && { patcher: s }),
    ...(isGracefulDeleter(s) && { gracefulDeleter: s }),
    ...(isMayReturnFullObjectDeleter(s) && { mayReturnFullObjectDeleter: s }),
    ...(isCollectionDeleter(s) && { collectionDeleter: s }),
    ...(isWatcher(s) && { watcher: s }),
    ...(isConnecter(s) && { connecter: s }),
    ...(isStorageMetadata(s) && { storageMetadata: s }),
    ...(isStorageVersionProvider(s) && { storageVersionProvider: s }),
    ...(isResetFieldsStrategy(s) && { resetFieldsStrategy: s }),
  };
}
