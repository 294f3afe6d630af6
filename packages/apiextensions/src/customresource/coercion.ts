/**
 * What happens to a custom resource between the decoder and the store (the crdHandler's
 * unstructured schema coercer and defaulter): unknown fields are pruned and reported by
 * `fieldValidation` (Strict → 400, Warn → warnings) and defaults are applied, in the served version
 * (the storage converts to and from the storage version).
 *
 * @module
 */
import type { ApiObject, RequestContext, UpdatedObjectInfo } from '@apiserver/registry';
import { decodeAsGo, goNumberProblem, newBadRequest, ObjectMetaSchema, propertiesOf } from '@apiserver/runtime';
import Value from 'typebox/value';
import { applyDefaults, pruneNonNullableNullsWithoutDefaults } from '../defaulting.js';
import { prune, unknownFieldMessage } from '../pruning.js';
import type { Structural } from '../structural-schema.js';

/** Drops the top-level fields ObjectMeta does not have (upstream decodes metadata into ObjectMeta), with their paths. */
function pruneMetadata(obj: ApiObject): { obj: ApiObject; paths: string[] } {
  const known = propertiesOf(ObjectMetaSchema) ?? {};
  const unknown = Object.keys(obj.metadata).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length === 0) return { obj, paths: [] };
  const metadata = { ...obj.metadata };
  for (const key of unknown) Reflect.deleteProperty(metadata, key);
  return { obj: { ...obj, metadata }, paths: unknown.map((key) => `metadata.${key}`) };
}

/**
 * `metadata` as Go decodes it into ObjectMeta: JSON nulls become Go's zero values, and a value of the wrong JSON type
 * (a label that is not a string, a generation past int64) is Go's decode error, the first one found.
 */
function decodeMetadata(obj: ApiObject): { obj: ApiObject; problem?: string } {
  const metadata = decodeAsGo(ObjectMetaSchema, obj.metadata) as ApiObject['metadata'];
  const first = [...Value.Errors(ObjectMetaSchema, metadata)][0];
  const problem = first === undefined ? goNumberProblem(ObjectMetaSchema, metadata) : `metadata${first.instancePath}: ${first.message}`;
  return problem === undefined ? { obj: { ...obj, metadata } } : { obj, problem };
}

/** The facts of one served version of a custom resource. */
export interface CustomResourceVersion {
  /** The API group. */
  readonly group: string;
  /** The version served. */
  readonly version: string;
  /** The kind. */
  readonly kind: string;
  /** The served version's structural schema. */
  readonly schema: Structural | undefined;
}

/** Prunes, defaults and converts custom resources of one served version. */
export class CustomResourceCoercer {
  readonly #v: CustomResourceVersion;

  /** Creates the coercer of a served version. */
  constructor(version: CustomResourceVersion) {
    this.#v = version;
  }

  /** `<group>/<version>` of the served version. */
  get apiVersion(): string {
    return `${this.#v.group}/${this.#v.version}`;
  }

  /** Prunes unknown fields (reporting them per `fieldValidation`), applies defaults, and sets the served apiVersion. */
  coerce(ctx: RequestContext, obj: ApiObject, fieldValidation: string | undefined): ApiObject {
    const { schema, kind, version } = this.#v;
    const meta = pruneMetadata(obj);
    const decoded = decodeMetadata(meta.obj);
    if (decoded.problem !== undefined) throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${decoded.problem}`);
    meta.obj = decoded.obj;
    const { pruned, prunedPaths } = schema === undefined ? { pruned: meta.obj, prunedPaths: [] } : prune(meta.obj, schema, { isResourceRoot: true });
    const unknown = [...meta.paths, ...prunedPaths].sort();
    if (unknown.length > 0 && fieldValidation === 'Strict') {
      const detail = unknown.map(unknownFieldMessage).join(', ');
      throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: strict decoding error: ${detail}`);
    }
    if (fieldValidation !== 'Ignore') for (const p of unknown) ctx.addWarning?.(unknownFieldMessage(p));
    const out = schema === undefined ? pruned : applyDefaults(pruneNonNullableNullsWithoutDefaults(pruned, schema), schema);
    return { ...out, apiVersion: this.apiVersion };
  }

  /** Wraps an update so the new object is coerced (the old one, a copy, is already in the served version). */
  wrapUpdate(objInfo: UpdatedObjectInfo, fieldValidation: string | undefined): UpdatedObjectInfo {
    return {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (ctx, old) => {
        const updated = await objInfo.updatedObject(ctx, old === undefined ? undefined : structuredClone(old));
        return this.coerce(ctx, updated, fieldValidation);
      },
    };
  }
}
