/**
 * Structural OpenAPI v3 schemas for custom resources, as k8s.io/apiextensions-apiserver runs
 * them: convert a CRD version's `openAPIV3Schema` to a {@link Structural} schema, check that it
 * is structural, then prune, default and validate custom resources against it.
 *
 * @example
 * ```ts
 * import { applyDefaults, newStructural, prune, validateCustomResource, validateStructural } from '@apiserver/apiextensions';
 *
 * const schema = newStructural({
 *   type: 'object',
 *   properties: {
 *     spec: {
 *       type: 'object',
 *       required: ['image'],
 *       properties: { image: { type: 'string' }, replicas: { type: 'integer', minimum: 1, default: 1 } },
 *     },
 *   },
 * });
 * if (validateStructural(schema).length > 0) throw new Error('not structural');
 * const { pruned, prunedPaths } = prune({ apiVersion: 'example.com/v1', kind: 'Web', spec: { image: 'nginx', foo: 1 } }, schema);
 * const obj = applyDefaults(pruned, schema);           // spec.replicas = 1
 * const errors = validateCustomResource(schema, obj);  // []
 * console.log(prunedPaths, obj, errors.map(String));   // [ 'spec.foo' ] …
 * ```
 *
 * The apiextensions-apiserver is {@link createAPIExtensionsServer}: a GenericAPIServer serving
 * `apiextensions.k8s.io/v1` CustomResourceDefinitions whose custom resources are served, validated,
 * pruned and defaulted as soon as the CRD is established, in front of a delegate.
 *
 * @module
 */
