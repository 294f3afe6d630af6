/**
 * The objects a custom resource embeds (`x-kubernetes-embedded-resource`), as apiextensions-apiserver's `objectmeta`
 * package treats them:
 * - **coercion** (`Coerce`, when a request body is decoded; a problem is the 400 of a body that cannot be handled):
 *   `apiVersion` and `kind` must be strings and `metadata` must decode as ObjectMeta, which is then written back as
 *   Go writes it (zero values left out, no `creationTimestamp: null`);
 * - **validation** (`Validate`, in the strategy, after the schema and before list uniqueness): `apiVersion` and `kind`
 *   are required, `apiVersion` a group-version, `kind` a DNS-1035 label in any case, and the metadata valid
 *   ObjectMeta with path-segment names (a missing name is no error).
 *
 * @module
 */
import { type ApiObjectMeta, invalidGoRendered, validateObjectMeta } from '@apiserver/registry';
import {
  decodeAsGo,
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldRequired,
  goNumberProblem,
  goSyntaxJSON,
  isDNS1035Label,
  ObjectMetaSchema,
  parseGroupVersion,
  validatePathSegmentName,
} from '@apiserver/runtime';
import Value from 'typebox/value';
import { isJSONObject } from '../json-value.js';
import type { Structural } from '../structural-schema.js';
import { pathBelow } from './list-type-validation.js';

type JSONObject = Record<string, unknown>;

/** A value of the wrong type, printed as Go prints it (`%#v` of what JSON decoded into). */
function invalid(path: FieldPath, value: unknown, detail: string): FieldError {
  return typeof value === 'object' && value !== null ? invalidGoRendered(path, value, goSyntaxJSON(value), detail) : fieldInvalid(path, value, detail);
}

/**
 * Embedded `metadata` decoded as Go decodes it into ObjectMeta (`GetObjectMeta`): nulls are zero values; a value of
 * the wrong type is the first problem (worded as this server words decode problems, not as Go's JSON decoder).
 */
export function decodeObjectMeta(metadata: unknown): { metadata: ApiObjectMeta; problem?: string } {
  const decoded = decodeAsGo(ObjectMetaSchema, metadata) as ApiObjectMeta;
  const first = [...Value.Errors(ObjectMetaSchema, decoded)][0];
  const problem = first === undefined ? goNumberProblem(ObjectMetaSchema, decoded) : `metadata${first.instancePath}: ${first.message}`;
  return problem === undefined ? { metadata: decoded } : { metadata: decoded, problem };
}

/** Whether Go's `omitempty` leaves a decoded ObjectMeta field out (`creationTimestamp`'s zero is removed too). */
function isGoZero(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJSONObject(value) && Object.keys(value).length === 0;
}

/** `SetObjectMeta` after a good decode: the decoded metadata without the fields Go leaves out. */
function goWrittenMeta(metadata: ApiObjectMeta): JSONObject {
  return Object.fromEntries(Object.entries(metadata).filter(([, v]) => !isGoZero(v)));
}

/** Where a walk of embedded resources starts: the path of the value, and whether the value itself is a resource. */
export interface EmbeddedResourceWalk {
  /** The value's path (none for a custom resource's root). */
  readonly path?: FieldPath;
  /** The value is a resource itself (`isResourceRoot`), whatever its schema says; a custom resource's root is not walked. */
  readonly isResourceRoot?: boolean;
}

/** Each embedded resource in `x` with its path: those below `s`, and `x` itself when it is one (see {@link EmbeddedResourceWalk}). */
function* embeddedResources(path: FieldPath | undefined, s: Structural | undefined, x: unknown, isResourceRoot = false): Generator<{ path: FieldPath | undefined; obj: JSONObject }> {
  if (s === undefined) return;
  if (Array.isArray(x)) {
    for (const [i, item] of x.entries()) yield* embeddedResources(path === undefined ? undefined : path.index(i), s.items, item);
    return;
  }
  if (!isJSONObject(x)) return;
  if (isResourceRoot || (s.extensions.xEmbeddedResource && path !== undefined)) yield { path, obj: x };
  const additional = s.generic.additionalProperties?.structural;
  for (const [k, v] of Object.entries(x)) {
    const property = s.properties?.get(k);
    if (property !== undefined) yield* embeddedResources(pathBelow(path, k, false), property, v);
    else if (additional !== undefined) yield* embeddedResources(pathBelow(path, k, true), additional, v);
  }
}

/** A problem `Coerce` stops at, as the field error it is (its message is the error's text). */
export class EmbeddedResourceError extends Error {
  constructor(readonly fieldError: FieldError) {
    super(fieldError.toString());
    this.name = 'EmbeddedResourceError';
  }
}

