/**
 * `@apiserver/storage`: the storage.Interface of k8s.io/apiserver for Node.
 *
 * Guide: `docs/guides/storage-backend.md` (the contract, a backend, running the conformance suite).
 *
 * @example Using any backend through StorageInterface, behind the watch cache
 * ```ts
 * import { Cacher, isNotFound, SetSelector, simpleUpdate, type StorageInterface } from '@apiserver/storage';
 *
 * export async function demo(backend: StorageInterface): Promise<void> {
 *   const pods = new Cacher({ storage: backend, resourcePrefix: '/pods' });
 *   await pods.waitUntilReady();
 *   const created = await pods.create('/pods/default/web', { metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } } });
 *   await pods.guaranteedUpdate('/pods/default/web', simpleUpdate((cur) => ({ ...cur!, metadata: { ...cur!.metadata, labels: { app: 'web', v: '2' } } })));
 *   const list = await pods.getList('/pods', { recursive: true, resourceVersion: '0', predicate: { label: SetSelector.fromSet({ app: 'web' }), limit: 10 } });
 *   console.log(list.items.length, list.resourceVersion);
 *   const watch = await pods.watch('/pods/default', { recursive: true, resourceVersion: created.metadata.resourceVersion });
 *   for await (const event of watch) {
 *     console.log(event.type); // MODIFIED: the label change
 *     break;
 *   }
 *   watch.stop();
 *   await pods.delete('/pods/default/web').catch((err: unknown) => {
 *     if (!isNotFound(err)) throw err;
 *   });
 *   pods.stop();
 * }
 * ```
 *
 * @example Running the conformance suite against a backend (a tap test file)
 * ```ts
 * import { cacherConformanceSkips, cacherFactory, runStorageConformance, type StorageFactory } from '@apiserver/storage/testing';
 * import { MemoryBackend } from '@apiserver/storage-memory';
 * import t from 'tap';
 *
 * const factory: StorageFactory = async ({ prefix, transformer }) => {
 *   const backend = new MemoryBackend({ compactionIntervalMs: 0 });
 *   return {
 *     store: backend.storage({ pathPrefix: prefix, transformer }),
 *     usesTransformer: true,
 *     compact: async (rev) => backend.compact(rev),
 *     destroy: async () => backend.close(),
 *   };
 * };
 * await runStorageConformance(t, factory);
 * await runStorageConformance(t, cacherFactory(factory), { skip: cacherConformanceSkips });
 * ```
 * @module
 */
export { Cacher, type CacherOptions } from './cacher/cacher.js';
export { bytesEqual, canonicalJSON, type Codec, createJSONCodec, type DecodedEncoder, isDecodedEncoder, jsonCodec } from './codec.js';
export {
  type ContinueInfo,
  continueTokenVersion,
  type DecodedContinue,
  decodeContinue,
  encodeContinue,
  prepareContinueToken,
} from './continue.js';
export {
  APIError,
  type APIErrorOptions,
  databaseSpaceExceededMessage,
  type APIErrorReason,
  expiredListMessage,
  expiredWatchMessage,
  type FieldCause,
  InternalError,
  InvalidError,
  inconsistentContinueMessage,
  isAPIError,
  isBadRequest,
  isConflict,
  isCorruptObject,
  isDatabaseSpaceExceeded,
  isExist,
  isExpired,
  isInternalError,
  isInvalidError,
  isInvalidObj,
  isNotFound,
  isRequestTimeout,
  isRequestTooLarge,
  isStorageError,
  isTooLargeResourceVersion,
  isTooManyRequests,
  isUnreachable,
  newBadRequestError,
  newCorruptObjError,
  newDatabaseSpaceExceededError,
  newInternalError,
  newInvalidObjError,
  newKeyExistsError,
  newKeyNotFoundError,
  newResourceExpiredError,
  newRequestTooLargeError,
  newResourceVersionConflictsError,
  newTimeoutError,
  newTooLargeResourceVersionError,
  newTooManyRequestsError,
  newUnreachableError,
  requestTooLargeMessage,
  ResourceVersionSetOnCreateError,
  resourceVersionTooLargeCause,
  type StatusCause,
  StorageError,
  type StorageErrorCode,
  StorageNotReadyError,
  storageErrorCodeNumbers,
} from './errors.js';
export {
  type CreateOptions,
  checkPreconditions,
  type DeleteOptions,
  type GetOptions,
  type GuaranteedUpdateOptions,
  type ListOptions,
  type ListResult,
  type Preconditions,
  type ResourceVersionMatch,
  type ResponseMeta,
  type StorageInterface,
  simpleUpdate,
  type UpdateFunc,
  type UpdateResult,
  type ValidateObjectFunc,
} from './interfaces.js';
export { hasMaybeSyncGet, type MaybeSyncGetStorage } from './maybe-sync-get.js';
export {
  hasPathPrefix,
  InvalidKeyError,
  isInvalidKeyError,
  isValidPathSegmentName,
  namespaceKeyFunc,
  noNamespaceKeyFunc,
  normalizePathPrefix,
  prepareKey,
  validateKey,
} from './keys.js';
export { type ResolvedListRevision, resolveListRevision, validateMinimumResourceVersion } from './list-options.js';
export { deepCopy, isPlainObject, isStorageObject, type StorageObject, type StorageObjectMeta } from './object.js';
export { deepCopySteps } from './deep-copy-steps.js';
export { isSharedObject, shareObject } from './shared-objects.js';
export {
  type AttrFunc,
  defaultClusterScopedAttrs,
  defaultGetAttrs,
  defaultNamespaceScopedAttrs,
  isPredicateEmpty,
  matchesObjectAttributes,
  matchesSingle,
  matchesSingleNamespace,
  type ObjectAttrs,
  predicateMatches,
  type SelectionPredicate,
  type Selector,
  type SetRequirement,
  SetSelector,
} from './selection-predicate.js';
export {
  identityTransformer,
  PrefixTransformer,
  type TransformContext,
  type TransformFromResult,
  TransformPrefixError,
  type ValueTransformer,
} from './value-transformer.js';
export { APIObjectVersioner, compareResourceVersion, type Versioner, versioner } from './versioner.js';
export {
  type BookmarkObject,
  type BookmarkWatchEvent,
  type ErrorWatchEvent,
  convertToWatchEvent,
  errorEvent,
  errorToStatus,
  initialEventsAnnotationKey,
  isInitialEventsEndBookmark,
  newBookmarkObject,
  type ObjectWatchEvent,
  type StatusObject,
  type Watch,
  type WatchEvent,
  type WatchEventType,
  WatchQueue,
  type WatchQueueOptions,
} from './watch.js';
export { refreshAfterSuggestionFailure } from './suggestion.js';
export {
  type Counter,
  CounterVec,
  type Gauge,
  GaugeVec,
  HistogramVec,
  type Labels,
  type MetricVecOptions,
  type Observer,
  seriesKey,
  type ValueSeries,
} from './metrics/labelled-metrics.js';
export {
  DEFAULT_MAX_METRIC_SERIES,
  DROPPED_METRIC_NAME,
  type Metric,
  MetricsRegistry,
  type MetricsRegistryOptions,
} from './metrics/metrics-registry.js';
export { DEFAULT_OBJECT_COUNT_PERIOD_MS, StorageObjectCounter } from './metrics/storage-objects.js';
export type { CacherMetrics } from './cacher/cacher-metrics.js';
