/**
 * `@apiserver/runtime`: Kubernetes API machinery for Node.
 *
 * @module
 */

// Schemas, meta types, Scheme, serializers, negotiation, OpenAPI components.
// Schema declaration helpers and extension keywords.
export {
  embedded,
  type FieldFacts,
  field as optionalField,
  int32,
  int64,
  jsonField,
  type KindFacts,
  kindStruct,
  requiredField,
  requiredJsonField,
  stringList,
  stringMap,
  struct,
  type StructFacts,
  typeMetaProperties,
} from './schema/define.js';
export {
  codecOf,
  type EmbeddedIn,
  embeddedIn,
  type GoOmit,
  goOmitOf,
  goTypeNameOf,
  itemsOf,
  mapValueOf,
  propertiesOf,
  protobufFieldOf,
  type SchemaNode,
  typeNameOf,
  type WireCodec,
  X_GO_OMIT,
  X_GO_TYPE,
  X_GVK,
  X_K8S_CODEC,
  X_K8S_OPENAPI,
  X_K8S_SWAGGER2,
  X_K8S_TYPE,
  X_PROTOBUF_EMBEDDED,
  X_PROTOBUF_FIELD,
} from './schema/extensions.js';
export {
  bytesSchema,
  FieldsV1Schema,
  IntOrStringSchema,
  MicroTimeSchema,
  QuantitySchema,
  RawExtensionSchema,
  TimeSchema,
} from './schema/special-types.js';
export { elementSchema, fieldSchema, type PatchMeta, patchMetaAt, patchMetaOf } from './schema/patch-meta.js';
export { findUnknownFields, findUnknownFieldsSteps, unknownFieldMessages } from './schema/unknown-fields.js';
export { decodeAsGo, decodeAsGoSteps, goNullElement, pruneUnknownFields } from './schema/go-decode.js';
export { decodeAsGoReportingUnknown } from './schema/go-decode-reporting.js';
export { jsonValuesEqual, semanticEqual } from './schema/semantic-equal.js';
/** The schema type every kind and field schema of this package is (typebox's). */
export type { TSchema } from 'typebox';
export { quantitiesEqual } from './schema/quantity-compare.js';
export { addQuantities, compareQuantities, quantityMilliValue, quantitySign, subtractQuantities, zeroQuantity } from './schema/quantity-arithmetic.js';
export { canonicalQuantity, formatQuantity, type ParsedQuantity, parseQuantity, QUANTITY_FORMAT_ERROR, quantityError, type QuantityFormat } from './schema/quantity.js';
export { ownProperty, setOwnProperty } from './schema/own-property.js';
export { goNumberProblem, goNumberProblemSteps } from './schema/go-numbers.js';
export { goTypeProblem, goTypeProblemSteps, goTypeStringOf } from './schema/go-type-errors.js';
export { unstructuredConversionProblem } from './schema/unstructured-conversion.js';
export { canonicalBase64, goBase64Error } from './schema/go-base64.js';
export { goTimeParseError } from './schema/go-time.js';
export { hasInexactNumbers, inexactNumberTokens, isInexactToken, type NumberToken } from './schema/number-tokens.js';
// meta.k8s.io/v1 (and autoscaling/v1 Scale).
export {
  type Condition,
  ConditionSchema,
  type ListMeta,
  ListMetaSchema,
  type ManagedFieldsEntry,
  ManagedFieldsEntrySchema,
  type ObjectMeta,
  ObjectMetaSchema,
  type OwnerReference,
  OwnerReferenceSchema,
  type TypeMeta,
  TypeMetaSchema,
} from './apis/meta/v1/object-meta.js';
export {
  type StatusCauseObject,
  StatusCauseSchema,
  type StatusDetailsObject,
  StatusDetailsSchema,
  type StatusObject,
  StatusSchema,
} from './apis/meta/v1/status.js';
export {
  type LabelSelector,
  type LabelSelectorRequirement,
  LabelSelectorRequirementSchema,
  LabelSelectorSchema,
} from './apis/meta/v1/label-selector.js';
export {
  type APIGroup,
  type APIGroupList,
  APIGroupListSchema,
  APIGroupSchema,
  type APIResource,
  type APIResourceList,
  APIResourceListSchema,
  APIResourceSchema,
  type APIVersions,
  APIVersionsSchema,
  type GroupVersionForDiscovery,
  GroupVersionForDiscoverySchema,
  GroupVersionKindSchema,
  type ServerAddressByClientCIDR,
  ServerAddressByClientCIDRSchema,
} from './apis/meta/v1/discovery.js';
export {
  type APIGroupDiscovery,
  type APIGroupDiscoveryList,
  APIGroupDiscoveryListSchema,
  APIGroupDiscoverySchema,
  type APIResourceDiscovery,
  APIResourceDiscoverySchema,
  APISubresourceDiscoverySchema,
  type APIVersionDiscovery,
  APIVersionDiscoverySchema,
} from './apis/meta/v1/discovery-v2.js';
export {
  type PartialObjectMetadata,
  type PartialObjectMetadataList,
  PartialObjectMetadataListSchema,
  PartialObjectMetadataSchema,
  type Table,
  type TableColumnDefinition,
  TableColumnDefinitionSchema,
  type TableRow,
  TableRowConditionSchema,
  TableRowSchema,
  TableSchema,
} from './apis/meta/v1/table.js';
export {
  type List,
  ListSchema,
  type WatchEvent,
  WatchEventSchema,
  type WatchEventType,
} from './apis/meta/v1/watch-event.js';
export {
  type CreateOptions,
  CreateOptionsSchema,
  type DeleteOptions,
  DeleteOptionsSchema,
  type GetOptions,
  GetOptionsSchema,
  type ListOptions,
  ListOptionsSchema,
  type PatchOptions,
  PatchOptionsSchema,
  type Preconditions,
  PreconditionsSchema,
  type UpdateOptions,
  UpdateOptionsSchema,
} from './apis/meta/v1/options.js';
export {
  formatMicroTime,
  formatTime,
  nowMicroTime,
  nowTime,
  parseTime,
  TimeParseError,
  type Timestamp,
} from './apis/meta/v1/time.js';
export { toPartialObjectMetadata, toPartialObjectMetadataList } from './apis/meta/v1/partial.js';
export { type Scale, ScaleSchema, ScaleSpecSchema, ScaleStatusSchema } from './apis/autoscaling/v1/scale.js';
export { addMetaKinds, addMetaToGroupVersion } from './apis/meta/v1/register.js';
// Group/version/kind/resource and the Scheme.
export {
  formatGroupResource,
  formatGroupVersion,
  formatGroupVersionKind,
  formatGroupVersionResource,
  type GroupKind,
  type GroupResource,
  type GroupVersion,
  type GroupVersionKind,
  GroupVersionParseError,
  type GroupVersionResource,
  gvkFromAPIVersionAndKind,
  gvkKey,
  parseGroupResource,
  parseGroupVersion,
  toAPIVersionAndKind,
} from './runtime/group-version.js';
export { CHEAP_STEPS_PER_YIELD, cheapStepDue, nextMacrotask, runWhole, type SlicedPass, TIME_SLICE_MILLIS, TimeSlicer } from './runtime/time-slice.js';
export { sortSteps } from './runtime/sort-steps.js';
export { type APILifecycle, deprecationWarning, type Release, removedRelease } from './runtime/api-lifecycle.js';
export {
  ConversionError,
  type ConversionFunc,
  type DefaultingFunc,
  declaredKindOf,
  type GoTypeNames,
  type KindRegistration,
  type KubeObject,
  Scheme,
  type SchemaViolation,
} from './runtime/scheme.js';
export {
  DecodeError,
  isSchemeError,
  MissingKindError,
  MissingVersionError,
  NotRegisteredError,
  SchemeError,
} from './runtime/scheme-errors.js';
// Serializers, negotiation, watch framing.
export type { EncodeOptions, ItemwiseEncoder, ObjectEncoding, Serializer } from './serializer/serializer.js';
export { isItemwiseEncoder } from './serializer/serializer.js';
export { type EmbeddedShaper, goJSONValue, goZeroValue } from './serializer/go-json.js';
export { escapeGoJSON, JSONSerializer, parseJSONObject, parseJSONObjectSteps, shapeObject } from './serializer/json.js';
export { duplicateFieldMessages, findDuplicateFields } from './serializer/json-duplicates.js';
export { MAX_NESTING_DEPTH, nestsDeeperThan, parseJSON, parseJSONLimited, tooDeepAt } from './serializer/nesting-depth.js';
export { goJSONSyntaxError, goQuoteChar } from './serializer/go-json-syntax.js';
export { goJSONValueName, goUnmarshalTypeError } from './serializer/go-unmarshal-type-error.js';
export { YAMLSerializer } from './serializer/yaml.js';
export { type YAMLToJSONResult, YAMLToJSONError, yamlToJSON } from './serializer/yaml-to-json.js';
export { YAML_OFF_THREAD_CHARS, YAMLDecodeThread, YAMLDecodeThreadError, yamlDecodeThread, yamlToJSONAsync } from './serializer/yaml-decode-thread.js';
export { MEDIA_TYPE_PROTOBUF, ProtobufSerializer } from './serializer/protobuf/serializer.js';
export { ProtobufDescriptors, ProtobufSchemaError, protoNameOf } from './serializer/protobuf/descriptors.js';
export {
  decodeEnvelope,
  encodeEnvelope,
  hasProtobufMagic,
  PROTOBUF_MAGIC,
  type UnknownEnvelope,
} from './serializer/protobuf/envelope.js';
export { type EmbeddedCodec, ProtobufValueError } from './serializer/protobuf/message-codec.js';
export { CodecFactory } from './serializer/codec-factory.js';
export { type AcceptClause, type ParsedMediaType, parseAccept, parseMediaType } from './serializer/media-type.js';
export {
  aggregatedDiscoveryRestrictions,
  defaultEndpointRestrictions,
  type EndpointRestrictions,
  type NegotiatedMediaType,
  negotiateInputSerializer,
  negotiateOutputMediaType,
  negotiateOutputMediaTypeStream,
  NotAcceptableError,
  resourceEndpointRestrictions,
  type SerializerInfo,
  UnsupportedMediaTypeError,
} from './serializer/negotiation.js';
export {
  encodeJSONWatchEvent,
  encodeProtobufWatchEvent,
  jsonWatchFrameReader,
  protobufWatchFrameReader,
  type WatchEventFrame,
  type WatchFrameReader,
} from './serializer/watch-framing.js';
// OpenAPI v3 components.
export { type ComponentSchemaOptions, type OpenAPISchema, openAPIComponentSchemas, openAPIComponentsForKind } from './openapi/components.js';

