/**
 * The custom resource strategy (`pkg/registry/customresource/strategy.go`): status kept from the old
 * object when the status subresource is enabled, generation tracked, values validated against the
 * version's structural schema, and the scale replicas checked.
 *
 * @module
 */
import { type ApiObject, GenericStrategy, StatusStrategy } from '@apiserver/registry';
import { type FieldError, fieldInvalid, newPath } from '@apiserver/runtime';
import type { CustomResourceSubresources } from '../apis/types.js';
import type { Structural } from '../structural-schema.js';
import { validateCustomResource } from '../validate-value.js';
import { valueAtJSONPath } from './json-path.js';

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

/** Validates a custom resource against its schema and scale paths. */
export function validateCustomResourceObject(options: CustomResourceStrategyOptions, obj: ApiObject): FieldError[] {
  const scale = options.subresources?.scale;
  return [
    ...(options.schema === undefined ? [] : validateCustomResource(options.schema, obj)),
    ...replicasErrors(obj, scale?.specReplicasPath),
    ...replicasErrors(obj, scale?.statusReplicasPath),
  ];
}

/** The strategy of a custom resource version. */
export function newCustomResourceStrategy(options: CustomResourceStrategyOptions): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: options.namespaced,
    trackGeneration: true,
    ...(options.subresources?.status === undefined ? {} : { statusField: 'status' }),
    validate: (_ctx, obj) => validateCustomResourceObject(options, obj),
    validateUpdate: (_ctx, obj) => validateCustomResourceObject(options, obj),
  });
}

/** The strategy of `<plural>/status`. */
export function newCustomResourceStatusStrategy(base: GenericStrategy, options: CustomResourceStrategyOptions): StatusStrategy {
  return new StatusStrategy(base, 'status', (_ctx, obj) => validateCustomResourceObject(options, obj));
}
