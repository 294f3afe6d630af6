/**
 * The `apiextensions.k8s.io/v1` ConversionReview a conversion webhook receives and answers, and the checks
 * kube-apiserver makes of the answer (`webhook_converter.go`): the review's kind and uid, `result.status`
 * Success, and for each converted object the same kind, name, namespace and uid, with only labels and
 * annotations taken from the webhook (`restoreObjectMeta`: every other metadata field is the original's).
 *
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { aggregateFieldErrors, type FieldError, fieldInvalid, goQuote, isQualifiedName, newPath, validateAnnotationsSize, validateLabels } from '@apiserver/runtime';
import { isJSONObject } from '../json-value.js';

/** The one ConversionReview version this server sends. */
export const CONVERSION_REVIEW_API_VERSION = 'apiextensions.k8s.io/v1';

/** The request half (`ConversionRequest`). */
export interface ConversionRequest {
  /** Identifies this call; the answer must echo it. */
  readonly uid: string;
  /** `<group>/<version>` the objects are to be converted to. */
  readonly desiredAPIVersion: string;
  /** The objects to convert. */
  readonly objects: readonly ApiObject[];
}

/** The response half (`ConversionResponse`). */
export interface ConversionResponse {
  /** The request's uid. */
  readonly uid?: unknown;
  /** The converted objects, in request order. */
  readonly convertedObjects?: unknown;
  /** `status: Success`, or a failure with a message. */
  readonly result?: { readonly status?: unknown; readonly message?: unknown };
}

/** A ConversionReview. */
export interface ConversionReview {
  /** `apiextensions.k8s.io/v1`. */
  readonly apiVersion: string;
  /** `ConversionReview`. */
  readonly kind: string;
  /** Set by the API server. */
  readonly request?: ConversionRequest;
  /** Set by the webhook. */
  readonly response?: ConversionResponse;
}

/** Builds the review sent to a webhook (with the empty response upstream's request carries). */
export function newConversionReview(uid: string, desiredAPIVersion: string, objects: readonly ApiObject[]): ConversionReview {
  return {
    apiVersion: CONVERSION_REVIEW_API_VERSION,
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion, objects },
    response: { uid: '', convertedObjects: null, result: { metadata: {} } as ConversionResponse['result'] },
  };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Go's `GroupVersionKind.String()` of an apiVersion and kind: `<group>/<version>, Kind=<kind>`. */
export function gvkString(apiVersion: string, kind: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? `/${apiVersion}, Kind=${kind}` : `${apiVersion}, Kind=${kind}`;
}

/**
 * The converted objects of a webhook's answer (`getConvertedObjectsFromResponse` for v1); throws with upstream's
 * words when the answer is not a v1 ConversionReview, has no response, echoes another uid or did not succeed.
 */
export function convertedObjectsOf(review: Record<string, unknown>, expectedUID: string): unknown[] {
  const apiVersion = str(review.apiVersion);
  const kind = str(review.kind);
  if (apiVersion !== CONVERSION_REVIEW_API_VERSION || kind !== 'ConversionReview') {
    throw new Error(`expected webhook response of ${gvkString(CONVERSION_REVIEW_API_VERSION, 'ConversionReview')}, got ${gvkString(apiVersion, kind)}`);
  }
  const response = review.response;
  if (!isJSONObject(response)) throw new Error('no response provided');
  if (str(response.uid) !== expectedUID) throw new Error(`expected response.uid=${goQuote(expectedUID)}, got ${goQuote(str(response.uid))}`);
  const result = isJSONObject(response.result) ? response.result : {};
  if (result.status !== 'Success') {
    const message = str(result.message);
    if (message !== '') throw new Error(message);
    throw new Error(`response.result.status was '${str(result.status)}', not 'Success'`);
  }
  return Array.isArray(response.convertedObjects) ? response.convertedObjects : [];
}

/** `validateConvertedObject`: kind, name, namespace and uid must not change. */
export function validateConvertedObject(original: ApiObject, converted: ApiObject): void {
  const pairs: [string, string, string][] = [
    ['kind', str(original.kind), str(converted.kind)],
    ['name', str(original.metadata?.name), str(converted.metadata?.name)],
    ['namespace', str(original.metadata?.namespace), str(converted.metadata?.namespace)],
    ['UID', str(original.metadata?.uid), str(converted.metadata?.uid)],
  ];
  for (const [what, want, got] of pairs) if (want !== got) throw new Error(`must have the same ${what}: ${want} != ${got}`);
}

/** `ValidateAnnotations`: each key a qualified name (checked lower-cased), and the total size limit. */
function validateAnnotations(annotations: Record<string, string>): FieldError[] {
  const path = newPath('metadata', 'annotation');
  const errs = Object.keys(annotations).flatMap((k) => isQualifiedName(k.toLowerCase()).map((msg) => fieldInvalid(path, k, msg)));
  return [...errs, ...validateAnnotationsSize(annotations, path)];
}

function sameStrings(a: Record<string, unknown> | undefined, b: Record<string, unknown>): boolean {
  const left = a ?? {};
  return Object.keys(left).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => left[k] === v);
}

/** Takes `labels` or `annotations` from the webhook's metadata into `meta`, validated when they changed. */
function takeStringMap(field: 'labels' | 'annotations', answer: Record<string, unknown>, meta: Record<string, unknown>): void {
  const value = answer[field];
  if (value === undefined || value === null) {
    delete meta[field];
    return;
  }
  if (!isJSONObject(value)) throw new Error(`invalid metadata.${field} of type ${goTypeName(value)} in converted object`);
  const before = meta[field];
  if (before !== undefined && before !== null && !isJSONObject(before)) throw new Error(`invalid metadata.${field} of type ${goTypeName(before)} in original object`);
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new Error(`metadata.${field}[${k}] must be a string, but is ${goTypeName(v)} in converted object`);
  }
  const strings = value as Record<string, string>;
  if (!sameStrings(before as Record<string, unknown> | undefined, strings)) {
    const errs = field === 'labels' ? validateLabels(strings) : validateAnnotations(strings);
    const message = aggregateFieldErrors(errs);
    if (message !== undefined) throw new Error(message);
  }
  meta[field] = value;
}

/** The Go type a decoded JSON value has, as `%T` prints it. */
function goTypeName(v: unknown): string {
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (isJSONObject(v)) return 'map[string]interface {}';
  return '<nil>';
}

/**
 * `restoreObjectMeta`: the converted object with the original's metadata, except labels and annotations, which are
 * the webhook's (validated when they differ from the original's).
 */
export function restoreObjectMeta(original: ApiObject, converted: Record<string, unknown>): ApiObject {
  const answer = converted.metadata;
  if (answer === undefined) throw new Error('missing metadata in converted object');
  if (!isJSONObject(answer)) throw new Error(`invalid metadata of type ${goTypeName(answer)} in converted object`);
  const meta = structuredClone(original.metadata ?? {}) as Record<string, unknown>;
  takeStringMap('labels', answer, meta);
  takeStringMap('annotations', answer, meta);
  return { ...converted, metadata: meta } as ApiObject;
}