export {
  applyDefaults,
  pruneNonNullableNullsWithoutDefaults,
} from './defaulting.js';
export { checkFormat, KNOWN_FORMATS } from './formats.js';
export { deepCopyJSON, isJSONObject, type JSONObject, jsonEqual, jsonTypeOf } from './json-value.js';
export { type PruneOptions, type PruneResult, prune, unknownFieldMessage } from './pruning.js';
export {
  type Extensions,
  type Generic,
  type JSONSchemaProps,
  type NestedValueValidation,
  newStructural,
  type Structural,
  StructuralSchemaError,
  type StructuralOrBool,
  type ValueValidation,
} from './structural-schema.js';
export { isZeroValueValidation, validateStructural } from './structural-validation.js';
export { validateCustomResource, validateCustomResourceUpdate } from './validate-value.js';
export {
  compileGoRegexp,
  type GoRegexp,
  REGEXP_CACHE_INSTRUCTIONS,
  REGEXP_CACHE_SIZE,
  RegexpSyntaxError,
} from './regexp/go-regexp.js';
export { CELValidator, type ValidateOptions } from './cel/validator.js';
export { type CelProgram, type CompiledRule, compileRules, planMetered, ruleEnv } from './cel/compilation.js';
export {
  COST_LIMIT_EXCEEDED,
  type Metered,
  OUT_OF_BUDGET,
  PER_CALL_LIMIT,
  RUNTIME_CEL_COST_BUDGET,
  RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS,
  runMetered,
} from './cel/runtime-cost.js';
export { AuthorizationChecks, type CheckDecision, evaluateWithChecks } from './cel/authorization-checks.js';
export { AUTHZ_CHECK_COST } from './cel/library/cost.js';
export type { ResourceCheckFields } from './cel/library/authz.js';
export { admissionEnv, authorizerBindings } from './cel/admission-env.js';
export { celTypeName, type SchemaCelType, schemaCelType } from './cel/schema-type.js';
export { type OpenAPIObject, openAPISchemaCelType } from './cel/openapi-schema-type.js';
export { toCelValue } from './cel/values.js';
export { type FieldPathOptions, type FieldPathResult, validFieldPath } from './cel/field-path.js';
export { versionsWithUnchangedSchemas } from './cel/crd-rules.js';
export type { CostEstimateResult } from './cel/cost/estimator.js';
export { estimateRuleCost } from './cel/cost/rule-cost.js';
export { type DeclKind, type DeclType, declType, MAX_REQUEST_SIZE_BYTES, maxCardinality } from './cel/cost/decl-type.js';
export { costErrorMessage, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT } from './cel/cost/crd-cost.js';
export { type ValidationRule, ruleMessageOrDefault } from './cel/validation-rule.js';
export { celLibraries } from './cel/library/index.js';
export {
  ADMISSION_REQUEST_TYPE,
  type AdmissionBindings,
  type AdmissionEvaluation,
  admissionExpressionIssues,
  type AdmissionExpressionResult,
  type AdmissionVariableDeclarations,
  admissionVariableDeclarations,
  AUTHORIZER_DECLARATIONS,
  celFailureValue,
  celValueTypeName,
  type CompiledAdmissionExpression,
  compileAdmissionExpression,
  compositedVariablesType,
  jsonToCelValue,
  NAMESPACE_OBJECT_TYPE,
  type OptionalVariableDeclarations,
  optionalVariableDeclarations,
} from './cel/admission-expression.js';
export { type AdmissionVariable, type ComposedAdmissionVariables, composeAdmissionVariables } from './cel/admission-variables.js';
export { CEL_RESERVED_WORDS } from './cel/escaping.js';
export {
  APIEXTENSIONS_GROUP,
  CUSTOM_RESOURCE_CLEANUP_FINALIZER,
  type CustomResourceColumnDefinition,
  type CustomResourceConversion,
  type CustomResourceDefinition,
  type CustomResourceDefinitionCondition,
  type CustomResourceDefinitionNames,
  type CustomResourceDefinitionSpec,
  type CustomResourceDefinitionStatus,
  type CustomResourceDefinitionVersion,
  type CustomResourceSubresourceScale,
  type CustomResourceSubresources,
  type SelectableField,
  type ServiceReference,
  type WebhookClientConfig,
  type WebhookConversion,
} from './apis/types.js';
export {
  addAPIExtensionsV1Kinds,
  CustomResourceDefinitionListSchema,
  CustomResourceDefinitionNamesSchema,
  CustomResourceDefinitionSchema,
} from './apis/schema.js';
export {
  compareKubeAwareVersions,
  defaultedNames,
  findCondition,
  isConditionTrue,
  isTerminating,
  servedVersions,
  setCondition,
  storageVersion,
} from './apis/helpers.js';
export { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from './registry/crd-validation.js';
export {
  API_APPROVAL_CONDITION,
  type APIApprovalState,
  apiApprovalCondition,
  apiApprovalState,
  isProtectedCommunityGroup,
  KUBE_API_APPROVED_ANNOTATION,
  validateAPIApproval,
} from './apis/api-approval.js';
export {
  ACCEPTED_CONVERSION_REVIEW_VERSIONS,
  caBundleProblem,
  type ConversionValidationOptions,
  CREATE_CONVERSION_OPTIONS,
  updateConversionOptions,
  validateCustomResourceConversion,
  validateWebhookService,
  validateWebhookURL,
} from './registry/conversion-validation.js';
export {
  CustomResourceDefinitionStrategy,
  defaultCustomResourceDefinition,
  newCustomResourceDefinitionStatusStrategy,
} from './registry/crd-strategy.js';
export { type CustomResourceDefinitionStorage, newCustomResourceDefinitionStorage } from './registry/crd-storage.js';
export { calculateNames, type NamingResult } from './controllers/naming.js';
export { CRDController, type CRDControllerOptions, desiredStatus } from './controllers/crd-controller.js';
export { CRDInformer } from './controllers/crd-informer.js';
export { deleteCustomResources, removeCleanupFinalizer } from './controllers/finalizer.js';
export { CRDHandler, type CRDHandlerOptions, type NodeHandler, type ServedCustomResource } from './customresource/crd-handler.js';
export { CustomResourceCoercer, type CustomResourceVersion } from './customresource/coercion.js';
export {
  type ConversionWebhookOptions,
  type CRConverter,
  DEFAULT_CONVERSION_WEBHOOK_TIMEOUT_MILLIS,
  newCRConverter,
  nopConverter,
  WebhookConverter,
} from './customresource/cr-converter.js';
export {
  CONVERSION_REVIEW_API_VERSION,
  type ConversionRequest,
  type ConversionResponse,
  type ConversionReview,
  convertedObjectsOf,
  gvkString,
  newConversionReview,
  restoreObjectMeta,
  validateConvertedObject,
} from './customresource/conversion-review.js';
export { genericServerResponseMessage, reviewOfAnswer } from './customresource/webhook-answer.js';
export { ConvertingStorage, type StoredObjectDefaulter } from './customresource/converting-storage.js';
export { CustomResourceStore, type CustomResourceStoreOptions } from './customresource/cr-store.js';
export {
  type CustomResourceRulesContext,
  type CustomResourceStrategyOptions,
  newCustomResourceStatusStrategy,
  newCustomResourceStrategy,
  validateCustomResourceObject,
} from './customresource/cr-strategy.js';
export { CustomResourceScaleREST } from './customresource/scale-rest.js';
export { CustomResourceTableConvertor } from './customresource/printer-columns.js';
export { parseSimpleJSONPath, setAtJSONPath, valueAtJSONPath } from './customresource/json-path.js';
export { type CustomResourceModels, customResourceModels } from './customresource/openapi-schema.js';
export { CUSTOM_RESOURCE_PATCH_TYPES, withCustomResourceModels } from './customresource/route-models.js';
export { newVersionStorage, type VersionStorage } from './customresource/version-storage.js';
export { customResourceFieldType } from './customresource/type-converter.js';
export {
  APIExtensionsServer,
  type APIExtensionsServerOptions,
  createAPIExtensionsServer,
} from './server/apiextensions-server.js';
export { crdDelegationTarget } from './server/crd-delegate.js';
export { TextCodecFactory } from './server/json-codecs.js';
export { CachedRESTOptionsGetter, groupResourcePrefix, type RESTOptions, type RESTOptionsGetter } from './server/rest-options.js';