// Status errors, field errors, label and field selectors, name validation, resource versions.
export * from './errors/index.js';
export {
  aggregateMessage as aggregateFieldErrors,
  childPath,
  duplicate as fieldDuplicate,
  FieldError,
  FieldErrorType,
  FieldPath,
  forbidden as fieldForbidden,
  goQuote,
  goSprintValue,
  internalError as fieldInternalError,
  invalid as fieldInvalid,
  newPath,
  notFound as fieldNotFound,
  notSupported as fieldNotSupported,
  OMIT_VALUE,
  required as fieldRequired,
  tooFew as fieldTooFew,
  TOO_LONG_BAD_VALUE,
  tooLong as fieldTooLong,
  tooLongMaxLength as fieldTooLongMaxLength,
  tooMany as fieldTooMany,
  tooShort as fieldTooShort,
  typeInvalid as fieldTypeInvalid,
} from './validation/field/index.js';
export type { FieldErrorList, FieldErrorTypeValue } from './validation/field/index.js';
export * from './labels/index.js';
export * from './fields/index.js';
export { humanDuration, translateTimestampSince } from './util/duration.js';
export { extensibleCopy } from './util/extensible-copy.js';
export * from './validation/index.js';
export {
  compareResourceVersions,
  formatResourceVersion,
  isResourceVersionMatch,
  isValidResourceVersion,
  MAX_RESOURCE_VERSION,
  parseResourceVersion,
  ResourceVersionMatch,
} from './resource-version.js';
export type { ResourceVersionMatchValue } from './resource-version.js';
// Server-side apply: field paths and sets (structured-merge-diff) and the field manager (managedfields).
export {
  comparePathElements,
  deserializePathElement,
  type FieldPathElements,
  type KeyField,
  type PathElement,
  PathElementError,
  pathElementRank,
  pathElementString,
  pathString,
  serializePathElement,
} from './managedfields/path-element.js';
export { FieldSet, type NodeElement } from './managedfields/field-set.js';
export { type FieldsV1, FieldsV1Error, fieldsV1ToSet, setToFieldsV1 } from './managedfields/fields-v1.js';
export {
  BUILTIN_KEY_DEFAULTS,
  DEDUCED,
  type DeducedType,
  type FieldType,
  fieldTypeOf,
  type ListType,
  type MapType,
  SCALAR,
  type ScalarType,
  type StructField,
} from './managedfields/field-type.js';
export { unstructuredFieldType } from './managedfields/unstructured-field-type.js';
export { type JSONObject, TypedValueError } from './managedfields/typed-value.js';
export { type ToFieldSetOptions, toFieldSet } from './managedfields/to-field-set.js';
export { mergeObjects, mergeValues } from './managedfields/merge.js';
export { replicasPathOf, type ResourcePathMappings, ScaleHandler } from './managedfields/scale-handler.js';
export { type Comparison, compareTyped, jsonEqual } from './managedfields/compare.js';
export { ensureNamedFieldsAreMembers, removeItems } from './managedfields/remove.js';
export { type ManagedFieldSets, Updater, type VersionedSet } from './managedfields/updater.js';
export { ApplyConflicts, type Conflict, newConflictError, printManager } from './managedfields/conflict.js';
export {
  decodeManagedFields,
  emptyManaged,
  encodeManagedFields,
  type Managed,
  ManagedFieldsError,
  type ManagerInfo,
  managerIdentifier,
} from './managedfields/managed.js';
export { ANCIENT_CHANGES_MANAGER, capUpdateManagers, STRIPPED_FIELDS, stripMetaFields } from './managedfields/managers.js';
export { BEFORE_FIRST_APPLY_MANAGER, FieldManager, type FieldManagerOptions } from './managedfields/field-manager.js';
export {
  ApplyConfigurationError,
  type DecodedApplyConfiguration,
  decodeApplyConfiguration,
  decodeApplyConfigurationAsync,
  duplicateKeyProblem,
} from './managedfields/apply-configuration.js';
export {
  allowedConflictsFromLastApplied,
  LAST_APPLIED_CONFIG_ANNOTATION,
  LAST_APPLIED_MANAGER,
  updateLastApplied,
} from './managedfields/last-applied.js';
export { goSyntaxJSON } from './serializer/go-syntax.js';