/**
 * `Coerce` of a decoded custom resource (not its root, which the request decoder handles): throws the first problem
 * of an embedded resource as an {@link EmbeddedResourceError} (`spec.template.apiVersion: Invalid value: 1: must be a
 * string`); rewrites each embedded `metadata` as Go writes it back. With `dropInvalid` (the storage coercer's
 * `dropInvalidMetadata`, for objects that admission changed) a non-string `apiVersion` or `kind` is dropped and
 * undecodable metadata passed through, for validation to report. Changes `obj` in place.
 */
export function coerceEmbeddedResources(s: Structural | undefined, obj: JSONObject, dropInvalid = false, from: EmbeddedResourceWalk = {}): void {
  for (const { path: at, obj: embedded } of embeddedResources(from.path, s, obj, from.isResourceRoot)) {
    for (const key of ['apiVersion', 'kind'] as const) {
      const value = embedded[key];
      if (value === undefined || typeof value === 'string') continue;
      if (!dropInvalid) throw new EmbeddedResourceError(invalid(pathBelow(at, key, false), value, 'must be a string'));
      Reflect.deleteProperty(embedded, key);
    }
    if (!Object.hasOwn(embedded, 'metadata')) continue;
    const { metadata, problem } = decodeObjectMeta(embedded.metadata);
    if (problem === undefined) embedded.metadata = goWrittenMeta(metadata);
    else if (!dropInvalid) throw new EmbeddedResourceError(invalid(pathBelow(at, 'metadata', false), embedded.metadata, problem));
  }
}

/** What `schema.ParseGroupVersion` says of `apiVersion`, if it refuses it. */
function groupVersionProblem(apiVersion: string): string | undefined {
  try {
    parseGroupVersion(apiVersion);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function typeMetaErrors(path: FieldPath | undefined, x: JSONObject): FieldError[] {
  const errs: FieldError[] = [];
  if (!Object.hasOwn(x, 'apiVersion')) errs.push(fieldRequired(pathBelow(path, 'apiVersion', false), ''));
  if (!Object.hasOwn(x, 'kind')) errs.push(fieldRequired(pathBelow(path, 'kind', false), ''));
  const { apiVersion, kind } = x;
  if (apiVersion !== undefined) {
    if (typeof apiVersion !== 'string') errs.push(invalid(pathBelow(path, 'apiVersion', false), apiVersion, 'must be a string'));
    else if (apiVersion === '') errs.push(fieldInvalid(pathBelow(path, 'apiVersion', false), apiVersion, 'must not be empty'));
    else {
      const problem = groupVersionProblem(apiVersion);
      if (problem !== undefined) errs.push(fieldInvalid(pathBelow(path, 'apiVersion', false), apiVersion, problem));
    }
  }
  if (kind !== undefined) {
    if (typeof kind !== 'string') errs.push(invalid(pathBelow(path, 'kind', false), kind, 'must be a string'));
    else if (kind === '') errs.push(fieldInvalid(pathBelow(path, 'kind', false), kind, 'must not be empty'));
    else {
      const problems = isDNS1035Label(kind.toLowerCase());
      if (problems.length > 0) errs.push(fieldInvalid(pathBelow(path, 'kind', false), kind, `may have mixed case, but should otherwise match: ${problems.join(',')}`));
    }
  }
  return errs;
}

function metadataErrors(path: FieldPath | undefined, x: JSONObject): FieldError[] {
  if (!Object.hasOwn(x, 'metadata')) return [];
  const { metadata, problem } = decodeObjectMeta(x.metadata);
  if (problem !== undefined) return [invalid(pathBelow(path, 'metadata', false), x.metadata, problem)];
  // A name is not required of an embedded resource: upstream validates a stand-in one.
  const meta = (metadata.name ?? '') === '' ? { ...metadata, name: 'fakename' } : metadata;
  return validateObjectMeta(meta, (meta.namespace ?? '') !== '', validatePathSegmentName, pathBelow(path, 'metadata', false));
}

/** `objectmeta.Validate` of a custom resource (not its root): the errors of each embedded resource. */
export function validateEmbeddedResources(s: Structural | undefined, obj: unknown, from: EmbeddedResourceWalk = {}): FieldError[] {
  const errs: FieldError[] = [];
  for (const { path: at, obj: embedded } of embeddedResources(from.path, s, obj, from.isResourceRoot)) errs.push(...typeMetaErrors(at, embedded), ...metadataErrors(at, embedded));
  return errs;
}
