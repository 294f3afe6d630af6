/**
 * The custom resource strategy (`pkg/registry/customresource/strategy.go`): status kept from the old
 * object when the status subresource is enabled, generation tracked, values validated against the
 * version's structural schema, and the scale replicas checked.
 *
 * @module
 */
import { type ApiObject, GenericStrategy, StatusStrategy } from '@apiserver/registry';
import { type FieldError, FieldErrorType, fieldInvalid, newPath } from '@apiserver/runtime';
import { CELValidator } from '../cel/validator.js';
import type { CustomResourceSubresources } from '../apis/types.js';
import type { Structural } from '../structural-schema.js';
import { validateCustomResource, validateCustomResourceUpdate } from '../validate-value.js';
import { valueAtJSONPath } from './json-path.js';
import { validateEmbeddedResources } from './embedded-resources.js';
import { validateListSetsAndMaps, validateListSetsAndMapsUpdate } from './list-type-validation.js';

/** What the strategy of one CRD version needs. */
export interface CustomResourceStrategyOptions {
  /** Whether the custom resources are namespaced. */
  readonly namespaced: boolean;
  /** The version's structural schema (absent: no value validation). */
  readonly schema: Structural | undefined;
  /** The version's subresources. */
  readonly subresources: CustomResourceSubresources | undefined;
}

function replicasErrors(obj: ApiObject, jsonPath: string | undefined): FieldError[] {
  if (jsonPath === undefined) return [];
  const value = valueAtJSONPath(obj, jsonPath);
  if (value === undefined) return [];
  const path = newPath(jsonPath.slice(1));
  if (!Number.isInteger(value)) return [fieldInvalid(path, value, 'should be an integer')];
  if ((value as number) < 0) return [fieldInvalid(path, value, 'should be a non-negative integer')];
  if ((value as number) > 2147483647) return [fieldInvalid(path, value, 'should be less than or equal to 2147483647')];
  return [];
}

/** Schema errors that stop CEL rules from running (`hasBlockingErr`): the value is not of its schema's shape. */
const BLOCKING: ReadonlySet<string> = new Set([
  FieldErrorType.NotSupported,
  FieldErrorType.Required,
  FieldErrorType.TooLong,
  FieldErrorType.TooMany,
  FieldErrorType.TypeInvalid,
]);

/** What CEL rule validation needs besides the object: the version's validator, the old object on update, a warning sink. */
export interface CustomResourceRulesContext {
  readonly validator: CELValidator | undefined;
  readonly old?: ApiObject;
  /** Receives ratcheted rule failures (`Warning` headers). */
  readonly warn?: (text: string) => void;
}

function celErrors(rules: CustomResourceRulesContext | undefined, errs: readonly FieldError[], obj: ApiObject): FieldError[] {
  const validator = rules?.validator;
  if (validator === undefined) return [];
  if (errs.some((e) => BLOCKING.has(e.type))) {
    return [fieldInvalid(undefined, 'null', 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation')];
  }
  return validator.validate(undefined, obj, rules?.old, rules?.warn === undefined ? {} : { warn: rules.warn });
}

/**
 * Validates a custom resource against its schema, scale paths, its embedded resources, the uniqueness of its set and map lists and (given the version's
 * {@link CELValidator}) its `x-kubernetes-validations` rules, with the old object on update.
 */
export function validateCustomResourceObject(
  options: CustomResourceStrategyOptions,
  obj: ApiObject,
  rules?: CustomResourceRulesContext,
): FieldError[] {
  const scale = options.subresources?.scale;
  const old = rules?.old;
  const errs = [
    ...schemaErrors(options.schema, obj, old),
    ...replicasErrors(obj, scale?.specReplicasPath),
    ...replicasErrors(obj, scale?.statusReplicasPath),
    ...validateEmbeddedResources(options.schema, obj),
    ...(old === undefined ? validateListSetsAndMaps(options.schema, obj) : validateListSetsAndMapsUpdate(options.schema, obj, old)),
  ];
  return [...errs, ...celErrors(rules, errs, obj)];
}

/** The OpenAPI validation of the object; on update with ratcheting (`ValidateCustomResourceUpdate`). */
function schemaErrors(schema: Structural | undefined, obj: ApiObject, old: ApiObject | undefined): FieldError[] {
  if (schema === undefined) return [];
  return old === undefined ? validateCustomResource(schema, obj) : validateCustomResourceUpdate(schema, obj, old);
}

/** The CEL validator of the version's schema, compiled once per strategy. */
function celValidatorOf(options: CustomResourceStrategyOptions): CELValidator | undefined {
  return options.schema === undefined ? undefined : CELValidator.forSchema(options.schema);
}

/** The strategy of a custom resource version. */
export function newCustomResourceStrategy(options: CustomResourceStrategyOptions): GenericStrategy {
  const validator = celValidatorOf(options);
  return new GenericStrategy({
    namespaceScoped: options.namespaced,
    trackGeneration: true,
    ...(options.subresources?.status === undefined ? {} : { statusField: 'status' }),
    validate: (_ctx, obj) => validateCustomResourceObject(options, obj, { validator }),
    validateUpdate: (ctx, obj, old) => validateCustomResourceObject(options, obj, { validator, old, warn: (w) => ctx.addWarning?.(w) }),
  });
}

/** The strategy of `<plural>/status`. */
export function newCustomResourceStatusStrategy(base: GenericStrategy, options: CustomResourceStrategyOptions): StatusStrategy {
  const validator = celValidatorOf(options);
  return new StatusStrategy(base, {
    validate: (ctx, obj, old) => validateCustomResourceObject(options, obj, { validator, old, warn: (w) => ctx.addWarning?.(w) }),
  });
}
